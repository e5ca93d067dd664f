// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderResponse, VerifyPaymentBody } from '@isaac/contract';
import type { CheckoutFailure, CheckoutOptions } from './checkout';

const createOrder = vi.fn();
const verifyPayment = vi.fn();
const loadCheckout = vi.fn();
const toastError = vi.fn();
vi.mock('./api/create-order', () => ({ createOrder: (...args: unknown[]) => createOrder(...args) }));
vi.mock('./api/verify-payment', () => ({ verifyPayment: (...args: unknown[]) => verifyPayment(...args) }));
vi.mock('./checkout', () => ({ loadCheckout: (...args: unknown[]) => loadCheckout(...args) }));
vi.mock('~/lib/toast', () => ({
  toast: {
    loading: vi.fn(() => 'pending'),
    dismiss: vi.fn(),
    error: (...args: unknown[]) => toastError(...args),
  },
}));

const { buildOrderBody, confirmPayment, startPayment } = await import('./payment-flow');
const { orderCreationFailed } = await import('./payment-errors');

const customer = { name: ' Asha Rao ', email: 'asha@example.com ', phone: '' };
const order: CreateOrderResponse = {
  order_id: 'order_123',
  amount: 8_999_900,
  currency: 'INR',
  key_id: 'rzp_test_sandbox',
  provider: 'sandbox',
  business_name: 'Isaac',
};
const response: VerifyPaymentBody = {
  razorpay_order_id: 'order_123',
  razorpay_payment_id: 'pay_1',
  razorpay_signature: 'sig',
};

class FakeCheckout {
  static last: FakeCheckout | undefined;
  options: CheckoutOptions;
  failed: Array<(failure: CheckoutFailure) => void> = [];
  opened = false;
  constructor(options: CheckoutOptions) {
    this.options = options;
    FakeCheckout.last = this;
  }
  on(_event: 'payment.failed', callback: (failure: CheckoutFailure) => void) {
    this.failed.push(callback);
  }
  open() {
    this.opened = true;
  }
}

beforeEach(() => {
  vi.clearAllMocks();
  FakeCheckout.last = undefined;
});

describe('buildOrderBody', () => {
  it('sends the catalog amount in paise, INR, a receipt and the notes for Buy Now', () => {
    expect(buildOrderBody({ kind: 'item', id: 'isaac-purifier' }, [], customer, 1_700_000_000_000)).toEqual({
      amount: 8_999_900,
      currency: 'INR',
      receipt: 'receipt_1700000000000',
      notes: {
        product: 'ISAAC',
        customer_name: 'Asha Rao',
        customer_email: 'asha@example.com',
        customer_phone: '',
      },
    });
  });
  it('sends cart items with quantities and a cart label', () => {
    const lines = [
      { id: 'hepa-filter', quantity: 2 },
      { id: 'remote-control', quantity: 1 },
    ];
    const body = buildOrderBody({ kind: 'cart' }, lines, customer, 1);
    expect(body.amount).toBe(2 * 129_900 + 29_900);
    expect(body.notes.product).toBe('Cart: 3 items');
    expect(body.items).toEqual(lines);
  });
  it('never prices a quote-only product', () => {
    expect(() => buildOrderBody({ kind: 'item', id: 'smart-surveillance' }, [], customer)).toThrow();
  });
});

describe('startPayment', () => {
  it('opens no checkout when the order cannot be created', async () => {
    createOrder.mockRejectedValue(orderCreationFailed(500));
    const onCheckoutOpen = vi.fn();
    await expect(
      startPayment({
        target: { kind: 'item', id: 'isaac-purifier' },
        lines: [],
        customer,
        onVerified: vi.fn(),
        onCheckoutOpen,
      }),
    ).rejects.toThrow('Order creation failed: 500');
    expect(loadCheckout).not.toHaveBeenCalled();
    expect(onCheckoutOpen).not.toHaveBeenCalled();
  });

  it('opens the provider checkout with the server order, then verifies on the server', async () => {
    createOrder.mockResolvedValue(order);
    loadCheckout.mockResolvedValue(FakeCheckout);
    verifyPayment.mockResolvedValue({
      status: 'paid',
      order_id: 'order_123',
      payment_id: 'pay_1',
      installation: false,
    });
    const onVerified = vi.fn();
    const onCheckoutOpen = vi.fn();
    await startPayment({
      target: { kind: 'item', id: 'isaac-purifier' },
      lines: [],
      customer,
      onVerified,
      onCheckoutOpen,
    });

    expect(loadCheckout).toHaveBeenCalledWith('sandbox');
    const checkout = FakeCheckout.last;
    expect(checkout?.opened).toBe(true);
    expect(onCheckoutOpen).toHaveBeenCalledOnce();
    expect(checkout?.options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 8_999_900,
      currency: 'INR',
      name: 'Isaac',
      order_id: 'order_123',
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '' },
    });

    checkout?.options.handler(response);
    await vi.waitFor(() =>
      expect(onVerified).toHaveBeenCalledWith({
        status: 'paid',
        order_id: 'order_123',
        payment_id: 'pay_1',
        installation: false,
      }),
    );
    expect(verifyPayment).toHaveBeenCalledWith(response);
  });

  it('reports a failed payment and does nothing on dismissal', async () => {
    createOrder.mockResolvedValue(order);
    loadCheckout.mockResolvedValue(FakeCheckout);
    const onVerified = vi.fn();
    await startPayment({
      target: { kind: 'item', id: 'skywalker-sensor' },
      lines: [],
      customer,
      onVerified,
      onCheckoutOpen: vi.fn(),
    });
    const checkout = FakeCheckout.last;
    checkout?.failed.forEach((callback) =>
      callback({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'declined',
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: 'order_123' },
        },
      }),
    );
    expect(toastError).toHaveBeenCalledWith(expect.stringContaining('Payment failed'));
    checkout?.options.modal.ondismiss();
    expect(verifyPayment).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });
});

describe('confirmPayment', () => {
  it('does not count an unverified payment as paid', async () => {
    verifyPayment.mockRejectedValue(new Error('HTTP error! status: 400'));
    const onVerified = vi.fn();
    await confirmPayment(response, 'order_123', onVerified);
    expect(onVerified).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith(expect.stringContaining('order_123'), expect.anything());
  });
});
