import type { OutboxMessage } from '@isaac/contract';
import { RotateCw } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button, cx, ErrorState, Modal, Spinner } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useOutboxMessage } from '../../api/get-outbox-message';
import { EMAIL_KIND_LABELS, OUTBOX_MSG } from '../../model/outbox';
import { OutboxStateBadge } from './OutboxTable';

const TABS = [
  { id: 'html', label: 'HTML' },
  { id: 'text', label: 'Plain text' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * An e-mail as its recipient gets it: subject, recipient, kind and state, its last error, and its two bodies
 * in tabs — the HTML in a sandboxed frame (no scripts, no navigation, no access to this page) and the plain
 * text as written. Retry on a failed e-mail.
 */
export function OutboxPreviewDialog({
  message,
  onClose,
  onRetry,
  retrying,
}: {
  /** The row it was opened from (subject and recipient show while the bodies load). */
  message: OutboxMessage;
  onClose: () => void;
  onRetry: (message: OutboxMessage) => void;
  retrying: boolean;
}) {
  const detail = useOutboxMessage(message._id);
  const shown = detail.data ?? message;
  const [tab, setTab] = useState<Tab>('html');
  const id = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ html: null, text: null });

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, selection follows focus).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next]!.id;
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={<span className="break-words">{shown.subject}</span>}
      description={<span className="break-all">To {shown.to}</span>}
      footer={
        <>
          {shown.state === 'failed' ? (
            <Button
              variant="secondary"
              loading={retrying}
              onClick={() => onRetry(shown)}
              icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
            >
              Retry
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-300">
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-400">Kind</dt>
            <dd>{EMAIL_KIND_LABELS[shown.kind]}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-400">State</dt>
            <dd>
              <OutboxStateBadge message={shown} />
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-400">Attempts</dt>
            <dd className="tabular-nums">{shown.attempts}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-400">Created</dt>
            <dd>
              <time dateTime={shown.created_at}>{formatDateTime(shown.created_at)}</time>
            </dd>
          </div>
        </dl>
        {shown.last_error && shown.state !== 'sent' ? (
          <p className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm break-words text-red-200">
            <span className="font-medium">Last error:</span> {shown.last_error}
          </p>
        ) : null}

        <div role="tablist" aria-label="Body" className="flex gap-1 rounded-xl bg-slate-900/60 p-1 sm:w-max">
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(element) => {
                tabRefs.current[t.id] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${id}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
              className={cx(
                'flex-1 rounded-lg px-4 py-1.5 text-sm font-medium transition-colors sm:flex-none',
                'focus-visible:outline-2 focus-visible:outline-sky-400',
                tab === t.id ? 'bg-sky-700 text-white' : 'text-slate-300 hover:bg-slate-700/60',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
          {detail.isPending ? (
            <div className="flex h-40 items-center justify-center text-slate-400">
              <Spinner label="Loading the e-mail…" />
            </div>
          ) : detail.isError ? (
            <ErrorState
              title={OUTBOX_MSG.loadOne}
              message={detail.error.message}
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : tab === 'html' ? (
            <iframe
              // An empty sandbox: the e-mail's HTML cannot run scripts, submit forms or navigate anywhere.
              sandbox=""
              srcDoc={detail.data.html}
              title={`HTML of “${detail.data.subject}”`}
              className="h-[60vh] min-h-80 w-full rounded-lg border border-slate-700 bg-white"
            />
          ) : (
            <pre
              tabIndex={0}
              aria-label={`Plain text of “${detail.data.subject}”`}
              className="max-h-[60vh] overflow-auto rounded-lg border border-slate-700 bg-slate-900 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-200 focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              {detail.data.text}
            </pre>
          )}
        </div>
      </div>
    </Modal>
  );
}
