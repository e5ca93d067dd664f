/** Test helpers for the payment suites (imported by *.test.ts only). */

/** A Razorpay `payment.captured` (or `order.paid`) webhook event for an order. */
export function capturedEvent(
  orderId: string,
  paymentId: string,
  amount: number,
  event = 'payment.captured',
) {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
        },
      },
    },
    created_at: 1_700_000_000,
  };
}
