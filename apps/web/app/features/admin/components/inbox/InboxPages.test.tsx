import type { ContactMessage, Order } from '@isaac/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { MessagesPage } from './MessagesPage';
import { OrdersPage } from './OrdersPage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function makeOrder(i: number, patch: Partial<Order> = {}): Order {
  return {
    _id: `o${i}`,
    order_id: `order_${i}`,
    receipt: `rcpt_${i}`,
    amount: 2_499_900,
    currency: 'INR',
    status: 'created',
    provider: 'sandbox',
    product: 'ISAAC Air Purifier',
    items: [{ id: 'isaac-purifier', quantity: 2, name: 'ISAAC Air Purifier', unit_amount: 1_249_950 }],
    customer_name: `Buyer ${i}`,
    customer_email: `buyer${i}@example.com`,
    customer_phone: '+91 98450 00000',
    payment_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: null,
    ...patch,
  };
}

function makeMessage(i: number, patch: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: `m${i}`,
    name: `Writer ${i}`,
    email: `writer${i}@example.com`,
    subject: 'technical-support',
    message: `Question number ${i}`,
    created_at: '2026-11-20T10:00:00.000Z',
    handled_at: null,
    handled_by: null,
    ...patch,
  };
}

/** The two admin list APIs in memory behind a fetch mock; lists filter and page like the server. */
function fakeApi(orders: Order[], messages: ContactMessage[]) {
  const calls: { method: string; path: string; search: URLSearchParams; body: unknown }[] = [];
  let failLists = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 20);
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const pageOf = <T,>(key: string, rows: T[]) =>
      json(200, {
        [key]: rows.slice((page - 1) * size, page * size),
        page,
        page_size: size,
        total: rows.length,
      });
    // the Orders screen's panel of payments to refund (issue 29): none here
    if (method === 'GET' && url.pathname === '/api/admin/late-captures') {
      return json(200, { late_captures: [], open: 0 });
    }
    if (method === 'GET' && failLists > 0) {
      failLists -= 1;
      return json(500, { error: 'internal', message: 'Database unavailable' });
    }
    if (method === 'GET' && url.pathname === '/api/admin/orders') {
      const status = url.searchParams.get('status');
      return pageOf(
        'orders',
        orders.filter(
          (o) => (!status || o.status === status) && (!q || o.customer_name.toLowerCase().includes(q)),
        ),
      );
    }
    if (method === 'GET' && url.pathname === '/api/admin/contact-messages') {
      const state = url.searchParams.get('state');
      return pageOf(
        'contact_messages',
        messages.filter(
          (m) =>
            (!state || (state === 'handled') === (m.handled_at !== null)) &&
            (!q || m.message.toLowerCase().includes(q)),
        ),
      );
    }
    const handled = /^\/api\/admin\/contact-messages\/([^/]+)\/handled$/.exec(url.pathname);
    if (handled && method === 'POST') {
      const index = messages.findIndex((m) => m._id === handled[1]);
      const on = (body as { handled: boolean }).handled;
      messages[index] = {
        ...messages[index]!,
        handled_at: on ? '2026-11-24T09:00:00.000Z' : null,
        handled_by: on ? 'Anita Admin' : null,
      };
      return json(200, { contact_message: messages[index] });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
  return { calls, fetchMock, failNextLists: (n: number) => (failLists = n) };
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderAt(
  api: ReturnType<typeof fakeApi>,
  path: string,
  Page: () => React.JSX.Element,
  entry = path,
) {
  vi.stubGlobal('fetch', api.fetchMock);
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <>
          <Page />
          <LocationProbe />
        </>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Stub initialEntries={[entry]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.__ISAAC_CONFIG__ = { apiUrl: 'http://api.test' };
  localStorage.setItem('isaac_auth_token', 'token');
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('OrdersPage', () => {
  it('lists orders with customer, items, amount in rupees, status in words and payment id', async () => {
    renderAt(
      fakeApi(
        [
          makeOrder(1, { status: 'paid', payment_id: 'pay_123', paid_at: '2026-11-20T10:05:00.000Z' }),
          makeOrder(2, { status: 'attempted' }),
        ],
        [],
      ),
      '/admin/orders',
      OrdersPage,
    );
    const table = await screen.findByRole('table');
    const paid = within(table).getByRole('row', { name: /order_1/ });
    expect(within(paid).getByText('Buyer 1')).toBeInTheDocument();
    expect(within(paid).getByText('ISAAC Air Purifier × 2')).toBeInTheDocument();
    expect(within(paid).getByText('₹24,999')).toBeInTheDocument();
    expect(within(paid).getByText('Paid').className).toMatch(/emerald/);
    expect(within(paid).getByText(/Paid on/)).toBeInTheDocument();
    expect(within(paid).getByText('pay_123')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /order_2/ })).getByText('Payment failed'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  it('filters by status in the URL; an empty result offers to clear the filters', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeOrder(1, { status: 'paid' }), makeOrder(2)], []);
    renderAt(api, '/admin/orders', OrdersPage);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'Awaiting payment');
    expect(screen.getByTestId('location')).toHaveTextContent('?status=created');
    await waitFor(() => expect(screen.queryByText('Buyer 1')).not.toBeInTheDocument());
    expect(screen.getByText('1 order found')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('');
  });

  it('shows the load error with Retry, which loads the list', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeOrder(1)], []);
    // the screen retries once on its own (spec section 9), then shows the error
    api.failNextLists(2);
    renderAt(api, '/admin/orders', OrdersPage);
    expect(await screen.findByText('Error loading orders', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
  });
});

