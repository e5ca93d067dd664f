import type { Device } from '@isaac/contract';
import { ChartLine, DoorOpen, Power, RefreshCw, Settings2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Badge, Button, Modal, PanelLoading, Switch, cx, type preloadOnIntent } from '~/components/ui';
import { useCheckForUpdates } from '../../api/check-updates';
import { useToggleDevice } from '../../api/toggle-device';
import { useToggleGang } from '../../api/toggle-gang';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { AirQualityBadge } from '~/components/devices/AirQualityBadge';
import { BatteryBar } from '~/components/devices/BatteryBar';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { DeviceTypeIcon } from './DeviceTypeIcon';
import { FilterLife } from './FilterLife';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import owner from '~/lib/i18n/en/owner';

/** The chart (and uPlot) load when a chart is first opened. */
const AirQualityChart = lazy(() => import('./AirQualityChart').then((m) => ({ default: m.AirQualityChart })));

interface DeviceCardProps {
  device: Device;
  onOpenSettings: (device: Device) => void;
  /** Handlers that start loading the settings dialog before it is opened (`preloadOnIntent`). */
  settingsIntent?: ReturnType<typeof preloadOnIntent>;
}

/**
 * One device: name, model, type, online/offline, battery, room, power (Turn On / Turn Off from the power
 * state), the gangs of a Lumos switch, Check for Updates and Settings (room assignment).
 */
