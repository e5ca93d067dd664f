// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NEXT_STEPS, paymentSuccessPath, setupKindOf } from './next-steps';

describe('payment-success next steps (issue 30)', () => {
  it('sends a verified payment to the page with how the order is set up', () => {
    expect(paymentSuccessPath({ order_id: 'order_1', installation: false })).toBe(
      '/payment-success?order=order_1&setup=self',
    );
    expect(paymentSuccessPath({ order_id: 'order_2', installation: true })).toBe(
      '/payment-success?order=order_2&setup=visit',
    );
  });

  it('reads the setup from the address; a self-install order never promises a technician', () => {
    expect(setupKindOf(new URLSearchParams('order=o&setup=self'))).toBe('self');
    expect(setupKindOf(new URLSearchParams('order=o&setup=visit'))).toBe('visit');
    expect(setupKindOf(new URLSearchParams('order=o'))).toBe('visit');
    expect(NEXT_STEPS.self.join(' ')).not.toMatch(/technician|schedule a visit/i);
    expect(NEXT_STEPS.self.join(' ')).toMatch(/serial number/);
    expect(NEXT_STEPS.visit.join(' ')).toMatch(/technician/);
  });
});
