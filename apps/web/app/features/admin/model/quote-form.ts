import {
  businessDate,
  CATALOG_ITEMS,
  createQuoteBodySchema,
  isPastBusinessDate,
  MAX_CART_LINES,
  MAX_CART_QUANTITY,
  priceLabel,
  QUOTE_MSG,
  type CatalogItem,
  type ContactMessage,
  type CreateQuoteBody,
} from '@isaac/contract';
import { z } from 'zod';
import { ApiError } from '~/lib/api-client';

/** How long a new quote is valid by default. */
export const DEFAULT_VALIDITY_DAYS = 14;

/** A calendar date `days` after `date` (`YYYY-MM-DD`, no time zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The catalog as the quote form offers it: each id once (filters repeat their accessory), grouped by kind. */
export const QUOTE_CATALOG_GROUPS: readonly { label: string; items: readonly CatalogItem[] }[] = (() => {
  const seen = new Set<string>();
  const unique = CATALOG_ITEMS.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  const group = (label: string, kinds: readonly CatalogItem['kind'][]) => ({
    label,
    items: unique.filter((item) => kinds.includes(item.kind)),
  });
  return [
    group('Products', ['product']),
    group('Launch packages', ['package']),
    group('Lumos switch kits', ['kit']),
    group('Accessories and filters', ['accessory', 'filter']),
  ];
})();

/** A catalog item as the picker lists it: 'ISAAC Air Purifier — ₹89,999'. */
export function catalogOptionLabel(item: CatalogItem): string {
  return `${item.name} — ${priceLabel(item.price)}`;
}

/** The package price as typed, in rupees ('250000', '2,50,000', '1999.50') → paise; null when it is not one. */
export function rupeesToPaise(text: string): number | null {
  const clean = text.replace(/[\s,₹]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const rupees = Number(match[1]);
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  return rupees * 100 + paise;
}

const body = createQuoteBodySchema.shape;

/**
 * The quote form (admin Quotes screen): the customer, catalog lines with quantities, the package price in
 * rupees (sent in paise), the last valid day (today or later in the business time zone) and a note. The
 * fields the API also checks use the contract's rules, so the messages are the same.
 */
export const quoteFormSchema = z.object({
  customer_name: body.customer_name,
  customer_email: body.customer_email,
  customer_phone: body.customer_phone,
  items: z
    .array(
      z.object({
        id: z.string().min(1, 'Choose an item'),
        quantity: z
          .number({ error: 'Enter a quantity' })
          .int('Enter a whole number')
          .min(1, 'At least 1')
          .max(MAX_CART_QUANTITY, `At most ${MAX_CART_QUANTITY}`),
      }),
    )
    .min(1, 'Add at least one item')
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} items`),
  price: z
    .string()
    .trim()
    .min(1, 'Enter the package price')
    .refine((text) => rupeesToPaise(text) !== null, 'Enter the price in rupees, e.g. 250000')
    .refine((text) => (rupeesToPaise(text) ?? 0) > 0, 'Enter the package price'),
  valid_until: z.iso
    .date('Choose a date')
    .refine((date) => !isPastBusinessDate(date, new Date()), QUOTE_MSG.pastDate),
  note: body.note,
});
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteFormValues = z.output<typeof quoteFormSchema>;

/** The words of a catalog name found in a lead's message pick the line it asks about (first match). */
export function catalogItemIn(message: string): CatalogItem | undefined {
  const text = message.toLowerCase();
  return QUOTE_CATALOG_GROUPS.flatMap((g) => g.items)
    .filter((item) => text.includes(item.id) || text.includes(item.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/** A new quote's starting values: from the lead (name, e-mail, the product it asks about), valid 14 days. */
export function quoteFormDefaults(lead: ContactMessage | null, now: Date = new Date()): QuoteFormInput {
  const item = lead ? catalogItemIn(lead.message) : undefined;
  return {
    customer_name: lead?.name ?? '',
    customer_email: lead?.email ?? '',
    customer_phone: '',
    items: [{ id: item?.id ?? '', quantity: 1 }],
    price: '',
    valid_until: addDays(businessDate(now), DEFAULT_VALIDITY_DAYS),
    note: '',
  };
}

/** The first day the date input offers: today in the business time zone. */
export function minValidUntil(now: Date = new Date()): string {
  return businessDate(now);
}

/** The API body of a valid form (the price in paise; the lead it answers, if any). */
export function toQuoteBody(values: QuoteFormValues, leadId: string | null): CreateQuoteBody {
  return {
    ...(leadId ? { contact_message_id: leadId } : {}),
    customer_name: values.customer_name,
    customer_email: values.customer_email,
    customer_phone: values.customer_phone,
    items: values.items.map((line) => ({ id: line.id, quantity: line.quantity })),
    amount: rupeesToPaise(values.price) ?? 0,
    valid_until: values.valid_until,
    note: values.note,
  };
}

/**
 * Where a refused save's details go on the form: `items.2.id` on that line's item, `amount` on the price,
 * the other fields on themselves; details the form has no field for are left to the message.
 */
export function quoteServerErrors(err: unknown): Array<[string, string]> {
  if (!(err instanceof ApiError) || !err.details) return [];
  const fields = new Set<string>([
    'customer_name',
    'customer_email',
    'customer_phone',
    'valid_until',
    'note',
  ]);
  const out: Array<[string, string]> = [];
  for (const detail of err.details) {
    const path = detail.path.replace(/^body[./]/, '');
    const line = /^items\.(\d+)\.(id|quantity)$/.exec(path);
    const field = line ? `items.${line[1]}.${line[2]}` : path === 'amount' ? 'price' : path.split('.')[0];
    if (!field) continue;
    if (line || field === 'price' || field === 'items' || fields.has(field)) {
      if (!out.some(([known]) => known === field)) out.push([field, detail.message]);
    }
  }
  return out;
}
