import { MSG } from '@isaac/contract';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { ListBody } from '~/components/list';
import { Badge, Button, ConfirmDialog } from '~/components/ui';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { type AccountSession, useSessions } from '../api/list-sessions';
import { formatDateTime } from '~/lib/format';
import { userAgentParts } from '../model/user-agent';
import { useAccountT } from '~/lib/i18n/account-texts';

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
  const { t } = useAccountT();

  // This device first.
  const list = [...(sessions.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((s) => !s.current).length;

  return (
    <ListBody
      query={sessions}
      items={() => list}
      noun={t('sessions.noun')}
      errorTitle={MSG.loadSessions}
      empty={{
        icon: MonitorSmartphone,
        title: t('sessions.none'),
        text: t('sessions.noneText'),
      }}
    >
      {() => (
        <div className="space-y-4">
          <ul aria-label={t('sessions.list')} className="divide-y divide-slate-700/70">
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
                {t('sessions.signOutOthers')}
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirming}
            title={t('sessions.confirmTitle')}
            message={t('sessions.confirmText', { count: others })}
            confirmLabel={t('sessions.confirm')}
            variant="danger"
            busy={endOthers.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setConfirming(false) })}
          />
        </div>
      )}
    </ListBody>
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
  const { t } = useAccountT();
  const described = userAgentParts(session.user_agent);
  const device =
    described === null
      ? t('sessions.unknownDevice')
      : typeof described === 'string'
        ? described
        : t('sessions.browserOn', described);
  const seen = formatDateTime(session.last_seen_at);
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
          {session.current ? <Badge tone="green">{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-slate-400">
          {t('sessions.details', {
            ip: session.ip ?? t('sessions.unknownIp'),
            seen,
            signedIn: formatDateTime(session.created_at),
          })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={ending}
          onClick={onEnd}
          aria-label={t('sessions.endLabel', { device, seen })}
          icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
