import { createHash, randomBytes } from 'node:crypto';
import {
  findCatalogItem,
  isPastBusinessDate,
  MAX_CART_QUANTITY,
  orderStatusesBefore,
  QUOTE_MSG,
  quotePagePath,
  type CartItemInput,
  type CreateOrderResponse,
  type createQuoteBodySchema,
  type PublicQuote,
  type Quote,
  type QuoteList,
  type QuoteListQuery,
  type QuoteOrderBody,
} from '@isaac/contract';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { orders, quotes, type OrderItem, type QuoteRow } from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound, type ErrorDetail } from '../../plugins/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import type { ContactService } from '../contact/service.ts';
import { ORDER_MSG, type OrderService } from '../orders/service.ts';
import type { EmailSink } from '../outbox/emails.ts';
import {
  presentPublicQuote,
  presentQuote,
  quoteNeedsInstallation,
  quoteNumber,
  quoteState,
} from './presenter.ts';

export type CreateQuoteInput = z.output<typeof createQuoteBodySchema>;

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found',
} as const;

/** Error codes of the customer's quote link beyond the generic ones. */
export const QUOTE_ERROR = {
  expired: 'quote_expired',
  cancelled: 'quote_cancelled',
} as const;

/** The largest package price a quote takes (₹1 crore; the column is a 32-bit integer of paise). */
export const MAX_QUOTE_PAISE = 1_000_000_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What the activity log calls a quote: 'Q-000123 for Asha Rao'. */
const quoteName = (row: Pick<QuoteRow, 'number' | 'customerName'>) =>
  `${quoteNumber(row.number)} for ${row.customerName}`;

/** The column of each sort of the quote list (names without regard to case). */
const QUOTE_SORT_COLUMNS: Record<QuoteListQuery['sort'], AnyColumn | SQL> = {
  created_at: quotes.createdAt,
  number: quotes.number,
  customer_name: sql`lower(${quotes.customerName})`,
  amount: quotes.amountPaise,
  valid_until: quotes.validUntil,
};

/** Quotes whose customer's name or e-mail contains `search`, or whose number it is (`Q-000123`, `123`). */
function quoteSearch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  const byName = [ilike(quotes.customerName, pattern), ilike(quotes.customerEmail, pattern)];
  const number = /^(?:q-?)?0*(\d{1,9})$/i.exec(search)?.[1];
  return or(...byName, ...(number ? [eq(quotes.number, Number(number))] : []));
}

/**
 * A quote's lines from catalog ids: any price kind (fixed, 'from', quote-only, launch packages), the same id
 * twice adds up. Unknown ids are a 400 naming each (`items.2.id`). `unit_paise` is the catalog price where
 * there is one (0 for quote-only items): for the record only, the customer pays the package price.
 */
export function quoteLines(entries: readonly CartItemInput[]): OrderItem[] {
  const lines = new Map<string, OrderItem>();
  const unknown: ErrorDetail[] = [];
  entries.forEach((entry, index) => {
    const item = findCatalogItem(entry.id);
    if (!item) {
      unknown.push({ path: `items.${index}.id`, message: QUOTE_MSG.unknownItem });
      return;
    }
    const line = lines.get(item.id) ?? {
      catalog_id: item.id,
      name: item.name,
      quantity: 0,
      unit_paise: item.price.kind === 'quote' ? 0 : item.price.paise,
    };
    line.quantity += entry.quantity;
    lines.set(item.id, line);
  });
  if (unknown.length > 0) {
    throw badRequest(
      `${QUOTE_MSG.unknownItem}: ${unknown.length === 1 ? 'one item' : 'some items'}`,
      unknown,
    );
  }
  const tooMany = [...lines.values()].find((line) => line.quantity > MAX_CART_QUANTITY);
  if (tooMany) {
    throw badRequest(`At most ${MAX_CART_QUANTITY} of ${tooMany.name} can be quoted at once.`, [
      { path: 'items', message: `At most ${MAX_CART_QUANTITY} of ${tooMany.name}` },
    ]);
  }
  return [...lines.values()];
}

