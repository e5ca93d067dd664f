import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import type { CheckoutInstance, CheckoutOptions } from './checkout';

const fetchSandboxOrder = vi.fn();
const paySandboxOrder = vi.fn();
vi.mock('./api/sandbox', () => ({
  fetchSandboxOrder: (...args: unknown[]) => fetchSandboxOrder(...args),
  paySandboxOrder: (...args: unknown[]) => paySandboxOrder(...args),
}));
const { SandboxCheckout } = await import('./sandbox-checkout');

function options(overrides: Partial<CheckoutOptions> = {}): CheckoutOptions {
  return {
    key: 'rzp_test_sandbox',
    amount: 8_999_900,
    currency: 'INR',
    name: 'Isaac',
    description: 'ISAAC',
    order_id: 'order_abc',
    prefill: { name: 'Asha', email: 'asha@example.com', contact: '' },
    notes: {},
    theme: { color: '#0369a1' },
    handler: vi.fn(),
    modal: { ondismiss: vi.fn() },
    ...overrides,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  fetchSandboxOrder.mockResolvedValue({
    order_id: 'order_abc',
    amount: 8_999_900,
    currency: 'INR',
    description: 'ISAAC',
    status: 'created',
  });
});
/** Every checkout a test opened, closed after it as a page would (a root left open keeps its listeners). */
const opened: CheckoutInstance[] = [];
function checkoutFor(opts: CheckoutOptions): CheckoutInstance {
  const checkout = new SandboxCheckout(opts);
  opened.push(checkout);
  return checkout;
}
afterEach(async () => {
  for (const checkout of opened.splice(0)) checkout.close();
  await waitFor(() => expect(document.querySelector('[data-sandbox-checkout]')).toBeNull());
});

describe('SandboxCheckout (Razorpay Checkout interface)', () => {
  it('shows the business, the amount and the test methods, and pays through the server', async () => {
    const user = userEvent.setup();
    const response = {
      razorpay_order_id: 'order_abc',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    paySandboxOrder.mockResolvedValue(response);
    const opts = options();
    checkoutFor(opts).open();

    const dialog = await screen.findByRole('dialog', { name: 'Isaac' });
    expect(within(dialog).getAllByText('₹89,999').length).toBeGreaterThan(0);
    await user.click(await within(dialog).findByRole('tab', { name: 'UPI' }));
    expect(within(dialog).getByLabelText('UPI ID')).toHaveValue('success@sandbox');
    await user.click(await within(dialog).findByRole('button', { name: 'Pay ₹89,999' }));

    await waitFor(() => expect(opts.handler).toHaveBeenCalledWith(response));
    expect(paySandboxOrder).toHaveBeenCalledWith('order_abc', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opts.modal.ondismiss).not.toHaveBeenCalled();
  });

  it("emits 'payment.failed' on a simulated failure and lets the buyer retry", async () => {
    const user = userEvent.setup();
    paySandboxOrder.mockRejectedValue(
      new ApiError('HTTP error! status: 402', {
        status: 402,
        code: 'payment_failed',
        serverMessage: 'Card declined.',
      }),
    );
    const opts = options();
    const checkout = checkoutFor(opts);
    const failed = vi.fn();
    checkout.on('payment.failed', failed);
    checkout.open();

    await user.click(await screen.findByRole('button', { name: 'Simulate failure' }));
    await waitFor(() => expect(failed).toHaveBeenCalledOnce());
    expect(failed.mock.calls[0]?.[0]).toMatchObject({
      error: { reason: 'payment_failed', description: 'Card declined.', metadata: { order_id: 'order_abc' } },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Card declined.');
    expect(screen.getByRole('button', { name: 'Pay ₹89,999' })).toBeEnabled();
    expect(opts.handler).not.toHaveBeenCalled();
  });

  it('calls ondismiss when closed with the X or Esc', async () => {
    const user = userEvent.setup();
    const first = options();
    checkoutFor(first).open();
    await user.click(await screen.findByRole('button', { name: 'Close payment' }));
    expect(first.modal.ondismiss).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const second = options();
    checkoutFor(second).open();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(second.modal.ondismiss).toHaveBeenCalledOnce();
    expect(second.handler).not.toHaveBeenCalled();
  });
});
