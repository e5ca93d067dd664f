// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MSG } from '@isaac/contract';
import { checkoutScriptFailed, orderCreationFailed, paymentErrorMessage } from './payment-errors';

describe('paymentErrorMessage (spec section 8, Payment)', () => {
  it('maps a failed order creation', () => {
    expect(paymentErrorMessage(orderCreationFailed(500))).toBe(MSG.paymentOrderFailed);
    expect(orderCreationFailed(503).message).toBe('Order creation failed: 503');
  });
  it('maps a checkout script that cannot load', () => {
    expect(paymentErrorMessage(checkoutScriptFailed('Razorpay'))).toBe(MSG.paymentScriptFailed);
    expect(paymentErrorMessage(new Error('Failed to load the checkout script'))).toBe(
      MSG.paymentScriptFailed,
    );
  });
  it('maps other errors mentioning 400 to invalid details', () => {
    expect(paymentErrorMessage(new Error('HTTP error! status: 400'))).toBe(MSG.paymentInvalid);
  });
  it('checks in the spec order: order creation first', () => {
    expect(paymentErrorMessage(orderCreationFailed(400))).toBe(MSG.paymentOrderFailed);
  });
  it('falls back to the default for anything else', () => {
    expect(paymentErrorMessage(new TypeError('Failed to fetch'))).toBe(MSG.paymentDefault);
    expect(paymentErrorMessage(undefined)).toBe(MSG.paymentDefault);
    expect(paymentErrorMessage('Failed to load checkout script')).toBe(MSG.paymentScriptFailed);
  });
});
