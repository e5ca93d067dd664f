import type { AccountElectrician } from '@isaac/contract';
import { HardHat } from 'lucide-react';
import { useState } from 'react';
import { ListBody } from '~/components/list';
import { Badge, ConfirmDialog, Button } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useHomeElectricians, useRevokeElectrician } from '../../api/electricians-access';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/**
 * The owner's settings: which electricians may work in their home (full access, or read-only once the
 * grace period after the completed installation is over), each with Revoke (issue 11, ADR 033).
 */
export function ElectricianAccess() {
  const list = useHomeElectricians();
  const revoke = useRevokeElectrician();
  const [revoking, setRevoking] = useState<AccountElectrician | null>(null);
  const { t } = useOwnerT();
  return (
    <>
      <ListBody
        query={list}
        items={(data) => data.electricians}
        noun={t('settings.electriciansNoun')}
        errorTitle={t('settings.electriciansLoadFailed')}
        empty={{
          icon: HardHat,
          title: t('settings.noElectrician'),
          text: t('settings.noElectricianText'),
        }}
      >
        {(electricians) => (
          <ul className="divide-y divide-slate-700/70">
            {electricians.map((e) => (
              <li
                key={e._id}
                className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-100">{e.name}</p>
                  <p className="text-xs break-all text-slate-400">
                    {e.email}
                    {e.mobile ? ` · ${e.mobile}` : ''}
                  </p>
                  <p className="text-xs text-slate-400">
                    {e.access === 'read_only'
                      ? t('settings.readOnlySince', { date: formatDateTime(e.read_only_from) })
                      : e.read_only_from
                        ? t('settings.changesUntil', { date: formatDateTime(e.read_only_from) })
                        : t('settings.changesWhile')}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={e.access === 'full' ? 'green' : 'slate'}>
                    {e.access === 'full' ? t('settings.fullAccess') : t('settings.readOnly')}
                  </Badge>
                  <Button variant="outline" size="sm" onClick={() => setRevoking(e)}>
                    {t('settings.revoke')}
                    <span className="sr-only"> {t('settings.revokeOf', { name: e.name })}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.revokeTitle')}
        message={revoking ? t('settings.revokeText', { name: revoking.name }) : ''}
        confirmLabel={t('settings.revoke')}
        variant="danger"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking._id, { onSettled: () => setRevoking(null) });
        }}
      />
    </>
  );
}
