import {
  ADMIN_PATHS,
  DEVICE_TYPE_NAMES,
  type DeviceType,
  type Rollout,
  type RolloutDevice,
} from '@isaac/contract';
import { ChevronDown, ChevronUp, Pause, Play, RotateCcw, Rocket, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, EmptyState, ErrorState, PanelLoading, cx } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useRollout, useRolloutAction, useRollouts, type RolloutAction } from '../../api/rollouts';

const STATUS_TONE: Record<Rollout['status'], 'green' | 'blue' | 'yellow' | 'red' | 'slate'> = {
  running: 'blue',
  paused: 'yellow',
  halted: 'red',
  cancelled: 'slate',
  completed: 'green',
};
const STATE_ORDER = [
  'QUEUED',
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
  'UPDATED',
  'FAILED',
  'SKIPPED',
  'CANCELLED',
] as const;
const STATE_TEXT: Record<string, string> = {
  QUEUED: 'Queued',
  INITIATED: 'Initiated',
  DOWNLOADING: 'Downloading',
  DOWNLOADED: 'Downloaded',
  VERIFIED: 'Verified',
  UPDATING: 'Updating',
  UPDATED: 'Updated',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  SKIPPED: 'Skipped',
};

/** The actions a rollout in `status` offers. */
function actionsFor(status: Rollout['status'], failed: number): RolloutAction[] {
  const actions: RolloutAction[] = [];
  if (status === 'running') actions.push('pause');
  if (status === 'paused' || status === 'halted') actions.push('resume');
  if (failed > 0 && status !== 'cancelled') actions.push('retry');
  if (status !== 'cancelled' && status !== 'completed') actions.push('cancel');
  return actions;
}
const ACTION_LABEL: Record<RolloutAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  retry: 'Retry failed',
};
const ACTION_ICON = { pause: Pause, resume: Play, cancel: XCircle, retry: RotateCcw } as const;

