import type { LinkedService } from '@isaac/contract';
import { Mic } from 'lucide-react';
import { useState } from 'react';
import { ListBody } from '~/components/list';
import { Button, ConfirmDialog } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useLinkedServices, useUnlinkService } from '../../api/linked-services-access';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/**
 * The owner's settings: the voice assistants linked to the account (issue 12, ADR 035), when each was
 * linked and last used, what it may do, and Unlink (its tokens stop working at once).
 */
export function LinkedServicesList() {
  const list = useLinkedServices();
  const unlink = useUnlinkService();
  const [unlinking, setUnlinking] = useState<LinkedService | null>(null);
  const { t } = useOwnerT();
  return (
    <>
      <ListBody
        query={list}
        items={(data) => data.services}
        noun={t('settings.servicesNoun')}
        errorTitle={t('settings.servicesLoadFailed')}
        empty={{
          icon: Mic,
          title: t('settings.noService'),
          text: t('settings.noServiceText'),
        }}
      >
        {(services) => (
          <ul className="divide-y divide-slate-700/70">
            {services.map((service) => (
              <li
                key={service._id}
                className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-100">{service.client_name}</p>
                  <p className="text-xs text-slate-400">{t('settings.may')}</p>
                  <p className="text-xs text-slate-400">
                    {t('settings.linkedOn', { date: formatDateTime(service.linked_at) })} ·{' '}
                    {service.last_used_at
                      ? t('settings.lastUsed', { date: formatDateTime(service.last_used_at) })
                      : t('settings.notUsed')}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setUnlinking(service)}>
                  {t('settings.unlink')}
                  <span className="sr-only"> {service.client_name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      <ConfirmDialog
        open={unlinking !== null}
        title={t('settings.unlinkTitle')}
        message={unlinking ? t('settings.unlinkText', { name: unlinking.client_name }) : ''}
        confirmLabel={t('settings.unlink')}
        variant="danger"
        busy={unlink.isPending}
        onCancel={() => setUnlinking(null)}
        onConfirm={() => {
          if (unlinking) unlink.mutate(unlinking._id, { onSettled: () => setUnlinking(null) });
        }}
      />
    </>
  );
}
