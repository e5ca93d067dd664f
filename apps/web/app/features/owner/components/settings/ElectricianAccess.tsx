import type { AccountElectrician } from '@isaac/contract';
import { HardHat } from 'lucide-react';
import { useState } from 'react';
import { Badge, ConfirmDialog, EmptyState, ErrorState, PanelLoading, Button } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useHomeElectricians, useRevokeElectrician } from '../../api/electricians-access';

/**
 * The owner's settings: which electricians may work in their home (full access, or read-only once the
 * grace period after the completed installation is over), each with Revoke (issue 11, ADR 033).
 */
export function ElectricianAccess() {
  const list = useHomeElectricians();
  const revoke = useRevokeElectrician();
  const [revoking, setRevoking] = useState<AccountElectrician | null>(null);
  if (list.isPending) return <PanelLoading label="Loading electricians…" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Error loading electricians"
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.electricians.length === 0) {
    return <EmptyState icon={HardHat} title="No electrician has access to your home" />;
  }
  return (
    <>
      <ul className="divide-y divide-slate-700/70">
        {list.data.electricians.map((e) => (
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
                  ? `Can only view your home since ${formatDateTime(e.read_only_from)}`
                  : e.read_only_from
                    ? `Can make changes until ${formatDateTime(e.read_only_from)}`
                    : 'Can make changes while the installation is under way'}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={e.access === 'full' ? 'green' : 'slate'}>
                {e.access === 'full' ? 'Full access' : 'Read-only'}
              </Badge>
              <Button variant="outline" size="sm" onClick={() => setRevoking(e)}>
                Revoke<span className="sr-only"> access of {e.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke access"
        message={revoking ? `${revoking.name} will no longer see or change anything in your home.` : ''}
        confirmLabel="Revoke"
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
