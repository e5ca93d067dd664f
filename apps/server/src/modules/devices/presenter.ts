import type { Device } from '@isaac/contract';
import { devices, type DeviceRow } from '../../db/schema/index.ts';

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
};
export type PresentableDevice = Pick<DeviceRow, keyof typeof presentedDeviceColumns>;

/**
 * A device row as the API presents it (contract `deviceSchema`): the gangs as `{index, on, name}`, the
 * power state also under `status` (for views that read status.*), never the WiFi settings.
 * `roomName` is the name of the device's room (the caller looks it up).
 */
export function presentDevice(row: PresentableDevice, roomName: string | null): Device {
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
    battery_level: row.batteryLevel,
    firmware_version: row.firmwareVersion,
    gangs,
    room_id: row.roomId,
    room_name: row.roomId === null ? null : roomName,
    user_id: row.userId,
    wifi_configured: row.wifiConfigured,
    bluetooth_paired: row.bluetoothPaired,
    last_updated: row.lastUpdated?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