function DeviceTable({ devices }: { devices: RolloutDevice[] }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-700">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Devices of the rollout</caption>
        <thead className="bg-slate-900/60 text-xs text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              Device
            </th>
            <th scope="col" className="px-3 py-2">
              Stage
            </th>
            <th scope="col" className="px-3 py-2">
              State
            </th>
            <th scope="col" className="px-3 py-2">
              Progress
            </th>
            <th scope="col" className="px-3 py-2">
              Reason
            </th>
            <th scope="col" className="px-3 py-2">
              Since
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {devices.map((d) => (
            <tr key={d.device_id}>
              <td className="px-3 py-2 text-slate-100">
                {d.name}
                <span className="block text-xs text-slate-400">from {d.from_version ?? 'unknown'}</span>
              </td>
              <td className="px-3 py-2 tabular-nums">{d.stage + 1}</td>
              <td className="px-3 py-2">
                <Badge
                  tone={
                    d.state === 'UPDATED'
                      ? 'green'
                      : d.state === 'FAILED'
                        ? 'red'
                        : d.state === 'QUEUED' || d.state === 'CANCELLED'
                          ? 'slate'
                          : d.state === 'SKIPPED'
                            ? 'yellow'
                            : 'blue'
                  }
                >
                  {STATE_TEXT[d.state]}
                </Badge>
              </td>
              <td className="px-3 py-2 tabular-nums">{d.percent === null ? '–' : `${d.percent}%`}</td>
              <td className="px-3 py-2 text-slate-300">{d.reason ?? ''}</td>
              <td className="px-3 py-2 text-xs text-slate-400">{formatDateTime(d.state_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RolloutCard({ rollout }: { rollout: Rollout }) {
  const [open, setOpen] = useState(false);
  const detail = useRollout(open ? rollout._id : null);
  const act = useRolloutAction();
  const shown = detail.data?.rollout ?? rollout;
  const finished = shown.counts.UPDATED + shown.counts.FAILED;
  const title = `${DEVICE_TYPE_NAMES[shown.firmware.device_type as DeviceType] ?? shown.firmware.device_type} ${shown.firmware.version}`;
  return (
    <li className="rounded-xl border border-slate-700/80 bg-slate-800/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-white">
            <span>{title}</span>
            <Badge tone={STATUS_TONE[shown.status]}>{shown.status}</Badge>
          </h3>
          <p className="text-xs text-slate-400">
            {shown.firmware.filename} · started {formatDateTime(shown.created_at)} · stage{' '}
            {shown.current_stage + 1} of {shown.stages.length} ({shown.stages.join('% → ')}%) · up to{' '}
            {shown.max_concurrent} at once · halts over {shown.failure_threshold_percent}% failed
          </p>
          {shown.reason ? <p className="mt-1 text-sm text-red-300">{shown.reason}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {actionsFor(shown.status, shown.counts.FAILED).map((action) => {
            const Icon = ACTION_ICON[action];
            return (
              <Button
                key={action}
                size="sm"
                variant={action === 'cancel' ? 'outline' : 'secondary'}
                loading={act.isPending && act.variables?.action === action}
                onClick={() => act.mutate({ id: rollout._id, action })}
                icon={<Icon aria-hidden="true" className="h-4 w-4" />}
              >
                {ACTION_LABEL[action]}
                <span className="sr-only"> the rollout of {title}</span>
              </Button>
            );
          })}
        </div>
      </div>
      <div className="mt-3">
        <div
          role="progressbar"
          aria-label={`Rollout of ${title}`}
          aria-valuemin={0}
          aria-valuemax={shown.total}
          aria-valuenow={finished}
          aria-valuetext={`${shown.counts.UPDATED} updated, ${shown.counts.FAILED} failed of ${shown.total}`}
          className="flex h-2 overflow-hidden rounded-full bg-slate-700"
        >
          <div
            className="bg-emerald-500"
            style={{ width: `${(100 * shown.counts.UPDATED) / Math.max(1, shown.total)}%` }}
          />
          <div
            className="bg-red-500"
            style={{ width: `${(100 * shown.counts.FAILED) / Math.max(1, shown.total)}%` }}
          />
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {STATE_ORDER.map((state) => (
            <div key={state} className={cx('flex gap-1', shown.counts[state] === 0 && 'text-slate-500')}>
              <dt>{STATE_TEXT[state]}</dt>
              <dd className="font-semibold tabular-nums">{shown.counts[state]}</dd>
            </div>
          ))}
        </dl>
      </div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        className="mt-3 inline-flex items-center gap-1 rounded text-sm text-sky-300 hover:text-sky-200 focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        {open ? (
          <ChevronUp aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        )}
        {open ? 'Hide devices' : 'Show devices'}
        <span className="sr-only"> of the rollout of {title}</span>
      </button>
      {open ? (
        detail.isPending ? (
          <PanelLoading label="Loading devices…" />
        ) : detail.isError ? (
          <ErrorState
            title="Error loading the devices"
            message={detail.error.message}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <DeviceTable devices={detail.data.devices} />
        )
      ) : null}
    </li>
  );
}

/**
 * Admin → Devices → Rollouts (issue 14): every rollout with its status, stage, counts per device state and a
 * progress bar, live while one runs; the per-device table; pause, resume, cancel, retry. Rollouts start
 * from the Firmware screen ("Roll out").
 */
export function RolloutsPage() {
  const list = useRollouts();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">Firmware rollouts</h2>
          <p className="text-sm text-slate-400">Staged updates: verified images, timeouts, automatic halt.</p>
        </div>
        <Link
          to={ADMIN_PATHS.firmware}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-600 px-3 py-1.5 text-sm text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <Rocket aria-hidden="true" className="h-4 w-4" />
          Start from Firmware
        </Link>
      </div>
      {list.isPending ? (
        <PanelLoading label="Loading rollouts…" />
      ) : list.isError ? (
        <ErrorState
          title="Error loading rollouts"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.rollouts.length === 0 ? (
        <EmptyState
          icon={Rocket}
          title="No rollouts yet"
          description="Upload a firmware image, then roll it out from the Firmware screen."
        />
      ) : (
        <ul className="space-y-4">
          {list.data.rollouts.map((rollout) => (
            <RolloutCard key={rollout._id} rollout={rollout} />
          ))}
        </ul>
      )}
    </div>
  );
}
