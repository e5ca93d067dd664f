import type { Device } from '@isaac/contract';
import { DoorOpen, Power, RefreshCw, Settings2 } from 'lucide-react';
import { useId } from 'react';
import { Badge, Button, Switch, cx } from '~/components/ui';
import { useCheckForUpdates } from '../../api/check-updates';
import { useToggleDevice } from '../../api/toggle-device';
import { useToggleGang } from '../../api/toggle-gang';
import { powerActionLabel } from '../../model/device-cache';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { BatteryBar } from '~/components/devices/BatteryBar';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { DeviceTypeIcon } from './DeviceTypeIcon';

interface DeviceCardProps {
  device: Device;
  onOpenSettings: (device: Device) => void;
}

/**
 * One device: name, model, type, online/offline, battery, room, power (Turn On / Turn Off from the power
 * state), the gangs of a Lumos switch, Check for Updates and Settings (room assignment).
 */
export function DeviceCard({ device, onOpenSettings }: DeviceCardProps) {
  const titleId = useId();
  const toggle = useToggleDevice();
  const toggleGang = useToggleGang();
  const checkUpdates = useCheckForUpdates();
  const on = device.power_on;

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
          <dt className="text-xs text-slate-400">Type</dt>
          <dd className="text-slate-200">{DEVICE_TYPE_LABELS[device.type]}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">Room</dt>
          <dd
            className={cx('flex items-start gap-1', device.room_name ? 'text-slate-200' : 'text-slate-400')}
          >
            <DoorOpen aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
            <span className="min-w-0 break-words">{device.room_name ?? 'Not in a room'}</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">Power</dt>
          <dd>
            <Badge tone={on ? 'green' : 'slate'}>
              <Power aria-hidden="true" className="h-3 w-3" />
              {on ? 'On' : 'Off'}
            </Badge>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">Firmware</dt>
          <dd className="truncate text-slate-200 tabular-nums">{device.firmware_version ?? 'Unknown'}</dd>
        </div>
      </dl>

      <div className="mt-4">
        <BatteryBar level={device.battery_level} />
      </div>

      {device.type === 'lumos' && device.gangs.length > 0 ? (
        <fieldset className="mt-4 rounded-lg border border-slate-700 px-2 pt-1 pb-2">
          <legend className="px-1 text-xs font-medium text-slate-400">Switches</legend>
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
          icon={<Power aria-hidden="true" className="h-4 w-4" />}
        >
          {powerActionLabel(device)}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onOpenSettings(device)}
          icon={<Settings2 aria-hidden="true" className="h-4 w-4" />}
          aria-label={`Settings for ${device.name}`}
        >
          Settings
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="col-span-2 border border-slate-700"
          loading={checkUpdates.isPending}
          onClick={() => checkUpdates.mutate(device._id)}
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
        >
          Check for Updates
        </Button>
      </div>
    </article>
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
