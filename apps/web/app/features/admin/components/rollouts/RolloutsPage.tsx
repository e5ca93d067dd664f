import {
  ADMIN_PATHS,
  DEVICE_TYPE_NAMES,
  ROLLOUT_DEVICE_STATE_LABELS,
  ROLLOUT_DEVICE_STATES,
  type Rollout,
  type RolloutAction,
  type RolloutDevice,
} from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { ChevronDown, ChevronUp, Cpu, Pause, Play, RotateCcw, Rocket, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import { Badge, Button, byTime, cx, DataTable, type BadgeTone, type SortOption } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { rolloutListView, useRollout, useRolloutAction, useRollouts } from '../../api/rollouts';

const STATUS_TONE: Record<Rollout['status'], 'green' | 'blue' | 'yellow' | 'red' | 'slate'> = {
  running: 'blue',
  paused: 'yellow',
  halted: 'red',
  cancelled: 'slate',
  completed: 'green',
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

const stateTone = (state: RolloutDevice['state']): BadgeTone =>
  state === 'UPDATED'
    ? 'green'
    : state === 'FAILED'
      ? 'red'
      : state === 'QUEUED' || state === 'CANCELLED'
        ? 'slate'
        : state === 'SKIPPED'
          ? 'yellow'
          : 'blue';

const deviceFeatures = tableFeatures({});
const deviceColumn = createColumnHelper<typeof deviceFeatures, RolloutDevice>();
const deviceColumns = deviceColumn.columns([
  deviceColumn.accessor('name', {
    header: 'Device',
    cell: (info) => (
      <span className="text-slate-100">
        {info.getValue()}
        <span className="block text-xs text-slate-400">
          from {info.row.original.from_version ?? 'unknown'}
        </span>
      </span>
    ),
  }),
  deviceColumn.accessor('stage', {
    header: 'Stage',
    cell: (info) => <span className="tabular-nums">{info.getValue() + 1}</span>,
  }),
  deviceColumn.accessor('state', {
    header: 'State',
    cell: (info) => (
      <Badge tone={stateTone(info.getValue())}>{ROLLOUT_DEVICE_STATE_LABELS[info.getValue()]}</Badge>
    ),
  }),
  deviceColumn.accessor('percent', {
    header: 'Progress',
    cell: (info) => (
      <span className="tabular-nums">{info.getValue() === null ? '–' : `${info.getValue()}%`}</span>
    ),
  }),
  deviceColumn.accessor('reason', { header: 'Reason', cell: (info) => info.getValue() ?? '' }),
  deviceColumn.accessor('state_at', {
    header: 'Since',
    cell: (info) => <span className="text-xs text-slate-400">{formatDateTime(info.getValue())}</span>,
  }),
]);

/** The devices of a rollout (the kit's table: a card per device on a phone), in stage order. */
function DeviceTable({ devices, title }: { devices: RolloutDevice[]; title: string }) {
  const table = useTable({
    features: deviceFeatures,
    columns: deviceColumns,
    data: devices,
    getRowId: (d) => d.device_id,
  });
  return (
    <DataTable
      table={table}
      label={`Devices of the rollout of ${title}`}
      minWidth="min-w-[40rem]"
      rowHeader="name"
    />
  );
}

function RolloutCard({ rollout }: { rollout: Rollout }) {
  const [open, setOpen] = useState(false);
  const detail = useRollout(open ? rollout._id : null);
  const act = useRolloutAction();
  const shown = detail.data?.rollout ?? rollout;
  const finished = shown.counts.UPDATED + shown.counts.FAILED;
  const title = `${DEVICE_TYPE_NAMES[shown.firmware.device_type]} ${shown.firmware.version}`;
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
          {ROLLOUT_DEVICE_STATES.map((state) => (
            <div key={state} className={cx('flex gap-1', shown.counts[state] === 0 && 'text-slate-500')}>
              <dt>{ROLLOUT_DEVICE_STATE_LABELS[state]}</dt>
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
        <div className="mt-4">
          <ListBody
            query={detail}
            items={(data) => data.devices}
            noun="devices"
            errorTitle="Error loading the devices"
            empty={{ icon: Cpu, title: 'No devices', text: 'This rollout has no devices.' }}
          >
            {(devices) => <DeviceTable devices={devices} title={title} />}
          </ListBody>
        </div>
      ) : null}
    </li>
  );
}

const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'status', order: 'asc', label: 'Status' },
  { sort: 'version', order: 'desc', label: 'Version (highest first)' },
  { sort: 'version', order: 'asc', label: 'Version (lowest first)' },
];

/**
 * Admin → Devices → Rollouts (issue 14): every rollout with its status, stage, counts per device state and a
 * progress bar, live while one runs; the per-device table; pause, resume, cancel, retry. Rollouts start
 * from the Firmware screen ("Roll out"). A page at a time, newest first or sorted (in the URL).
 */
export function RolloutsPage() {
  const view = useListView(rolloutListView);
  const list = useRollouts(view.state);
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
      <ListToolbar list={view} sortOptions={SORT_OPTIONS} />
      <ListBody
        query={list}
        items={(data) => data.rollouts}
        noun="rollouts"
        errorTitle="Error loading rollouts"
        empty={{
          icon: Rocket,
          title: 'No rollouts yet',
          text: 'Upload a firmware image, then roll it out from the Firmware screen.',
        }}
        list={view}
      >
        {(rollouts, dimmed) => (
          <ul aria-label="Rollouts" className={cx('space-y-4', dimmed && 'opacity-60')}>
            {rollouts.map((rollout) => (
              <RolloutCard key={rollout._id} rollout={rollout} />
            ))}
          </ul>
        )}
      </ListBody>
    </div>
  );
}
