import { QUOTE_MSG, type CreateOrderResponse, type PublicQuote } from '@isaac/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type Call } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { openCheckout } from '../commerce/payment-flow';
import { QuotePage } from './QuotePage';

vi.mock('../commerce/payment-flow', () => ({ openCheckout: vi.fn() }));
const checkout = vi.mocked(openCheckout);

setupPageTests();
beforeEach(() => checkout.mockReset());

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

function makeQuote(patch: Partial<PublicQuote> = {}): PublicQuote {
  return {
    number: 'Q-000042',
    state: 'sent',
    customer_name: 'Meera Iyer',
    customer_email: 'meera@example.com',
    customer_phone: '+91 98450 11111',
    items: [
      { id: 'smart-surveillance', name: 'Smart Surveillance', quantity: 1 },
      { id: 'isaac-purifier', name: 'ISAAC Air Purifier', quantity: 2 },
    ],
    amount: 25_000_000,
    valid_until: '2031-03-04',
    note: 'Four cameras and a year of support.',
    needs_installation: true,
    order_id: null,
    created_at: '2031-02-18T10:00:00.000Z',
    ...patch,
  };
}

const ORDER: CreateOrderResponse = {
  order_id: 'order_Quote0000001',
  amount: 25_000_000,
  currency: 'INR',
  key_id: 'rzp_test_sandbox',
  provider: 'sandbox',
  business_name: 'Isaac',
};

/** The quote link's API: the quote, and its order (or the answer a test sets). */
function quoteApi(quote: PublicQuote | null, order: (call: Call) => Response = () => json(200, ORDER)) {
  return fakeApi([
    (call) => {
      if (call.method === 'GET' && call.path === `/api/quotes/${TOKEN}`) {
        return quote ? json(200, quote) : json(404, { error: 'not_found', message: QUOTE_MSG.notFound });
      }
      if (call.method === 'POST' && call.path === `/api/quotes/${TOKEN}/order`) return order(call);
      return undefined;
    },
  ]);
}

function show(api: ReturnType<typeof quoteApi>) {
  return renderPage(<QuotePage token={TOKEN} />, {
    api,
    path: '/quote/:token',
    url: `/quote/${TOKEN}`,
    otherPaths: ['/payment-success'],
  });
}

const orderCalls = (api: ReturnType<typeof quoteApi>) =>
  api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/order'));

describe('the quote page', () => {
  it('shows the quote, asks for the installation address, and pays the quote through the checkout', async () => {
    const user = userEvent.setup();
    const api = quoteApi(makeQuote());
    show(api);

    expect(await screen.findByRole('heading', { name: 'Quote Q-000042' })).toBeInTheDocument();
    expect(screen.getByText('Prepared for Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText('Smart Surveillance')).toBeInTheDocument();
    expect(screen.getByText('ISAAC Air Purifier')).toBeInTheDocument();
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹2,50,000');
    expect(screen.getByText('4 Mar 2031')).toBeInTheDocument();
    expect(screen.getByText('Four cameras and a year of support.')).toBeInTheDocument();

    // The address is checked with the contract's rules before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,50,000' }));
    expect(screen.getByLabelText(/City/)).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText(/Pincode/)).toHaveAccessibleDescription('Pincode must be 6 digits');
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription('Address is required');
    expect(screen.getByLabelText(/City/)).toHaveFocus();
    expect(orderCalls(api)).toHaveLength(0);

    await user.type(screen.getByLabelText(/City/), 'Bengaluru');
    await user.type(screen.getByLabelText(/Pincode/), '56003');
    await user.type(screen.getByLabelText(/^Address/), '12, 80 Feet Road');
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,50,000' }));
    expect(screen.getByLabelText(/Pincode/)).toHaveAccessibleDescription('Pincode must be 6 digits');
    expect(orderCalls(api)).toHaveLength(0);

    await user.type(screen.getByLabelText(/Pincode/), '4');
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,50,000' }));
    await waitFor(() => expect(checkout).toHaveBeenCalledTimes(1));
    // Only the address is sent: the amount is the server's.
    expect(orderCalls(api)[0]?.body).toEqual({
      address: { city: 'Bengaluru', pincode: '560034', address: '12, 80 Feet Road' },
    });
    const [order, body, callbacks] = checkout.mock.calls[0] ?? [];
    expect(order).toEqual(ORDER);
    expect(body).toEqual({
      notes: {
        product: 'Quote Q-000042',
        customer_name: 'Meera Iyer',
        customer_email: 'meera@example.com',
        customer_phone: '+91 98450 11111',
      },
    });

    act(() =>
      callbacks?.onVerified({
        status: 'paid',
        order_id: ORDER.order_id,
        payment_id: 'pay_1',
        installation: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(
      `/payment-success?order=${ORDER.order_id}&setup=visit`,
    ));
  });

  it('asks for no address when nothing is installed', async () => {
    const user = userEvent.setup();
    const api = quoteApi(makeQuote({ needs_installation: false, amount: 199_950 }));
    show(api);
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,999.50' }));
    await waitFor(() => expect(checkout).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText(/City/)).not.toBeInTheDocument();
    expect(orderCalls(api)[0]?.body).toEqual({});
  });

  it.each([
    ['expired', 'This quote has expired', QUOTE_MSG.expired],
    ['paid', 'This quote is paid', QUOTE_MSG.paid],
    ['cancelled', 'This quote was withdrawn', QUOTE_MSG.cancelled],
  ] as const)('says a %s quote cannot be paid, with no Pay button', async (state, title, text) => {
    show(quoteApi(makeQuote({ state })));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact?subject=product-inquiry',
    );
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹2,50,000');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says so for a link that is not a quote', async () => {
    show(quoteApi(null));
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeInTheDocument();
    expect(screen.getByText(QUOTE_MSG.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('offers Retry when the quote cannot be loaded', async () => {
    const user = userEvent.setup();
    const api = quoteApi(makeQuote());
    let failures = 1;
    api.setOverride((call) =>
      call.method === 'GET' && failures-- > 0
        ? json(500, { error: 'internal_error', message: 'Down' })
        : undefined,
    );
    show(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your quote');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Quote Q-000042' })).toBeInTheDocument();
  });

  it('shows that the quote expired when the server refuses the payment (410)', async () => {
    const user = userEvent.setup();
    const api = quoteApi(makeQuote({ needs_installation: false }), () =>
      json(410, { error: 'quote_expired', message: QUOTE_MSG.expired }),
    );
    show(api);
    await user.click(await screen.findByRole('button', { name: 'Pay ₹2,50,000' }));
    expect(await screen.findByRole('heading', { name: 'This quote has expired' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
  });

  it("shows the server's message when the order cannot be created, and lets the customer try again", async () => {
    const user = userEvent.setup();
    const api = quoteApi(makeQuote({ needs_installation: false }), () =>
      json(502, {
        error: 'payment_provider_error',
        message: 'Payment provider unreachable: please try again.',
      }),
    );
    show(api);
    await user.click(await screen.findByRole('button', { name: 'Pay ₹2,50,000' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment provider unreachable: please try again.',
    );
    expect(screen.getByRole('button', { name: 'Pay ₹2,50,000' })).toBeEnabled();
    expect(checkout).not.toHaveBeenCalled();
  });
});
