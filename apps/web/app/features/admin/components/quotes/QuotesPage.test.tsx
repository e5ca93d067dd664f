import { businessDate, QUOTE_MSG, type ContactMessage, type Quote } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatIndianDate } from '~/lib/format';
import { fakeApi, json, type Call } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { addDays } from '../../model/quote-form';
import { QuotesPage } from './QuotesPage';

setupPageTests();

function makeLead(i: number, patch: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: `m${i}`,
    name: `Lead ${i}`,
    email: `lead${i}@example.com`,
    subject: 'product-inquiry',
    message: `Hello, I would like a quote for Smart Surveillance. (${i})`,
    created_at: '2026-11-20T10:00:00.000Z',
    handled_at: null,
    handled_by: null,
    ...patch,
  };
}

function makeQuote(i: number, patch: Partial<Quote> = {}): Quote {
  return {
    _id: `q${i}`,
    number: `Q-${String(i).padStart(6, '0')}`,
    state: 'sent',
    customer_name: `Customer ${i}`,
    customer_email: `customer${i}@example.com`,
    customer_phone: '',
    items: [{ id: 'smart-surveillance', name: 'Smart Surveillance', quantity: 1 }],
    amount: 25_000_000,
    valid_until: '2026-12-04',
    note: '',
    needs_installation: true,
    contact_message_id: null,
    order_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

/** The Quotes screen's API in memory: leads (open product inquiries), quotes, create and cancel. */
function quotesApi(leads: ContactMessage[], quotes: Quote[]) {
  const state = { leads: [...leads], quotes: [...quotes] };
  const api = fakeApi([
    (call: Call) => {
      if (call.method === 'GET' && call.path === '/api/admin/contact-messages') {
        const found = state.leads.filter(
          (lead) =>
            call.search.get('state') === 'open' &&
            call.search.get('subject') === lead.subject &&
            lead.handled_at === null,
        );
        return json(200, { contact_messages: found, page: 1, page_size: 10, total: found.length });
      }
      if (call.method === 'GET' && call.path === '/api/admin/quotes') {
        return json(200, { quotes: state.quotes, page: 1, page_size: 20, total: state.quotes.length });
      }
      if (call.method === 'POST' && call.path === '/api/admin/quotes') {
        const body = call.body as { contact_message_id?: string; customer_name: string; amount: number };
        const quote = makeQuote(100 + state.quotes.length, {
          customer_name: body.customer_name,
          amount: body.amount,
          contact_message_id: body.contact_message_id ?? null,
        });
        state.quotes.unshift(quote);
        state.leads = state.leads.map((lead) =>
          lead._id === body.contact_message_id ? { ...lead, handled_at: '2026-11-21T10:00:00.000Z' } : lead,
        );
        return json(201, { message: QUOTE_MSG.created, quote });
      }
      const cancel = /^\/api\/admin\/quotes\/([^/]+)\/cancel$/.exec(call.path);
      if (call.method === 'POST' && cancel) {
        const index = state.quotes.findIndex((quote) => quote._id === cancel[1]);
        const quote = { ...state.quotes[index], state: 'cancelled' } as Quote;
        state.quotes[index] = quote;
        return json(200, { message: QUOTE_MSG.withdrawn, quote });
      }
      return undefined;
    },
  ]);
  return { ...api, state };
}

const posts = (api: ReturnType<typeof quotesApi>, path: string) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === path);

describe('admin Quotes screen', () => {
  it('lists the open quote requests and the quotes with their states', async () => {
    const api = quotesApi(
      [makeLead(1), makeLead(2, { subject: 'technical-support' })],
      [
        makeQuote(3, { state: 'sent' }),
        makeQuote(2, { state: 'paid' }),
        makeQuote(1, { state: 'expired', customer_name: 'Late Customer' }),
      ],
    );
    renderPage(<QuotesPage />, { api });

    const leads = await screen.findByRole('list', { name: 'Leads' });
    expect(within(leads).getAllByRole('listitem')).toHaveLength(1);
    expect(within(leads).getByText('lead1@example.com', { exact: false })).toBeInTheDocument();
    expect(within(leads).getByText(/would like a quote for Smart Surveillance/)).toBeInTheDocument();
    const leadCall = api.calls.find((call) => call.path === '/api/admin/contact-messages');
    expect(leadCall?.search.get('subject')).toBe('product-inquiry');
    expect(leadCall?.search.get('state')).toBe('open');

    const quotes = await screen.findByRole('list', { name: 'Quotes' });
    const cards = within(quotes).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Q-000003',
      'Q-000002',
      'Q-000001',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Sent')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('Expired')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('₹2,50,000')).toBeInTheDocument();
    // Cancel only while a quote can be paid.
    expect(within(quotes).getAllByRole('button', { name: /Cancel/ })).toHaveLength(1);
  });

  it('turns a lead into a quote: prefilled, checked, sent in paise, and the lead leaves the list', async () => {
    const user = userEvent.setup();
    const api = quotesApi([makeLead(1)], []);
    renderPage(<QuotesPage />, { api });

    await user.click(await screen.findByRole('button', { name: 'Create quote for Lead 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quote for Lead 1' });
    expect(within(dialog).getByLabelText(/Customer name/)).toHaveValue('Lead 1');
    expect(within(dialog).getByLabelText(/Email/)).toHaveValue('lead1@example.com');
    expect(within(dialog).getByLabelText('Item 1')).toHaveValue('smart-surveillance');
    // Shown the Indian way whatever the browser's locale (issue 30).
    expect(within(dialog).getByLabelText(/Valid until/)).toHaveValue(
      formatIndianDate(addDays(businessDate(new Date()), 14)),
    );

    // Nothing is sent while a field is wrong; each says what is wrong.
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('Enter the package price')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Item 2')).toHaveAccessibleDescription('Choose an item');
    expect(within(dialog).getByLabelText(/Package price/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(api, '/api/admin/quotes')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Item 2'), 'isaac-purifier');
    await user.clear(within(dialog).getByLabelText('Quantity of item 2'));
    await user.type(within(dialog).getByLabelText('Quantity of item 2'), '2');
    await user.type(within(dialog).getByLabelText(/Package price/), '250000');
    expect(within(dialog).getByText('₹2,50,000 incl. GST')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Note for the customer/), 'Four cameras');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(api, '/api/admin/quotes')[0]?.body).toEqual({
      contact_message_id: 'm1',
      customer_name: 'Lead 1',
      customer_email: 'lead1@example.com',
      customer_phone: '',
      items: [
        { id: 'smart-surveillance', quantity: 1 },
        { id: 'isaac-purifier', quantity: 2 },
      ],
      amount: 25_000_000,
      valid_until: addDays(businessDate(new Date()), 14),
      note: 'Four cameras',
    });
    expect(await screen.findByText(QUOTE_MSG.created)).toBeInTheDocument();
    expect(await screen.findByText('No open quote requests')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Q-000100' })).toBeInTheDocument();
  });

  it("shows the server's refusal on the field it names, and a failure above the form", async () => {
    const user = userEvent.setup();
    const api = quotesApi([], []);
    renderPage(<QuotesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'New quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quote' });
    await user.type(within(dialog).getByLabelText(/Customer name/), 'Ravi Kumar');
    await user.type(within(dialog).getByLabelText(/Email/), 'ravi@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Item 1'), 'automation-3bhk-advanced');
    await user.type(within(dialog).getByLabelText(/Package price/), '149000');

    api.setOverride((call) =>
      call.method === 'POST' && call.path === '/api/admin/quotes'
        ? json(400, {
            error: 'validation_error',
            message: 'The package price is too large',
            details: [{ path: 'amount', message: 'The package price is too large' }],
          })
        : undefined,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('The package price is too large')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Package price/)).toHaveAttribute('aria-invalid', 'true');

    api.setOverride((call) =>
      call.method === 'POST' && call.path === '/api/admin/quotes'
        ? json(500, { error: 'internal_error', message: 'Database unavailable' })
        : undefined,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('dialog', { name: 'New quote' })).toBeInTheDocument();
  });

  it('cancels a sent quote after confirming', async () => {
    const user = userEvent.setup();
    const api = quotesApi([], [makeQuote(7)]);
    renderPage(<QuotesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Cancel quote Q-000007' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel quote' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Quote' }));
    await waitFor(() => expect(posts(api, '/api/admin/quotes/q7/cancel')).toHaveLength(1));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel quote Q-000007' })).not.toBeInTheDocument();
  });

  it('offers Retry when the quotes cannot be loaded', async () => {
    const user = userEvent.setup();
    const api = quotesApi([], [makeQuote(1)]);
    let failures = 2; // the first load and its one retry
    api.setOverride((call) =>
      call.path === '/api/admin/quotes' && failures-- > 0
        ? json(500, { error: 'internal_error', message: 'Database unavailable' })
        : undefined,
    );
    renderPage(<QuotesPage />, { api });
    expect(await screen.findByText('Could not load the quotes', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Q-000001' })).toBeInTheDocument();
  });
});
