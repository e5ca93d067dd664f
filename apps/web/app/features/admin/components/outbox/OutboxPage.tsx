import { OUTBOX_STATES, type OutboxMessage } from '@isaac/contract';
import { MailCheck, MailWarning, Mails } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListFilter, ListHeader, ListToolbar, useListView } from '~/components/list';
import { OUTBOX_PAGE_SIZE } from '../../api/outbox-keys';
import { useOutboxList } from '../../api/list-outbox';
import { useRetryOutboxMessage } from '../../api/retry-outbox-message';
import { OUTBOX_MSG, OUTBOX_STATE_LABELS, outboxListView } from '../../model/outbox';
import { OutboxPreviewDialog } from './OutboxPreviewDialog';
import { OutboxTable } from './OutboxTable';

const STATE_OPTIONS = OUTBOX_STATES.map((state) => ({ value: state, label: OUTBOX_STATE_LABELS[state] }));

/**
 * /admin/outbox: every e-mail the platform wrote (order confirmations, invitations, installation news,
 * quotes), newest first — by state and recipient or subject (kept in the URL); whether they are being
 * delivered (SMTP) or kept here; a preview of each as its recipient sees it, and Retry on failed ones.
 */
export function OutboxPage() {
  const view = useListView(outboxListView);
  const list = useOutboxList(view.state, OUTBOX_PAGE_SIZE);
  const retry = useRetryOutboxMessage();
  const [preview, setPreview] = useState<OutboxMessage | null>(null);
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;
  const onRetry = (message: OutboxMessage) => retry.mutate(message._id);

  return (
    <div className="space-y-6">
      <ListHeader
        title="Outbox"
        intro="E-mails the platform sends to customers."
        total={list.data?.total}
        nouns={{ one: 'e-mail', many: 'e-mails' }}
        filtered={view.filtered}
      />
      {list.data ? <DeliveryBanner delivering={list.data.delivering} /> : null}
      <ListToolbar list={view} search={{ label: 'Find e-mails', placeholder: 'Recipient or subject' }}>
        <ListFilter list={view} name="state" label="State" placeholder="All states" options={STATE_OPTIONS} />
      </ListToolbar>
      <ListBody
        query={list}
        items={(data) => data.messages}
        noun="e-mails"
        errorTitle={OUTBOX_MSG.load}
        empty={{
          icon: Mails,
          title: OUTBOX_MSG.none,
          filteredText: 'No e-mail matches this search and state.',
          text: 'E-mails appear here as soon as an order, an invitation, an installation or a quote sends one.',
        }}
        list={view}
      >
        {(messages, dimmed, data) => (
          <OutboxTable
            messages={messages}
            dimmed={dimmed}
            delivering={data.delivering}
            sort={view.tableSort()}
            onPreview={setPreview}
            onRetry={onRetry}
            retryingId={retryingId}
          />
        )}
      </ListBody>
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
