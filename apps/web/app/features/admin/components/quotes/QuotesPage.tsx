import { formatInr, type ContactMessage, type Quote, type QuoteState } from '@isaac/contract';
import { FilePlus2, FileText, Inbox } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import {
  Badge,
  Button,
  byTime,
  ConfirmDialog,
  cx,
  lazyDialog,
  preloadOnIntent,
  type BadgeTone,
  type SortOption,
} from '~/components/ui';
import { formatCalendarDate, formatDateTime } from '~/lib/format';
import { useCancelQuote } from '../../api/cancel-quote';
import { useLeadList } from '../../api/list-leads';
import { useQuoteList } from '../../api/list-quotes';
import { QUOTES_PAGE_SIZE } from '../../api/quotes-keys';
import { leadListView, quoteListView } from '../../model/quote-lists';

// The form loads when wanted, with its schema (ADR 083).
const QuoteFormDialog = lazyDialog(() => import('./QuoteFormDialog').then((m) => m.QuoteFormDialog));

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  sent: 'Sent',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
const QUOTE_STATE_TONES: Record<QuoteState, BadgeTone> = {
  sent: 'blue',
  paid: 'green',
  expired: 'yellow',
  cancelled: 'slate',
};

const LEAD_SORTS: SortOption[] = [...byTime(), { sort: 'name', order: 'asc', label: 'Name (A–Z)' }];
const QUOTE_SORTS: SortOption[] = [
  ...byTime(),
  { sort: 'number', order: 'desc', label: 'Number' },
  { sort: 'customer_name', order: 'asc', label: 'Customer (A–Z)' },
  { sort: 'amount', order: 'desc', label: 'Amount (highest first)' },
  { sort: 'amount', order: 'asc', label: 'Amount (lowest first)' },
  { sort: 'valid_until', order: 'asc', label: 'Valid until (soonest first)' },
];

/** 'Smart Surveillance, ISAAC Air Purifier × 2' — what a quote covers. */
export function quoteItemsText(quote: Pick<Quote, 'items'>): string {
  return quote.items
    .map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name))
    .join(', ');
}

/** The quote dialog: closed, or open for a lead (prefilled) or for a new customer. */
type Composing = { lead: ContactMessage | null } | null;

/**
 * /admin/quotes (issue 15): the open quote requests from the contact form (leads), each turned into a quote
 * with "Create quote", a "New quote" for anyone else, and the quotes sent — their state, and Cancel while
 * one can still be paid.
 */
export function QuotesPage() {
  const [composing, setComposing] = useState<Composing>(null);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">Quotes</h2>
          <p className="text-sm text-slate-400">
            Turn quote requests into quotes; the customer pays by the link we e-mail them.
          </p>
        </div>
        <Button
          icon={<FilePlus2 aria-hidden="true" className="h-4 w-4" />}
          onClick={() => setComposing({ lead: null })}
          {...preloadOnIntent(QuoteFormDialog)}
        >
          New quote
        </Button>
      </div>
      <LeadsSection onCreate={(lead) => setComposing({ lead })} />
      <QuotesSection />
      {composing ? <QuoteFormDialog lead={composing.lead} onClose={() => setComposing(null)} /> : null}
    </div>
  );
}

function LeadsSection({ onCreate }: { onCreate: (lead: ContactMessage) => void }) {
  const view = useListView(leadListView);
  const leads = useLeadList(view.state);
  return (
    <section aria-labelledby="leads-heading" className="space-y-3">
      <div>
        <h3 id="leads-heading" className="font-semibold text-slate-100">
          Leads
        </h3>
        <p className="text-sm text-slate-400" aria-live="polite">
          {leads.data
            ? `${leads.data.total} open quote ${leads.data.total === 1 ? 'request' : 'requests'}`
            : 'Quote requests from the contact form that wait for an answer.'}
        </p>
      </div>
      <ListToolbar
        list={view}
        search={{ label: 'Find leads', placeholder: 'Name or e-mail' }}
        sortOptions={LEAD_SORTS}
      />
      <ListBody
        query={leads}
        items={(data) => data.contact_messages}
        noun="leads"
        errorTitle="Could not load the leads"
        empty={{
          icon: Inbox,
          title: 'No open quote requests',
          text: 'Quote requests sent from the contact form ("Product inquiry") appear here.',
          filteredText: 'No lead matches this search. Try another name or e-mail.',
        }}
        list={view}
      >
        {(found, dimmed) => (
          <ul aria-label="Leads" className={cx('space-y-3', dimmed && 'opacity-60')}>
            {found.map((lead) => (
              <LeadCard key={lead._id} lead={lead} onCreate={() => onCreate(lead)} />
            ))}
          </ul>
        )}
      </ListBody>
    </section>
  );
}

