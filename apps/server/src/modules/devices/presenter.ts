import { airQualityOf, filterDaysLeft, type AqiScale, type Device } from '@isaac/contract';

import { sql } from 'drizzle-orm';
import type { SelectResultField } from 'drizzle-orm/query-builders/select.types';
import { jsonRecord } from '../../db/json-rows.ts';
import { devices, firmware, rolloutDevices, rollouts, rooms, type DeviceRow } from '../../db/schema/index.ts';

/**
 * A stored time as ISO text, or null when it is none or not a real instant (issue 27: a row a device
 * poisoned before the edge checks — `infinity`, an invalid date — must not make a whole list answer 500).
 */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  return Number.isFinite(ms) ? date.toISOString() : null;
}

/** A stored reading, or null when it is not a finite number. */
const finiteOrNull = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A gang's name: the owner's, else "Switch 1", "Switch 2"… */
export function gangName(names: readonly string[] | null | undefined, index: number): string {
  const name = names?.[index]?.trim();
  return name ? name : `Switch ${index + 1}`;
}

/** The columns a device's presentation needs (lists select only these: no WiFi settings, no desired state). */
export const presentedDeviceColumns = {
  id: devices.id,
  name: devices.name,
  model: devices.model,
  serialNumber: devices.serialNumber,
  type: devices.type,
  userId: devices.userId,
  roomId: devices.roomId,
  isConnected: devices.isConnected,
  powerOn: devices.powerOn,
  batteryLevel: devices.batteryLevel,
  firmwareVersion: devices.firmwareVersion,
  gangCount: devices.gangCount,
  gangStates: devices.gangStates,
  gangNames: devices.gangNames,
  wifiConfigured: devices.wifiConfigured,
  bluetoothPaired: devices.bluetoothPaired,
  lastUpdated: devices.lastUpdated,
  createdAt: devices.createdAt,
  lastSeenAt: devices.lastSeenAt,
  fanSpeed: devices.fanSpeed,
  filterLife: devices.filterLife,
  filterFittedAt: devices.filterFittedAt,
  filterFittedLife: devices.filterFittedLife,
  autoThreshold: devices.autoThreshold,
  pm25: devices.pm25,
  airQualityAt: devices.airQualityAt,
  /**
   * The device's latest firmware update (issue 14) — in progress, or ended in the last 24 hours: one indexed
   * read per device (rollout_devices by device), as a JSON record, or null. The read starts at
   * rollout_devices and looks the version up by primary keys (rollout, then firmware) only for the row it
   * found: most devices have no update, and a join of rollouts and firmware planned for every device cost
   * more than the rest of the list's row (ADR 046; figures in docs/benchmarks.md).
   */
  latestUpdate: jsonRecord(
    {
      /** Never CANCELLED (the read leaves those out). */
      state: sql<NonNullable<Device['update']>['state']>`${rolloutDevices.state}`,
      percent: rolloutDevices.percent,
      reason: rolloutDevices.reason,
      version: sql<string>`(select ${firmware.version} from ${firmware} where ${firmware.id} = (select ${rollouts.firmwareId} from ${rollouts} where ${rollouts.id} = ${rolloutDevices.rolloutId}))`,
      at: rolloutDevices.stateAt,
    },
    (tuple) => sql`(
      select ${tuple} from ${rolloutDevices}
      where ${rolloutDevices.deviceId} = ${devices.id} and ${rolloutDevices.state} <> 'CANCELLED'
        and (${rolloutDevices.state} not in ('UPDATED', 'FAILED', 'SKIPPED') or ${rolloutDevices.stateAt} > now() - interval '1 day')
      order by ${rolloutDevices.stateAt} desc limit 1)`,
  ),
};

/** The name of a device's room, looked up by primary key per row (never a scan of rooms); null without one. */
export const deviceRoomName = sql<
  string | null
>`(select ${rooms.name} from ${rooms} where ${rooms.id} = ${devices.roomId})`;

/** A device's latest firmware update as the list query reads it. */
export type LatestUpdate = NonNullable<SelectResultField<(typeof presentedDeviceColumns)['latestUpdate']>>;

export type PresentableDevice = Pick<
  DeviceRow,
  Exclude<keyof typeof presentedDeviceColumns, 'latestUpdate'>
> & {
  /** Present when the row was read with `presentedDeviceColumns`; a row read otherwise shows no update. */
  latestUpdate?: LatestUpdate | null;
};

/**
 * A device row as the API presents it (contract `deviceSchema`): the gangs as `{index, on, name}`, the
 * power state also under `status` (for views that read status.*), never the WiFi settings.
 * `roomName` is the name of the device's room (the caller looks it up); `aqiScale` the deployment's (AQI_SCALE).
 */
export function presentDevice(row: PresentableDevice, roomName: string | null, aqiScale: AqiScale): Device {
  const gangs = Array.from({ length: row.gangCount }, (_, index) => ({
    index,
    on: row.gangStates[index] === true,
    name: gangName(row.gangNames, index),
  }));
  return {
    _id: row.id,
    name: row.name,
    model: row.model,
    serial_number: row.serialNumber,
    type: row.type,
    is_connected: row.isConnected,
    power_on: row.powerOn,
    status: { is_connected: row.isConnected, power_on: row.powerOn },
    battery_level: finiteOrNull(row.batteryLevel),
    firmware_version: row.firmwareVersion,
    gangs,
    room_id: row.roomId,
    room_name: row.roomId === null ? null : roomName,
    user_id: row.userId,
    wifi_configured: row.wifiConfigured,
    bluetooth_paired: row.bluetoothPaired,
    last_updated: isoOrNull(row.lastUpdated),
    created_at: isoOrNull(row.createdAt) ?? new Date(0).toISOString(),
    last_seen_at: isoOrNull(row.lastSeenAt),
    fan_speed: row.type === 'isaac' ? row.fanSpeed : null,
    filter_life: row.type === 'isaac' ? finiteOrNull(row.filterLife) : null,
    filter_days_left:
      row.type === 'isaac'
        ? filterDaysLeft(
            finiteOrNull(row.filterLife),
            { life: finiteOrNull(row.filterFittedLife), at: isoOrNull(row.filterFittedAt) },
            isoOrNull(row.lastSeenAt),
          )
        : null,
    auto_threshold: row.type === 'isaac' ? row.autoThreshold : null,
    update: presentUpdate(row.latestUpdate),
    air_quality: presentAirQuality(row.pm25, row.airQualityAt, aqiScale),
  };
}

function presentUpdate(update: LatestUpdate | null | undefined): Device['update'] {
  if (!update) return null;
  return {
    state: update.state,
    percent: finiteOrNull(update.percent),
    reason: update.reason,
    version: update.version,
    at: isoOrNull(update.at) ?? new Date(0).toISOString(),
  };
}

function presentAirQuality(pm25: number | null, at: Date | null, aqiScale: AqiScale): Device['air_quality'] {
  const reading = finiteOrNull(pm25);
  const when = isoOrNull(at);
  return reading !== null && when !== null
    ? { pm25: reading, ...airQualityOf(reading, aqiScale), at: when }
    : null;
}
