import { OAUTH_SCOPE_DESCRIPTION, type LinkedService } from '@isaac/contract';
import { Mic } from 'lucide-react';
import { useState } from 'react';
import { Button, ConfirmDialog, EmptyState, ErrorState, PanelLoading } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useLinkedServices, useUnlinkService } from '../../api/linked-services-access';

/**
 * The owner's settings: the voice assistants linked to the account (issue 12, ADR 035), when each was
 * linked and last used, what it may do, and Unlink (its tokens stop working at once).
 */
export function LinkedServicesList() {
  const list = useLinkedServices();
  const unlink = useUnlinkService();
  const [unlinking, setUnlinking] = useState<LinkedService | null>(null);
  if (list.isPending) return <PanelLoading label="Loading linked services…" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Error loading linked services"
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.services.length === 0) {
    return (
      <EmptyState
        icon={Mic}
        title="No voice assistant is linked"
        description="Link Isaac from the Google Home or Alexa app to control your devices by voice."
      />
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-700/70">
        {list.data.services.map((service) => (
          <li
            key={service._id}
            className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-100">{service.client_name}</p>
              <p className="text-xs text-slate-400">May {OAUTH_SCOPE_DESCRIPTION.toLowerCase()}</p>
              <p className="text-xs text-slate-400">
                Linked {formatDateTime(service.linked_at)} ·{' '}
                {service.last_used_at ? `last used ${formatDateTime(service.last_used_at)}` : 'not used yet'}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setUnlinking(service)}>
              Unlink<span className="sr-only"> {service.client_name}</span>
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink service"
        message={
          unlinking ? `${unlinking.client_name} will no longer be able to see or control your devices.` : ''
        }
        confirmLabel="Unlink"
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
