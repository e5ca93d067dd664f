import {
  ADMIN_MSG,
  CONTACT_MESSAGE_STATES,
  CONTACT_SUBJECTS,
  type ContactMessage,
  type ContactMessageState,
} from '@isaac/contract';
import { CheckCircle2, Inbox, Mail, RotateCcw } from 'lucide-react';
import { ListBody, ListFilter, ListHeader, ListToolbar, useListView } from '~/components/list';
import { Badge, Button, byTime, type SortOption } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { INBOX_PAGE_SIZE } from '../../api/inbox-keys';
import { useContactMessageList } from '../../api/list-contact-messages';
import { useSetContactMessageHandled } from '../../api/set-contact-message-handled';
import { messageListView } from '../../model/inbox-filters';

const STATE_LABELS: Record<ContactMessageState, string> = { open: 'Open', handled: 'Handled' };
const STATE_OPTIONS = CONTACT_MESSAGE_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }));
const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
  { sort: 'email', order: 'asc', label: 'E-mail (A–Z)' },
  { sort: 'subject', order: 'asc', label: 'Subject' },
];

export function subjectLabel(subject: ContactMessage['subject']): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

/** A reply in the admin's mail program: to the sender, 'Re: <subject>'. */
export function replyLink(message: ContactMessage): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${subjectLabel(message.subject)}`)}`;
}

/**
 * /admin/messages: the contact form's messages, newest first or sorted — open or handled, search by name,
 * e-mail or text (kept in the URL); each can be answered by e-mail and marked handled (or opened again).
 */
export function MessagesPage() {
  const view = useListView(messageListView);
  const list = useContactMessageList(view.state, INBOX_PAGE_SIZE);
  return (
    <div className="space-y-6">
      <ListHeader
        title="Messages"
        intro="What people wrote on the contact page."
        total={list.data?.total}
        nouns={{ one: 'message', many: 'messages' }}
        filtered={view.filtered}
      />
      <ListToolbar
        list={view}
        search={{ label: 'Find messages', placeholder: 'Name, e-mail or text' }}
        sortOptions={SORT_OPTIONS}
      >
        <ListFilter
          list={view}
          name="state"
          label="State"
          placeholder="All messages"
          options={STATE_OPTIONS}
        />
      </ListToolbar>
      <ListBody
        query={list}
        items={(data) => data.contact_messages}
        noun="messages"
        errorTitle={ADMIN_MSG.loadMessages}
        empty={{
          icon: Inbox,
          title: ADMIN_MSG.noMessages,
          filteredText: 'No message matches this search and state.',
          text: 'Messages sent from the contact page appear here.',
        }}
        list={view}
      >
        {(messages, dimmed) => (
          <ul aria-label="Messages" className={dimmed ? 'space-y-3 opacity-60' : 'space-y-3'}>
            {messages.map((message) => (
              <MessageCard key={message._id} message={message} />
            ))}
          </ul>
        )}
      </ListBody>
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const setHandled = useSetContactMessageHandled();
  const handled = message.handled_at !== null;
  const headingId = `message-${message._id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-medium text-slate-100">
              {message.name} · {subjectLabel(message.subject)}
            </h3>
            <p className="text-xs break-all text-slate-400">
              {message.email} ·{' '}
              <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
            </p>
          </div>
          <Badge tone={handled ? 'green' : 'yellow'}>{handled ? 'Handled' : 'Open'}</Badge>
        </header>
        <p className="text-sm break-words whitespace-pre-wrap text-slate-300">{message.message}</p>
        <footer className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-400">
            {handled && message.handled_at
              ? `Handled ${formatDateTime(message.handled_at)}${message.handled_by ? ` by ${message.handled_by}` : ''}`
              : 'Waiting for an answer'}
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              href={replyLink(message)}
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-sky-300 hover:bg-slate-700/60 focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              <Mail aria-hidden="true" className="h-4 w-4" />
              Reply<span className="sr-only"> to {message.name}</span>
            </a>
            <Button
              variant="outline"
              size="sm"
              loading={setHandled.isPending}
              onClick={() => setHandled.mutate({ id: message._id, handled: !handled })}
              icon={
                handled ? (
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                )
              }
            >
              {handled ? 'Open again' : 'Mark handled'}
              <span className="sr-only"> — message from {message.name}</span>
            </Button>
          </div>
        </footer>
      </article>
    </li>
  );
}
