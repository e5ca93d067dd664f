import type { AdminDevice } from '@isaac/contract';
import { Button, ErrorState, Modal } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useDeviceMessages } from '../../api/get-device-messages';

interface DeviceMessagesDialogProps {
  device: AdminDevice;
  onClose: () => void;
}

/**
 * What a device sent that the platform did not store (issue 27): messages refused at the edge (too large,
 * not JSON, a reading out of its physical range) with the last reason, messages over its publish rate, and
 * readings shed while the ingest buffer was full.
 */
export function DeviceMessagesDialog({ device, onClose }: DeviceMessagesDialogProps) {
  const stats = useDeviceMessages(device._id);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Messages from ${device.name}`}
      description="What this device sent that was not stored, since it was added."
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {stats.isPending ? (
        <p role="status" aria-busy="true" className="text-sm text-slate-400">
          Loading…
        </p>
      ) : stats.isError ? (
        <ErrorState
          title="Could not load the device's messages"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <Figure label="Refused" value={stats.data.refused} hint="invalid, too large or out of range" />
          <Figure label="Over its rate" value={stats.data.rate_limited} hint="dropped by the broker" />
          <Figure label="Shed" value={stats.data.shed} hint="while ingest was saturated" />
          <div className="sm:col-span-3">
            <dt className="text-slate-400">Last refusal</dt>
            <dd className="mt-1 break-words text-slate-100">
              {stats.data.last_refusal ? (
                <>
                  <span className="font-mono text-xs">{stats.data.last_refusal}</span>
                  <span className="block text-xs text-slate-400">
                    {formatDateTime(stats.data.last_refused_at)}
                  </span>
                </>
              ) : (
                'None'
              )}
            </dd>
          </div>
        </dl>
      )}
    </Modal>
  );
}

function Figure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="rounded-lg border border-slate-700 p-3">
      <dt className="text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-100">{value.toLocaleString('en-IN')}</dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}
