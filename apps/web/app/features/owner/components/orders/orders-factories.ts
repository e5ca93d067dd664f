import type { OwnerOrder } from '@isaac/contract';

/** An owner's paid order (no installation) to patch in tests. */
export function makeOwnerOrder(patch: Partial<OwnerOrder> = {}): OwnerOrder {
  return {
    _id: 'ord1',
    order_id: 'order_RZP001',
    receipt: 'rcpt_1001',
    amount: 2_999_900,
    currency: 'INR',
    status: 'paid',
    provider: 'sandbox',
    product: 'ISAAC Air Purifier',
    items: [{ id: 'isaac', name: 'ISAAC Air Purifier', quantity: 1, unit_amount: 2_999_900 }],
    customer_name: 'Meera Iyer',
    customer_email: 'meera@isaac.demo',
    customer_phone: '',
    payment_id: 'pay_ABC123',
    created_at: '2031-03-01T06:30:00.000Z',
    paid_at: '2031-03-01T06:31:00.000Z',
    needs_installation: false,
    address: null,
    installation: null,
    refunded_at: null,
    ...patch,
  };
}
