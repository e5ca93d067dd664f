// @vitest-environment node
import { businessDate, QUOTE_MSG, type ContactMessage } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import {
  addDays,
  catalogItemIn,
  QUOTE_CATALOG_GROUPS,
  quoteFormDefaults,
  quoteFormSchema,
  quoteServerErrors,
  rupeesToPaise,
  toQuoteBody,
  type QuoteFormInput,
} from './quote-form';

const today = businessDate(new Date());

const lead: ContactMessage = {
  _id: 'm1',
  name: 'Meera Iyer',
  email: 'meera@example.com',
  subject: 'product-inquiry',
  message: 'Hello, I would like a quote for Smart Surveillance.\n\nFour cameras please.',
  created_at: '2026-11-20T10:00:00.000Z',
  handled_at: null,
  handled_by: null,
};

function valid(patch: Partial<QuoteFormInput> = {}): QuoteFormInput {
  return {
    customer_name: 'Meera Iyer',
    customer_email: 'meera@example.com',
    customer_phone: '',
    items: [{ id: 'smart-surveillance', quantity: 1 }],
    price: '2,50,000',
    valid_until: addDays(today, 14),
    note: '',
    ...patch,
  };
}

/** The first message of each field path the schema refuses. */
function errorsOf(input: QuoteFormInput): Record<string, string> {
  const result = quoteFormSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the quote form', () => {
  it('starts from the lead: name, e-mail, the product it asks about, valid 14 days', () => {
    expect(quoteFormDefaults(lead)).toEqual({
      customer_name: 'Meera Iyer',
      customer_email: 'meera@example.com',
      customer_phone: '',
      items: [{ id: 'smart-surveillance', quantity: 1 }],
      price: '',
      valid_until: addDays(today, 14),
      note: '',
    });
    expect(quoteFormDefaults(null).items).toEqual([{ id: '', quantity: 1 }]);
    expect(catalogItemIn('Quote for the Lumos Home Kit please')?.id).toBe('lumos-home-kit');
    expect(catalogItemIn('Just saying hello')).toBeUndefined();
  });

  it('offers every catalog item once, quote-only products and launch packages included', () => {
    const ids = QUOTE_CATALOG_GROUPS.flatMap((group) => group.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['smart-surveillance', 'automation-2bhk-standard', 'hepa-filter']),
    );
  });

  it('reads the package price in rupees into paise', () => {
    expect(rupeesToPaise('250000')).toBe(25_000_000);
    expect(rupeesToPaise('2,50,000')).toBe(25_000_000);
    expect(rupeesToPaise('₹ 1999.5')).toBe(199_950);
    expect(rupeesToPaise('1999.99')).toBe(199_999);
    expect(rupeesToPaise('')).toBeNull();
    expect(rupeesToPaise('12.345')).toBeNull();
    expect(rupeesToPaise('-5')).toBeNull();
    expect(rupeesToPaise('abc')).toBeNull();
  });

  it('accepts a complete quote and builds the API body (paise, the lead)', () => {
    const parsed = quoteFormSchema.parse(
      valid({ customer_phone: ' +91 98450 11111 ', note: ' Four cameras ' }),
    );
    expect(toQuoteBody(parsed, 'm1')).toEqual({
      contact_message_id: 'm1',
      customer_name: 'Meera Iyer',
      customer_email: 'meera@example.com',
      customer_phone: '+91 98450 11111',
      items: [{ id: 'smart-surveillance', quantity: 1 }],
      amount: 25_000_000,
      valid_until: addDays(today, 14),
      note: 'Four cameras',
    });
    expect(toQuoteBody(parsed, null)).not.toHaveProperty('contact_message_id');
    expect(errorsOf(valid({ valid_until: today }))).toEqual({});
  });

  it('names each wrong field with its message', () => {
    expect(errorsOf(valid({ customer_name: ' ', customer_email: 'not-an-email' }))).toEqual({
      customer_name: 'Name is required',
      customer_email: 'Invalid email address',
    });
    expect(errorsOf(valid({ items: [] }))).toEqual({ items: 'Add at least one item' });
    expect(
      errorsOf(
        valid({
          items: [
            { id: '', quantity: 1 },
            { id: 'isaac-purifier', quantity: 0 },
            { id: 'isaac-purifier', quantity: Number.NaN },
            { id: 'isaac-purifier', quantity: 21 },
          ],
        }),
      ),
    ).toEqual({
      'items.0.id': 'Choose an item',
      'items.1.quantity': 'At least 1',
      'items.2.quantity': 'Enter a quantity',
      'items.3.quantity': 'At most 20',
    });
    expect(errorsOf(valid({ price: '' }))).toEqual({ price: 'Enter the package price' });
    expect(errorsOf(valid({ price: 'lots' }))).toEqual({ price: 'Enter the price in rupees, e.g. 250000' });
    expect(errorsOf(valid({ price: '0' }))).toEqual({ price: 'Enter the package price' });
    expect(errorsOf(valid({ valid_until: addDays(today, -1) }))).toEqual({ valid_until: QUOTE_MSG.pastDate });
    expect(errorsOf(valid({ valid_until: '' }))).toEqual({ valid_until: 'Choose a date' });
  });

  it("puts the server's refusals on their fields", () => {
    const refused = new ApiError('HTTP error! status: 400', {
      status: 400,
      serverMessage: 'This item is not in the catalog: one item',
      details: [
        { path: 'items.1.id', message: QUOTE_MSG.unknownItem },
        { path: 'amount', message: QUOTE_MSG.tooLarge },
        { path: 'valid_until', message: QUOTE_MSG.pastDate },
        { path: 'contact_message_id', message: 'Unknown' },
      ],
    });
    expect(quoteServerErrors(refused)).toEqual([
      ['items.1.id', QUOTE_MSG.unknownItem],
      ['price', QUOTE_MSG.tooLarge],
      ['valid_until', QUOTE_MSG.pastDate],
    ]);
    expect(quoteServerErrors(new Error('offline'))).toEqual([]);
  });
});