describe('OrdersPage sort', () => {
  it('sorts on the server by the column headers: Order by date, Payment by when it was paid', async () => {
    const user = userEvent.setup();
    const api = fakeApi([makeOrder(1), makeOrder(2)], []);
    renderAt(api, '/admin/orders', OrdersPage);
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Order')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Payment')).getByRole('button'));
    expect(screen.getByTestId('location')).toHaveTextContent('?sort=paid_at&order=asc');
    const lists = () => api.calls.filter((c) => c.path === '/api/admin/orders');
    await waitFor(() => expect(lists().at(-1)?.search.get('sort')).toBe('paid_at'));
    await user.click(within(header('Amount')).getByRole('button'));
    await waitFor(() => expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending'));
    expect(lists().at(-1)?.search.toString()).toBe('sort=amount&order=asc&page=1&page_size=20');
    // Items is not a column the server sorts by.
    expect(within(header('Items')).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('MessagesPage', () => {
  it('sorts from the Sort by menu (messages are cards), kept in the URL', async () => {
    const user = userEvent.setup();
    const api = fakeApi([], [makeMessage(1)]);
    renderAt(api, '/admin/messages', MessagesPage);
    await screen.findByText('Question number 1');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Newest first');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name (A–Z)');
    expect(screen.getByTestId('location')).toHaveTextContent('?sort=name&order=asc');
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/api/admin/contact-messages')
          .at(-1)
          ?.search.get('sort'),
      ).toBe('name'),
    );
  });

  it('marks a message handled (who and when), then opens it again', async () => {
    const user = userEvent.setup();
    const api = fakeApi([], [makeMessage(1), makeMessage(2, { subject: 'partnership' })]);
    renderAt(api, '/admin/messages', MessagesPage);
    const card = (await screen.findByRole('article', {
      name: /Writer 1 · Technical Support/,
    })) as HTMLElement;
    expect(within(card).getByText('Question number 1')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Reply/ })).toHaveAttribute(
      'href',
      'mailto:writer1@example.com?subject=Re%3A%20Technical%20Support',
    );
    await user.click(within(card).getByRole('button', { name: /Mark handled/ }));
    expect(await screen.findByText('Message marked handled')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/handled'))?.body).toEqual({
      handled: true,
    });
    expect(await within(card).findByText(/Handled .* by Anita Admin/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /Open again/ }));
    expect(await within(card).findByText('Waiting for an answer')).toBeInTheDocument();
  });

  it('filters open / handled from the URL and searches the text', async () => {
    const user = userEvent.setup();
    const api = fakeApi(
      [],
      [makeMessage(1), makeMessage(2, { handled_at: '2026-11-21T00:00:00.000Z', handled_by: 'A' })],
    );
    renderAt(api, '/admin/messages', MessagesPage, '/admin/messages?state=open');
    expect(await screen.findByText('Question number 1')).toBeInTheDocument();
    expect(screen.queryByText('Question number 2')).not.toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveValue('open');
    await user.selectOptions(screen.getByLabelText('State'), 'All messages');
    expect(await screen.findByText('Question number 2')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'number 2');
    await waitFor(() => expect(screen.queryByText('Question number 1')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('?search=number+2');
  });
});
