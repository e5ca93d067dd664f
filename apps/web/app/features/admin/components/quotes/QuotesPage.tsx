import { formatInr, type ContactMessage, type Quote, type QuoteState } from '@isaac/contract';
import { FilePlus2, FileText, Inbox, Search } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  cx,
  EmptyState,
  ErrorState,
  Pagination,
  type BadgeTone,
} from '~/components/ui';
import { formatCalendarDate, formatDateTime } from '~/lib/format';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { useCancelQuote } from '../../api/cancel-quote';
import { useLeadList } from '../../api/list-leads';
import { useQuoteList } from '../../api/list-quotes';
import { QUOTES_PAGE_SIZE } from '../../api/quotes-keys';
import { ListSkeleton } from '../inbox/InboxFilterBar';
import { pageCount, pageSummary } from '../../model/list-pages';
import { QuoteFormDialog } from './QuoteFormDialog';

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
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const leads = useLeadList(search);
  return (
    <section aria-labelledby="leads-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
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
        <div className="relative w-full sm:w-72">
          <label htmlFor="lead-search" className="sr-only">
            Find leads
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="lead-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name or e-mail"
            className="block w-full rounded-lg border border-slate-600 bg-slate-900/70 py-2 pr-3 pl-9 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-2 focus:outline-sky-500"
          />
        </div>
      </div>
      {leads.isPending ? (
        <ListSkeleton label="Loading leads…" />
      ) : leads.isError ? (
        <ErrorState
          title="Could not load the leads"
          message={leads.error.message}
          onRetry={() => void leads.refetch()}
          retrying={leads.isFetching}
        />
      ) : leads.data.contact_messages.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={search ? 'No lead matches this search' : 'No open quote requests'}
          description={
            search
              ? 'Try another name or e-mail.'
              : 'Quote requests sent from the contact form ("Product inquiry") appear here.'
          }
        />
      ) : (
        <ul aria-label="Leads" className={cx('space-y-3', leads.isPlaceholderData && 'opacity-60')}>
          {leads.data.contact_messages.map((lead) => (
            <LeadCard key={lead._id} lead={lead} onCreate={() => onCreate(lead)} />
          ))}
        </ul>
      )}
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
  const [page, setPage] = useState(1);
  const list = useQuoteList(page, QUOTES_PAGE_SIZE);
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
      {list.isPending ? (
        <ListSkeleton label="Loading quotes…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load the quotes"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.quotes.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={page > 1 ? 'This page is empty' : 'No quotes yet'}
          description={page > 1 ? undefined : 'Quotes you send appear here with their state.'}
          action={
            page > 1 ? (
              <Button variant="outline" onClick={() => setPage(1)}>
                Go to the first page
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <ul aria-label="Quotes" className={cx('space-y-3', list.isPlaceholderData && 'opacity-60')}>
            {list.data.quotes.map((quote) => (
              <QuoteCard key={quote._id} quote={quote} onCancel={() => setCancelling(quote)} />
            ))}
          </ul>
          <Pagination
            label="Quote pages"
            page={page}
            pageCount={pageCount(list.data.total, QUOTES_PAGE_SIZE)}
            summary={pageSummary(page, QUOTES_PAGE_SIZE, list.data.quotes.length, list.data.total, 'quotes')}
            onPageChange={setPage}
          />
        </>
      )}
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
