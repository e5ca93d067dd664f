import type { Notification } from '@isaac/contract';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, cx, ErrorState, Spinner } from '~/components/ui';
import { useNotifications, useUnreadCount } from '../api/list-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { timeAgo } from '../model/time';
import { useCommonT } from '~/lib/i18n';

/**
 * The bell of every role's shell (issue 33): the unread count as a badge (refreshed every 30 s), and a
 * panel with the latest notifications — each links to its subject and is marked read when opened — and
 * Mark all read. The panel closes on Escape, on a click outside and when a link is followed; focus
 * returns to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const unread = useUnreadCount().data?.unread ?? 0;
  const { t } = useCommonT();

  const close = (focusBell = true) => {
    setOpen(false);
    if (focusBell) bellRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !bellRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    panelRef.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label = unread > 0 ? t('notifications.unreadLabel', { count: unread }) : t('notifications.title');
  return (
    <div className="relative">
      <button
        ref={bellRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-lg p-2 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-500 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="region"
          aria-label={t('notifications.title')}
          tabIndex={-1}
          className="fixed inset-x-2 top-16 z-40 max-h-[75vh] overflow-y-auto rounded-xl border border-slate-700 bg-slate-900 shadow-2xl outline-none sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <NotificationPanel onFollow={() => close(false)} unread={unread} />
        </div>
      ) : null}
    </div>
  );
}

function NotificationPanel({ onFollow, unread }: { onFollow: () => void; unread: number }) {
  const list = useNotifications(1, false, true);
  const markAll = useMarkAllRead();
  const { t } = useCommonT();
  return (
    <>
      <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-800 bg-slate-900 px-4 py-3">
        <h2 className="text-sm font-semibold text-white">{t('notifications.title')}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          icon={<CheckCheck aria-hidden="true" className="h-4 w-4" />}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : list.isError ? (
        <ErrorState
          className="m-3"
          title={t('notifications.load')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.notifications.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-400">{t('notifications.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-800">
          {list.data.notifications.map((n) => (
            <NotificationItem key={n._id} notification={n} onFollow={onFollow} />
          ))}
        </ul>
      )}
    </>
  );
}

function NotificationItem({
  notification: n,
  onFollow,
}: {
  notification: Notification;
  onFollow: () => void;
}) {
  const markRead = useMarkRead();
  const { t } = useCommonT();
  const unread = n.read_at === null;
  const text = (
    <>
      <span className="flex items-start gap-2">
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-sky-400" />
        ) : null}
        <span className={cx('text-sm', unread ? 'font-semibold text-white' : 'text-slate-200')}>
          {n.title}
        </span>
      </span>
      <span className="mt-0.5 block text-sm text-slate-400">{n.body}</span>
      <time dateTime={n.created_at} className="mt-1 block text-xs text-slate-500">
        {timeAgo(n.created_at, new Date(), t('notifications.justNow'))}
        {unread ? <span className="sr-only"> {t('notifications.unread')}</span> : null}
      </time>
    </>
  );
  return (
    <li className="flex items-start gap-2 px-4 py-3">
      {n.link ? (
        <Link
          to={n.link}
          className="min-w-0 flex-1 rounded focus-visible:outline-2 focus-visible:outline-sky-400"
          onClick={() => {
            if (unread) markRead.mutate(n._id);
            onFollow();
          }}
        >
          {text}
        </Link>
      ) : (
        <div className="min-w-0 flex-1">{text}</div>
      )}
      {unread ? (
        <Button
          variant="ghost"
          size="sm"
          loading={markRead.isPending}
          onClick={() => markRead.mutate(n._id)}
          aria-label={t('notifications.markReadOf', { title: n.title })}
        >
          {t('notifications.markRead')}
        </Button>
      ) : null}
    </li>
  );
}