/**
 * Quotes (issue 15): an admin turns a lead (a contact message) into a quote — catalog lines, a package price,
 * valid until a date — and the customer gets a link (only the SHA-256 of its token is kept) to a page where
 * they pay that price through the usual checkout. The order carries `notes.quote_id`; the payment's
 * fulfilment (OrderService.markPaid) marks the quote paid and turns it into an account and a job.
 */
export class QuoteService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly mail: EmailSink,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly options: { webOrigin: string },
    /** The contact messages (a quote's lead is marked handled in the quote's transaction). */
    private readonly contact: ContactService,
  ) {}

  /**
   * POST /api/admin/quotes: checks the lines and the date, then in one transaction stores the quote, marks
   * its lead handled, records `quote.created` and writes the quote e-mail with the link (the only place the
   * token ever is).
   */
  async create(input: CreateQuoteInput, context: AuditContext): Promise<Quote> {
    const now = this.now();
    const items = quoteLines(input.items);
    if (isPastBusinessDate(input.valid_until, now)) {
      throw badRequest(QUOTE_MSG.pastDate, [{ path: 'valid_until', message: QUOTE_MSG.pastDate }]);
    }
    if (input.amount > MAX_QUOTE_PAISE) {
      throw badRequest(QUOTE_MSG.tooLarge, [{ path: 'amount', message: QUOTE_MSG.tooLarge }]);
    }
    const token = randomBytes(32).toString('base64url');

    return this.db.transaction(async (tx) => {
      if (input.contact_message_id)
        await this.contact.markLeadHandled(tx, input.contact_message_id, context, now);
      const [row] = await tx
        .insert(quotes)
        .values({
          tokenHash: sha256(token),
          contactMessageId: input.contact_message_id ?? null,
          customerName: input.customer_name,
          customerEmail: input.customer_email,
          customerPhone: input.customer_phone,
          items,
          amountPaise: input.amount,
          validUntil: input.valid_until,
          note: input.note,
          createdBy: context.actor?.id ?? null,
        })
        .returning();
      if (!row) throw new Error('quote insert returned no row');
      await this.audit.record(tx, context, {
        action: 'quote.created',
        entity: { type: 'quote', id: row.id, name: quoteName(row) },
        changes: {
          amount: { before: null, after: row.amountPaise },
          valid_until: { before: null, after: row.validUntil },
          items: { before: null, after: items.map((item) => `${item.name} × ${item.quantity}`).join(', ') },
        },
      });
      await this.mail.enqueue(tx, {
        kind: 'quote',
        to: row.customerEmail,
        data: {
          name: row.customerName,
          number: quoteNumber(row.number),
          link: `${this.options.webOrigin}${quotePagePath(token)}`,
          totalPaise: row.amountPaise,
          validUntil: row.validUntil,
          items: items.map((item) => ({ name: item.name, quantity: item.quantity })),
          note: row.note,
        },
      });
      return presentQuote(row, now);
    });
  }

  /**
   * GET /api/admin/quotes: in the query's order (newest first by default), one page with its total (one
   * query); `search` a substring of the customer's name or e-mail, or the quote's number (`Q-000123`, `123`).
   */
  async list(query: QuoteListQuery): Promise<QuoteList> {
    const now = this.now();
    const where = query.search ? quoteSearch(query.search) : undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ quote: quotes, total: totalCount() })
      .from(quotes)
      .where(where)
      .orderBy(...sortedBy(QUOTE_SORT_COLUMNS, query, quotes.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(quotes, where));
    return listPage(
      'quotes',
      rows.map((r) => presentQuote(r.quote, now)),
      query,
      total,
    );
  }

  /**
   * POST /api/admin/quotes/:id/cancel: withdraws a quote (its link then says so and takes no payment),
   * recorded in the activity log. A paid quote cannot be withdrawn (409: refund its order); cancelling a
   * cancelled quote changes nothing.
   */
  async cancel(id: string, context: AuditContext): Promise<Quote> {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const [before] = await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1).for('update');
      if (!before) throw notFound(QUOTE_MESSAGES.notFound);
      if (before.paidAt) throw conflict(QUOTE_MSG.cannotCancelPaid);
      if (before.cancelledAt) return presentQuote(before, now);
      const [after] = await tx
        .update(quotes)
        .set({ cancelledAt: now })
        .where(eq(quotes.id, before.id))
        .returning();
      if (!after) throw new Error('quote update returned no row');
      await this.audit.record(tx, context, {
        action: 'quote.cancelled',
        entity: { type: 'quote', id: after.id, name: quoteName(after) },
        changes: { state: { before: quoteState(before, now), after: 'cancelled' } },
      });
      return presentQuote(after, now);
    });
  }

  /** GET /api/quotes/:token: the customer's quote, whatever its state (the page explains it). */
  async view(token: string): Promise<PublicQuote> {
    return presentPublicQuote(await this.byToken(token), this.now());
  }

  /**
   * POST /api/quotes/:token/order: creates the checkout's order for the quote's stored price — never an
   * amount from the client — with the quote's lines and customer, and `notes.quote_id` for the payment's
   * fulfilment. Expired or withdrawn quotes answer 410, a paid one 409; lines our electricians install need
   * the installation address (400).
   *
   * A quote has at most one open order (issue 29): under the quote's row lock (SELECT … FOR UPDATE, held while
   * the provider creates the order), an open order of the quote (`created` or `attempted`) is answered again
   * instead of making a second one — a double click or a second tab pays the same order.
   */
  async order(token: string, body: QuoteOrderBody, context: AuditContext): Promise<CreateOrderResponse> {
    const quote = await this.byToken(token);
    this.assertPayable(quote);
    const needsInstallation = quoteNeedsInstallation(quote);
    if (needsInstallation && !body.address) {
      throw badRequest(ORDER_MSG.addressRequired, [{ path: 'address', message: ORDER_MSG.addressRequired }]);
    }
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(quotes).where(eq(quotes.id, quote.id)).limit(1).for('update');
      if (!locked) throw notFound(QUOTE_MSG.notFound);
      this.assertPayable(locked);
      const [open] = await tx
        .select({ providerOrderId: orders.providerOrderId, amountPaise: orders.amountPaise })
        .from(orders)
        .where(and(eq(orders.quoteId, locked.id), inArray(orders.status, orderStatusesBefore('paid'))))
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (open) return this.orders.checkoutOf(open);
      return this.orders.place(
        {
          receipt: `receipt_${this.now().getTime()}`,
          amount: locked.amountPaise,
          items: locked.items,
          notes: {
            product: `Quote ${quoteNumber(locked.number)}`,
            customer_name: locked.customerName,
            customer_email: locked.customerEmail,
            customer_phone: locked.customerPhone,
            quote_id: locked.id,
          },
          installationAddress: needsInstallation ? (body.address ?? null) : null,
          quoteId: locked.id,
        },
        context,
        tx,
      );
    });
  }

  /** 410 for an expired or withdrawn quote, 409 for a paid one. */
  private assertPayable(quote: QuoteRow): void {
    switch (quoteState(quote, this.now())) {
      case 'cancelled':
        throw new HttpError(410, QUOTE_ERROR.cancelled, QUOTE_MSG.cancelled);
      case 'paid':
        throw conflict(QUOTE_MSG.paid);
      case 'expired':
        throw new HttpError(410, QUOTE_ERROR.expired, QUOTE_MSG.expired);
      case 'sent':
        return;
    }
  }

  /** The quote of a link's token (404 for any token that is not one). */
  private async byToken(token: string): Promise<QuoteRow> {
    const [row] = await this.db
      .select()
      .from(quotes)
      .where(eq(quotes.tokenHash, sha256(token)))
      .limit(1);
    if (!row) throw notFound(QUOTE_MSG.notFound);
    return row;
  }
}

/** A quote paid by its order (fulfilment, in the payment's transaction); a quote already paid stays as it is. */
export async function markQuotePaid(tx: Db | Tx, quoteId: string, orderId: string, at: Date): Promise<void> {
  await tx
    .update(quotes)
    .set({ paidAt: at, orderId })
    .where(and(eq(quotes.id, quoteId), isNull(quotes.paidAt)));
}
