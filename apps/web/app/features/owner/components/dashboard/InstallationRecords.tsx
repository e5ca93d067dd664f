import { ROLE, type OwnerInstallation } from '@isaac/contract';
import { ClipboardCheck } from 'lucide-react';
import { Badge, ErrorState, Panel, PanelLoading } from '~/components/ui';
import { useAuth } from '~/lib/auth';
import { formatCalendarDate, formatDateTime } from '~/lib/format';
import { useMyInstallations } from '../../api/list-installations';
import { useOwnerT } from '~/lib/i18n/owner-texts';

const STATUS_TONE = { pending: 'yellow', in_progress: 'blue', completed: 'green' } as const;

/**
 * The owner's installation records (issue 11): who installed what, when, the handover notes and the
 * customer's signature. Shown to owners (an electrician's own /owner has no installations of its own).
 */
export function InstallationRecords() {
  const { user } = useAuth();
  const list = useMyInstallations(user?.role === ROLE.owner);
  const { t } = useOwnerT();
  if (user?.role !== ROLE.owner) return null;
  if (list.isSuccess && list.data.installations.length === 0) return null;
  return (
    <Panel id="owner-installations" title={t('records.title')}>
      {list.isPending ? (
        <PanelLoading label={t('records.loading')} />
      ) : list.isError ? (
        <ErrorState
          title={t('records.loadFailed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <ul className="space-y-4">
          {list.data.installations.map((i) => (
            <Record key={i._id} installation={i} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Record({ installation: i }: { installation: OwnerInstallation }) {
  const { t } = useOwnerT();
  return (
    <li>
      <article
        aria-label={t('records.by', { name: i.electrician.name })}
        className="space-y-2 rounded-lg border border-slate-700 p-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-slate-100">
            <ClipboardCheck aria-hidden="true" className="mr-1 inline h-4 w-4 text-sky-300" />
            {i.electrician.name}
          </p>
          <Badge tone={STATUS_TONE[i.status]}>{t(`records.status.${i.status}`)}</Badge>
        </div>
        <p className="text-xs text-slate-400">
          {i.completed_at
            ? t('records.completed', { date: formatDateTime(i.completed_at) })
            : t('records.planned', { date: formatCalendarDate(i.installation_date) })}
          {i.session_id ? ` · ${i.session_id}` : ''}
          {' · '}
          {i.devices.map((d) => d.device_name).join(', ') || t('records.noDevices')}
        </p>
        {i.handover_notes ? (
          <p className="text-sm text-slate-300">{t('records.handover', { notes: i.handover_notes })}</p>
        ) : null}
        {i.signature && i.signature_image ? (
          <figure className="space-y-1">
            <img
              src={i.signature_image}
              alt={t('records.signatureOf', { name: i.signature.signed_by })}
              className="h-20 rounded border border-slate-600 bg-white"
            />
            <figcaption className="text-xs text-slate-400">
              {t('records.signedBy', {
                name: i.signature.signed_by,
                date: formatDateTime(i.signature.signed_at),
              })}
            </figcaption>
          </figure>
        ) : null}
      </article>
    </li>
  );
}
