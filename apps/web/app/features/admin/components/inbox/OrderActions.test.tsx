import { LATE_CAPTURE_MSG, ORDER_ACTION_MSG, type LateCapture, type Order } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type Call } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { OrdersPage } from './OrdersPage';

setupPageTests();

function makeOrder(i: number, patch: Partial<Order> = {}): Order {
  return {
    _id: `o${i}`,
    order_id: `order_${i}`,
    receipt: `receipt_${i}`,
    amount: 8_999_900,
    currency: 'INR',
    status: 'created',
    provider: 'sandbox',
    product: 'ISAAC Air Purifier',
    items: [{ id: 'isaac-purifier', quantity: 1, name: 'ISAAC Air Purifier', unit_amount: 8_999_900 }],
    customer_name: `Buyer ${i}`,
    customer_email: `buyer${i}@example.com`,
    customer_phone: '',
    payment_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: null,
    ...patch,
  };
}

/** The admin orders API in memory: the list, and cancel / refund changing an order's status. */
function ordersApi(orders: Order[]) {
  const state = { orders: [...orders] };
  return fakeApi([
    (call: Call) => {
      if (call.method === 'GET' && call.path === '/api/admin/orders') {
        return json(200, { orders: state.orders, page: 1, page_size: 20, total: state.orders.length });
      }
      const action = /^\/api\/admin\/orders\/([^/]+)\/(cancel|refund)$/.exec(call.path);
      if (call.method === 'POST' && action) {
        const index = state.orders.findIndex((order) => order._id === action[1]);
        const status = action[2] === 'cancel' ? 'cancelled' : 'refunded';
        const order = { ...state.orders[index], status } as Order;
        state.orders[index] = order;
        return json(200, {
          message: status === 'cancelled' ? ORDER_ACTION_MSG.cancelled : ORDER_ACTION_MSG.refunded,
          order,
        });
      }
      return undefined;
    },
  ]);
}

const posts = (api: ReturnType<typeof ordersApi>) => api.calls.filter((call) => call.method === 'POST');

describe('admin orders: cancel and refund', () => {
  it('offers Cancel for unpaid orders, Refund for paid ones, nothing for the others', async () => {
    renderPage(<OrdersPage />, {
      api: ordersApi([
        makeOrder(1),
        makeOrder(2, { status: 'attempted' }),
        makeOrder(3, { status: 'paid', payment_id: 'pay_3' }),
        makeOrder(4, { status: 'refunded' }),
        makeOrder(5, { status: 'cancelled' }),
      ]),
    });
    expect(await screen.findByRole('button', { name: 'Cancel order order_1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order order_2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund order order_3' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^(Cancel|Refund) order/ })).toHaveLength(3);
  });

  it('refunds a paid order after confirming, with a toast and the list refetched', async () => {
    const user = userEvent.setup();
    const api = ordersApi([makeOrder(3, { status: 'paid', payment_id: 'pay_3' })]);
    renderPage(<OrdersPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Refund order order_3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order' });
    expect(dialog).toHaveTextContent('Refund ₹89,999 to Buyer 3 for order order_3?');
    // Focus starts on Keep: Enter never refunds by accident.
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText(ORDER_ACTION_MSG.refunded)).toBeInTheDocument();
    expect(posts(api).map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/orders/o3/refund', { reason: '' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(screen.getByRole('region', { name: 'Orders' })).findByText('Refunded'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund order order_3' })).not.toBeInTheDocument();
  });

  it('does nothing when the admin keeps the order', async () => {
    const user = userEvent.setup();
    const api = ordersApi([makeOrder(1)]);
    renderPage(<OrdersPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Cancel order order_1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(api)).toEqual([]);
  });

  it("cancels an unpaid order, and shows the server's refusal in a toast", async () => {
    const user = userEvent.setup();
    const api = ordersApi([makeOrder(1), makeOrder(3, { status: 'paid', payment_id: 'pay_3' })]);
    renderPage(<OrdersPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Cancel order order_1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order' })).getByRole('button', {
        name: 'Cancel Order',
      }),
    );
    expect(await screen.findByText(ORDER_ACTION_MSG.cancelled)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Orders' })).findByText('Cancelled'),
    ).toBeInTheDocument();

    api.setOverride((call) =>
      call.method === 'POST'
        ? json(502, {
            error: 'payment_provider_error',
            message: 'Payment provider error (HTTP 400): The payment has been fully refunded already',
          })
        : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Refund order order_3' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Refund order' })).getByRole('button', {
        name: 'Refund',
      }),
    );
    expect(
      await screen.findByText(
        'Payment provider error (HTTP 400): The payment has been fully refunded already',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund order order_3' })).toBeInTheDocument();
  });
});

describe('admin orders: payments captured after close (issue 29)', () => {
  const capture: LateCapture = {
    _id: 'lc1',
    order_id: 'order_7',
    payment_id: 'pay_late7',
    amount: 8_999_900,
    reason: 'order_closed',
    order_status: 'refunded',
    customer_name: 'Buyer 7',
    customer_email: 'buyer7@example.com',
    captured_at: '2026-11-21T10:00:00.000Z',
    refund_id: null,
    refunded_at: null,
  };

  it('lists a payment captured after its order closed, and refunds it with one click', async () => {
    const user = userEvent.setup();
    const state = { captures: [capture] };
    const api = fakeApi([
      (call: Call) => {
        if (call.method === 'GET' && call.path === '/api/admin/orders') {
          return json(200, { orders: [], page: 1, page_size: 20, total: 0 });
        }
        if (call.method === 'GET' && call.path === '/api/admin/late-captures') {
          const open = state.captures.filter((c) => c.refunded_at === null).length;
          return json(200, { late_captures: state.captures, open });
        }
        if (call.method === 'POST' && call.path === '/api/admin/late-captures/lc1/refund') {
          const refunded = { ...capture, refund_id: 'rfnd_1', refunded_at: '2026-11-21T11:00:00.000Z' };
          state.captures = [refunded];
          return json(200, { message: LATE_CAPTURE_MSG.refunded, late_capture: refunded });
        }
        return undefined;
      },
    ]);
    renderPage(<OrdersPage />, { api });
    const panel = await screen.findByRole('region', { name: 'Payments to refund (1)' });
    expect(panel).toHaveTextContent('Captured after close — refund');
    expect(panel).toHaveTextContent('₹89,999 from Buyer 7');
    expect(panel).toHaveTextContent('pay_late7');
    await user.click(within(panel).getByRole('button', { name: 'Refund ₹89,999 to Buyer 7' }));
    expect(await screen.findByText(LATE_CAPTURE_MSG.refunded)).toBeInTheDocument();
    expect(posts(api).map((call) => call.path)).toEqual(['/api/admin/late-captures/lc1/refund']);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Payments to refund/ })).not.toBeInTheDocument(),
    );
  });
});
