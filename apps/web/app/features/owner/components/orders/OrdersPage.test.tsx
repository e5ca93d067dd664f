import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { makeOwnerOrder } from './orders-factories';
import { ORDERS_TEXT, OrdersPage } from './OrdersPage';

setupPageTests();

const SLOW = { timeout: 5000 };
const ADDRESS = { city: 'Pune', pincode: '411001', address: '4 Camp Road' };
const installed = (state: 'unassigned' | 'scheduled' | 'in_progress' | 'completed' | 'cancelled') => ({
  state,
  date: state === 'unassigned' || state === 'cancelled' ? null : '2031-03-04',
  electrician: state === 'unassigned' || state === 'cancelled' ? null : 'Farhan Ali',
  completed_at: state === 'completed' ? '2031-03-04T09:00:00.000Z' : null,
});
const switches = (id: string, state: Parameters<typeof installed>[0], patch = {}) =>
  makeOwnerOrder({
    _id: id,
    product: `Switches ${id}`,
    items: [{ id: 'lumos-2', name: `Switches ${id}`, quantity: 3, unit_amount: 999_900 }],
    amount: 2_999_700,
    needs_installation: true,
    address: ADDRESS,
    installation: installed(state),
    ...patch,
  });

const ordersApi = (orders: unknown[]) =>
  fakeApi([
    ({ method, path }) =>
      method === 'GET' && path === '/api/orders'
        ? json(200, { orders, page: 1, page_size: 12, total: orders.length })
        : undefined,
  ]);
const show = (api: ReturnType<typeof fakeApi>) =>
  renderPage(<OrdersPage />, { api, path: '/owner/orders', otherPaths: ['/owner/orders/:id/invoice', '/'] });

describe('Owner → Orders', () => {
  it('shows each order: items, amount, status in words, payment, date and the invoice link', async () => {
    const user = userEvent.setup();
    show(
      ordersApi([
        makeOwnerOrder(),
        makeOwnerOrder({
          _id: 'ord0',
          product: 'HEPA filter',
          items: [{ id: 'filter', name: 'HEPA filter', quantity: 2, unit_amount: 99_900 }],
          status: 'created',
          payment_id: null,
          paid_at: null,
        }),
      ]),
    );
    const card = await screen.findByRole('article', { name: /ISAAC Air Purifier/ }, SLOW);
    expect(card).toHaveTextContent('₹29,999');
    expect(card).toHaveTextContent('Paid');
    expect(card).toHaveTextContent('pay_ABC123');
    expect(card).toHaveTextContent('Ordered on 1 Mar 2031');
    const unpaid = screen.getByRole('article', { name: /HEPA filter × 2/ });
    expect(unpaid).toHaveTextContent('Awaiting payment');
    expect(within(unpaid).queryByRole('link', { name: /Invoice/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: /Invoice/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/owner/orders/ord1/invoice'));
  });

  it('says where each installation stands', async () => {
    show(
      ordersApi([
        switches('a', 'unassigned'),
        switches('b', 'scheduled'),
        switches('c', 'in_progress'),
        switches('d', 'completed'),
        switches('e', 'cancelled', { status: 'refunded', refunded_at: '2031-03-02T10:00:00.000Z' }),
      ]),
    );
    const card = async (id: string) =>
      screen.findByRole('article', { name: new RegExp(`Switches ${id}`) }, SLOW);
    expect(await card('a')).toHaveTextContent('Installation being scheduled');
    expect(await card('a')).toHaveTextContent('4 Camp Road, Pune 411001');
    expect(await card('b')).toHaveTextContent('Installation on 4 Mar 2031 with Farhan Ali');
    expect(await card('c')).toHaveTextContent('Installation in progress');
    expect(await card('d')).toHaveTextContent('Installed on 4 Mar 2031');
    const refunded = await card('e');
    expect(refunded).toHaveTextContent('Cancelled');
    expect(refunded).toHaveTextContent('Refunded');
    expect(within(refunded).getByRole('link', { name: /Invoice/ })).toBeInTheDocument();
  });

  it('shows the empty state with a way to the shop', async () => {
    show(ordersApi([]));
    expect(await screen.findByText(ORDERS_TEXT.empty, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute('href', '/');
  });

  it('shows the loading state, then the error with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    show(
      fakeApi([
        ({ path }) =>
          path === '/api/orders'
            ? fail
              ? json(500, { error: 'internal_error', message: 'boom' })
              : json(200, { orders: [makeOwnerOrder()] })
            : undefined,
      ]),
    );
    expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
    // (after the query's one retry)
    expect(await screen.findByText(ORDERS_TEXT.loadError, undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: /ISAAC Air Purifier/ }, SLOW)).toBeInTheDocument();
  });
});
