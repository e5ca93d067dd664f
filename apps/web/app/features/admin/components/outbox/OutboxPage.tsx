import { OUTBOX_STATES, type OutboxMessage } from '@isaac/contract';
import { MailCheck, MailWarning, Mails } from 'lucide-react';
import { useState } from 'react';
import { OUTBOX_PAGE_SIZE } from '../../api/outbox-keys';
import { useOutboxList } from '../../api/list-outbox';
import { useRetryOutboxMessage } from '../../api/retry-outbox-message';
import { OUTBOX_MSG, OUTBOX_STATE_LABELS, outboxFilters } from '../../model/outbox';
import { InboxFilterBar } from '../inbox/InboxFilterBar';
import { PagedList } from '../inbox/PagedList';
import { useChoiceFilters } from '../inbox/use-choice-filters';
import { OutboxPreviewDialog } from './OutboxPreviewDialog';
import { OutboxTable } from './OutboxTable';

const STATE_OPTIONS = OUTBOX_STATES.map((state) => ({ value: state, label: OUTBOX_STATE_LABELS[state] }));

/**
 * /admin/outbox: every e-mail the platform wrote (order confirmations, invitations, installation news,
 * quotes), newest first — by state and recipient or subject (kept in the URL); whether they are being
 * delivered (SMTP) or kept here; a preview of each as its recipient sees it, and Retry on failed ones.
 */
export function OutboxPage() {
  const view = useChoiceFilters(outboxFilters);
  const list = useOutboxList(view.filters, OUTBOX_PAGE_SIZE);
  const retry = useRetryOutboxMessage();
  const [preview, setPreview] = useState<OutboxMessage | null>(null);
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;
  const onRetry = (message: OutboxMessage) => retry.mutate(message._id);
  const total = list.data?.total ?? 0;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Outbox</h2>
        <p className="text-sm text-slate-400" aria-live="polite">
          {list.data
            ? `${total} ${total === 1 ? 'e-mail' : 'e-mails'}${view.filtered ? ' found' : ''}`
            : 'E-mails the platform sends to customers.'}
        </p>
      </div>
      {list.data ? <DeliveryBanner delivering={list.data.delivering} /> : null}
      <InboxFilterBar
        label="Find e-mails"
        placeholder="Recipient or subject"
        text={view.text}
        onText={view.setText}
        choiceLabel="State"
        choicePlaceholder="All states"
        options={STATE_OPTIONS}
        choice={view.filters.choice ?? ''}
        onChoice={(value) => view.setChoice(OUTBOX_STATES.find((state) => state === value) ?? null)}
        filtered={view.filtered}
        onClear={view.clear}
      />
      <PagedList
        query={list}
        items={(data) => data.messages}
        noun="e-mails"
        page={view.filters.page}
        filtered={view.filtered}
        onClear={view.clear}
        onPage={view.setPage}
        errorTitle={OUTBOX_MSG.load}
        empty={{
          icon: Mails,
          title: OUTBOX_MSG.none,
          filteredText: 'No e-mail matches this search and state.',
          text: 'E-mails appear here as soon as an order, an invitation, an installation or a quote sends one.',
        }}
      >
        {(messages, dimmed) => (
          <OutboxTable
            messages={messages}
            dimmed={dimmed}
            delivering={list.data?.delivering ?? false}
            onPreview={setPreview}
            onRetry={onRetry}
            retryingId={retryingId}
          />
        )}
      </PagedList>
      {preview ? (
        <OutboxPreviewDialog
          message={preview}
          onClose={() => setPreview(null)}
          onRetry={onRetry}
          retrying={retryingId === preview._id}
        />
      ) : null}
    </div>
  );
}

/** Whether e-mails leave (SMTP) or stay here: said once, above the list. */
function DeliveryBanner({ delivering }: { delivering: boolean }) {
  const Icon = delivering ? MailCheck : MailWarning;
  return (
    <div
      className={
        delivering
          ? 'flex gap-3 rounded-xl border border-sky-500/30 bg-sky-500/10 p-4 text-sm text-sky-100'
          : 'flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm text-amber-100'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      {delivering ? (
        <p>
          <span className="font-medium">E-mails are delivered by SMTP.</span> One the mail server refuses is
          tried again later, waiting longer each time; after 8 attempts it is marked failed and can be sent
          again from here.
        </p>
      ) : (
        <p>
          <span className="font-medium">E-mails are not being sent: SMTP is not set up</span> (the server’s
          SMTP_URL setting). They are kept here and in the server log; open Preview to read one.
        </p>
      )}
    </div>
  );
}