export function DeviceCard({ device, onOpenSettings, settingsIntent }: DeviceCardProps) {
  const titleId = useId();
  const toggle = useToggleDevice();
  const toggleGang = useToggleGang();
  const checkUpdates = useCheckForUpdates();
  const on = device.power_on;
  const [chartOpen, setChartOpen] = useState(false);
  const { t } = useOwnerT();

  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col rounded-xl border border-slate-700/80 bg-slate-800/60 p-4 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <DeviceTypeIcon type={device.type} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-semibold break-words text-white">
            {device.name}
          </h3>
          <p className="text-sm break-words text-slate-400">{device.model}</p>
        </div>
        <ConnectionBadge online={device.is_connected} />
      </header>

      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">{t('card.type')}</dt>
          <dd className="text-slate-200">{DEVICE_TYPE_LABELS[device.type]}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">{t('card.room')}</dt>
          <dd
            className={cx('flex items-start gap-1', device.room_name ? 'text-slate-200' : 'text-slate-400')}
          >
            <DoorOpen aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
            <span className="min-w-0 break-words">{device.room_name ?? t('dashboard.notInRoom')}</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">{t('card.power')}</dt>
          <dd>
            <Badge tone={on ? 'green' : 'slate'}>
              <Power aria-hidden="true" className="h-3 w-3" />
              {on ? t('common:ui.on') : t('common:ui.off')}
            </Badge>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">{t('card.firmware')}</dt>
          <dd className="truncate text-slate-200 tabular-nums">
            {device.firmware_version ?? t('card.unknown')}
          </dd>
        </div>
        {device.type !== 'lumos' ? (
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-slate-400">{t('card.airQuality')}</dt>
            <dd>
              <AirQualityBadge airQuality={device.air_quality} />
            </dd>
          </div>
        ) : null}
        {device.type === 'isaac' ? (
          <>
            <div className="min-w-0">
              <dt className="text-xs text-slate-400">{t('card.fanSpeed')}</dt>
              <dd className="text-slate-200 capitalize">{device.fan_speed ?? t('card.unknown')}</dd>
            </div>
            <FilterLife device={device} />
          </>
        ) : null}
      </dl>

      <FirmwareUpdate update={device.update} online={device.is_connected} />

      <div className="mt-4">
        <BatteryBar level={device.battery_level} />
      </div>

      {device.type === 'lumos' && device.gangs.length > 0 ? (
        <fieldset className="mt-4 rounded-lg border border-slate-700 px-2 pt-1 pb-2">
          <legend className="px-1 text-xs font-medium text-slate-400">{t('card.switches')}</legend>
          <div className="flex flex-wrap gap-x-2 gap-y-1">
            {device.gangs.map((gang) => (
              <Switch
                key={gang.index}
                label={gang.name}
                checked={gang.on}
                onCheckedChange={() => toggleGang.mutate({ id: device._id, gangIndex: gang.index })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
        <Button
          variant={on ? 'secondary' : 'success'}
          size="sm"
          onClick={() => toggle.mutate(device)}
          // The device is asked and its acknowledgement awaited: pending until it answers.
          loading={toggle.isPending}
          icon={<Power aria-hidden="true" className="h-4 w-4" />}
        >
          {device.power_on ? t('common:power.turnOff') : t('common:power.turnOn')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onOpenSettings(device)}
          {...settingsIntent}
          icon={<Settings2 aria-hidden="true" className="h-4 w-4" />}
          aria-label={t('card.settingsFor', { name: device.name })}
        >
          {t('card.settings')}
        </Button>
        {device.type !== 'lumos' ? (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 border border-slate-700"
            onClick={() => setChartOpen(true)}
            icon={<ChartLine aria-hidden="true" className="h-4 w-4" />}
            aria-label={t('card.chartOf', { name: device.name })}
          >
            {t('card.chart')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="col-span-2 border border-slate-700"
          loading={checkUpdates.isPending}
          onClick={() => checkUpdates.mutate(device._id)}
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
        >
          {t('card.checkUpdates')}
        </Button>
      </div>
      {chartOpen ? (
        <Modal
          open
          onClose={() => setChartOpen(false)}
          title={t('card.chartTitle', { name: device.name })}
          size="lg"
        >
          <Suspense fallback={<PanelLoading label={t('card.loadingChart')} />}>
            <AirQualityChart
              deviceId={device._id}
              deviceName={device.name}
              scale={device.air_quality?.scale ?? 'cpcb'}
            />
          </Suspense>
        </Modal>
      ) : null}
    </article>
  );
}

/** A firmware update in progress (with its percent), or how the latest one ended (issue 14). */
function FirmwareUpdate({ update, online }: { update: Device['update']; online: boolean }) {
  // (The API gives an update in progress, or one that ended in the last 24 hours.)
  const { t } = useOwnerT();
  if (!update) return null;
  const { version, reason, state } = update;
  const step =
    state in owner.card.steps
      ? t(`card.steps.${state as keyof typeof owner.card.steps}`)
      : state.toLowerCase();
  const text =
    state === 'UPDATED'
      ? t('card.updated', { version })
      : state === 'FAILED'
        ? reason
          ? t('card.failedBecause', { version, reason })
          : t('card.failed', { version })
        : state === 'SKIPPED'
          ? reason
            ? t('card.skippedBecause', { version, reason })
            : t('card.skipped', { version })
          : state === 'QUEUED' && !online
            ? t('card.waitsOnline', { version })
            : update.percent !== null && state === 'DOWNLOADING'
              ? t('card.updatingPercent', { version, step, percent: update.percent })
              : t('card.updating', { version, step });
  return (
    <p
      role="status"
      className={cx(
        'mt-3 rounded-lg border px-3 py-2 text-xs',
        update.state === 'FAILED'
          ? 'border-red-500/40 bg-red-500/10 text-red-200'
          : update.state === 'SKIPPED'
            ? 'border-amber-500/40 bg-amber-500/10 text-amber-200'
            : update.state === 'UPDATED'
              ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200'
              : 'border-sky-500/40 bg-sky-500/10 text-sky-200',
      )}
    >
      {text}
    </p>
  );
}

/** A placeholder card while the list loads. */
export function DeviceCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-xl border border-slate-700/80 bg-slate-800/60 p-5"
    >
      <div className="flex items-start gap-3">
        <div className="h-9 w-9 rounded-lg bg-slate-700" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-700" />
          <div className="h-3 w-1/2 rounded bg-slate-700" />
        </div>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <div className="h-8 rounded bg-slate-700/70" />
        <div className="h-8 rounded bg-slate-700/70" />
      </div>
      <div className="mt-4 h-2 rounded bg-slate-700" />
      <div className="mt-5 h-8 rounded bg-slate-700" />
    </div>
  );
}