function LeadCard({ lead, onCreate }: { lead: ContactMessage; onCreate: () => void }) {
  const headingId = `lead-${lead._id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4 sm:flex-row sm:items-start sm:justify-between"
      >
        <div className="min-w-0 space-y-1">
          <h4 id={headingId} className="font-medium text-slate-100">
            {lead.name}
          </h4>
          <p className="text-xs break-all text-slate-400">
            {lead.email} · <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-300">{lead.message}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start"
          icon={<FileText aria-hidden="true" className="h-4 w-4" />}
          aria-label={`Create quote for ${lead.name}`}
          onClick={onCreate}
        >
          Create quote
        </Button>
      </article>
    </li>
  );
}

function QuotesSection() {
  const view = useListView(quoteListView);
  const list = useQuoteList(view.state, QUOTES_PAGE_SIZE);
  const cancel = useCancelQuote();
  const [cancelling, setCancelling] = useState<Quote | null>(null);
  return (
    <section aria-labelledby="quotes-heading" className="space-y-3">
      <div>
        <h3 id="quotes-heading" className="font-semibold text-slate-100">
          Sent quotes
        </h3>
        <p className="text-sm text-slate-400" aria-live="polite">
          {list.data ? `${list.data.total} ${list.data.total === 1 ? 'quote' : 'quotes'}` : 'Newest first.'}
        </p>
      </div>
      <ListToolbar
        list={view}
        search={{ label: 'Find quotes', placeholder: 'Number, customer or e-mail' }}
        sortOptions={QUOTE_SORTS}
      />
      <ListBody
        query={list}
        items={(data) => data.quotes}
        noun="quotes"
        errorTitle="Could not load the quotes"
        empty={{
          icon: FileText,
          title: 'No quotes yet',
          text: 'Quotes you send appear here with their state.',
          filteredText: 'No quote matches this search.',
        }}
        list={view}
      >
        {(quotes, dimmed) => (
          <ul aria-label="Quotes" className={cx('space-y-3', dimmed && 'opacity-60')}>
            {quotes.map((quote) => (
              <QuoteCard key={quote._id} quote={quote} onCancel={() => setCancelling(quote)} />
            ))}
          </ul>
        )}
      </ListBody>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel quote"
        message={
          cancelling
            ? `Withdraw quote ${cancelling.number} for ${cancelling.customer_name}? Its link will no longer take a payment.`
            : ''
        }
        confirmLabel="Cancel Quote"
        cancelLabel="Keep"
        variant="danger"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling._id, { onSettled: () => setCancelling(null) });
        }}
      />
    </section>
  );
}

function QuoteCard({ quote, onCancel }: { quote: Quote; onCancel: () => void }) {
  const headingId = `quote-${quote._id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4 sm:grid-cols-[1fr_auto]"
      >
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-mono text-sm font-semibold text-slate-100">
              {quote.number}
            </h4>
            <Badge tone={QUOTE_STATE_TONES[quote.state]}>{QUOTE_STATE_LABELS[quote.state]}</Badge>
          </div>
          <p className="text-sm text-slate-100">
            {quote.customer_name} <span className="break-all text-slate-400">· {quote.customer_email}</span>
          </p>
          <p className="text-sm text-slate-300">{quoteItemsText(quote)}</p>
          <p className="text-xs text-slate-400">
            Valid until <time dateTime={quote.valid_until}>{formatCalendarDate(quote.valid_until)}</time> ·
            sent <time dateTime={quote.created_at}>{formatDateTime(quote.created_at)}</time>
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <span className="text-base font-semibold text-slate-100 tabular-nums">
            {formatInr(quote.amount)}
          </span>
          {quote.state === 'sent' ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-300 hover:text-red-200"
              aria-label={`Cancel quote ${quote.number}`}
              onClick={onCancel}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}
