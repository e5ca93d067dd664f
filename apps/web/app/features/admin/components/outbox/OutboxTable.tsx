import type { OutboxMessage } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Eye, RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { Badge, Button, DataTable, type TableSort } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { EMAIL_KIND_LABELS, OUTBOX_STATE_LABELS, OUTBOX_STATE_TONES } from '../../model/outbox';

/** One line under an e-mail's state: when it went, when it is tried again, or why it failed. */
export function stateNote(message: OutboxMessage, delivering: boolean): string | null {
  if (message.state === 'sent') return message.sent_at ? `Sent ${formatDateTime(message.sent_at)}` : null;
  if (message.state === 'failed') return message.last_error;
  if (!delivering) return 'Kept here (not sent)';
  if (message.attempts > 0 && message.next_attempt_at)
    return `Next try ${formatDateTime(message.next_attempt_at)}`;
  return 'Waiting to be sent';
}

export function OutboxStateBadge({ message }: { message: OutboxMessage }) {
  return (
    <Badge tone={OUTBOX_STATE_TONES[message.state]} className="whitespace-nowrap">
      {OUTBOX_STATE_LABELS[message.state]}
    </Badge>
  );
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OutboxMessage>();

/**
 * One page of the outbox: recipient, subject, kind, state (with when it went, its next try or its error),
 * attempts and when it was written; Preview on every row and Retry on failed ones, in the pinned column.
 */
export function OutboxTable({
  messages,
  dimmed,
  delivering,
  onPreview,
  onRetry,
  retryingId,
  sort,
}: {
  messages: OutboxMessage[];
  dimmed: boolean;
  delivering: boolean;
  sort?: TableSort;
  onPreview: (message: OutboxMessage) => void;
  onRetry: (message: OutboxMessage) => void;
  /** The e-mail whose Retry is in flight. */
  retryingId: string | null;
}) {
  const columns = useMemo(() => outboxColumns(delivering), [delivering]);
  const table = useTable({ features, columns, data: messages, getRowId: (message) => message._id });
  return (
    <DataTable
      table={table}
      label="E-mails"
      minWidth="min-w-[56rem]"
      rowHeader="to"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(message) => (
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPreview(message)}
            icon={<Eye aria-hidden="true" className="h-4 w-4" />}
          >
            Preview<span className="sr-only"> the e-mail to {message.to}</span>
          </Button>
          {message.state === 'failed' ? (
            <Button
              variant="secondary"
              size="sm"
              loading={retryingId === message._id}
              onClick={() => onRetry(message)}
              icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
            >
              Retry<span className="sr-only"> the e-mail to {message.to}</span>
            </Button>
          ) : null}
        </div>
      )}
    />
  );
}

/** The columns; the state's note depends on whether the outbox is delivered. */
function outboxColumns(delivering: boolean) {
  return column.columns([
    column.accessor('to', {
      header: 'To',
      cell: (info) => <span className="break-all text-slate-100">{info.getValue()}</span>,
    }),
    column.accessor('subject', {
      header: 'Subject',
      cell: (info) => <span className="line-clamp-2">{info.getValue()}</span>,
    }),
    column.accessor('kind', {
      header: 'Kind',
      cell: (info) => <span className="whitespace-nowrap">{EMAIL_KIND_LABELS[info.getValue()]}</span>,
    }),
    column.accessor('state', {
      header: 'State',
      cell: (info) => {
        const note = stateNote(info.row.original, delivering);
        return (
          <div className="min-w-0 space-y-1">
            <OutboxStateBadge message={info.row.original} />
            {note ? (
              <div className="line-clamp-2 text-xs break-words text-slate-400" title={note}>
                {note}
              </div>
            ) : null}
          </div>
        );
      },
    }),
    column.accessor('attempts', {
      header: 'Attempts',
      cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
    }),
    column.accessor('created_at', {
      header: 'Created',
      cell: (info) => (
        <time dateTime={info.getValue()} className="whitespace-nowrap">
          {formatDateTime(info.getValue())}
        </time>
      ),
    }),
  ]);
}
