import { MSG } from '@isaac/contract';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, ConfirmDialog, ErrorState, Spinner } from '~/components/ui';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { type AccountSession, useSessions } from '../api/list-sessions';
import { formatDateTime } from '~/lib/format';
import { describeUserAgent } from '../model/user-agent';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/;

/**
 * The account's active sessions, this device first, with End session for each other one and "Sign out all
 * other sessions" (after a confirmation) when there is any.
 */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);

  if (sessions.isPending) {
    return (
      <div className="flex justify-center py-8 text-sky-400">
        <Spinner size="lg" label="Loading sessions…" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <ErrorState
        title={MSG.loadSessions}
        message={sessions.error.message}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  }
  const list = [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  if (list.length === 0) return <p className="text-sm text-slate-400">No active sessions.</p>;

  const others = list.filter((s) => !s.current).length;

  return (
    <div className="space-y-4">
      <ul aria-label="Active sessions" className="divide-y divide-slate-700/70">
        {list.map((session) => (
          <SessionRow
            key={session._id}
            session={session}
            ending={end.isPending && end.variables === session._id}
            onEnd={() => end.mutate(session._id)}
          />
        ))}
      </ul>
      {others > 0 ? (
        <div className="flex justify-end border-t border-slate-700/70 pt-4">
          <Button
            variant="danger"
            size="sm"
            loading={endOthers.isPending}
            onClick={() => setConfirming(true)}
            icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
          >
            Sign out all other sessions
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Sign out all other sessions?"
        message={`Every other device signed in to your account (${others} ${others === 1 ? 'session' : 'sessions'}) is signed out and must sign in again. This device stays signed in.`}
        confirmLabel="Sign out others"
        variant="danger"
        busy={endOthers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const device = describeUserAgent(session.user_agent);
  const Icon = session.user_agent && MOBILE.test(session.user_agent) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="shrink-0 rounded-lg bg-slate-700/60 p-2 text-slate-300">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-white">
          <span className="truncate" title={session.user_agent ?? undefined}>
            {device}
          </span>
          {session.current ? <Badge tone="green">This device</Badge> : null}
        </p>
        <p className="text-xs text-slate-400">
          IP {session.ip ?? 'unknown'} · Last seen {formatDateTime(session.last_seen_at)} · Signed in{' '}
          {formatDateTime(session.created_at)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={ending}
          onClick={onEnd}
          aria-label={`End session: ${device}, last seen ${formatDateTime(session.last_seen_at)}`}
          icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
        >
          End session
        </Button>
      )}
    </li>
  );
}
