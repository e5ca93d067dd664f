import type { Device } from '@isaac/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  type DeviceListData,
  type RoomListData,
  replacedBy,
  updateDeviceInList,
  updateDeviceInRooms,
} from '../model/device-cache';
import { ownerKeys } from './keys';

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Applies `update` to device `id` in every cached device list and room list at once (optimistic), after
 * stopping refetches that would overwrite it. Returns the function that puts everything back.
 */
export async function updateDeviceEverywhere(
  client: QueryClient,
  id: string,
  update: (device: Device) => Device,
): Promise<() => void> {
  await Promise.all([
    client.cancelQueries({ queryKey: ownerKeys.devices() }),
    client.cancelQueries({ queryKey: ownerKeys.rooms() }),
  ]);
  const snapshot: Snapshot = [
    ...client.getQueriesData<DeviceListData>({ queryKey: ownerKeys.devices() }),
    ...client.getQueriesData<RoomListData>({ queryKey: ownerKeys.rooms() }),
  ];
  writeDevice(client, id, update);
  return () => {
    for (const [key, data] of snapshot) client.setQueryData(key, data);
  };
}

/** Writes `update` for device `id` into every cached list (no cancellation, no snapshot). */
export function writeDevice(client: QueryClient, id: string, update: (device: Device) => Device): void {
  client.setQueriesData<DeviceListData>({ queryKey: ownerKeys.devices() }, (data) =>
    updateDeviceInList(data, id, update),
  );
  client.setQueriesData<RoomListData>({ queryKey: ownerKeys.rooms() }, (data) =>
    updateDeviceInRooms(data, id, update),
  );
}

/** Puts the server's copy of a device into every cached list. */
export function storeServerDevice(client: QueryClient, device: Device): void {
  writeDevice(client, device._id, replacedBy(device));
}
