import type { Device, Room } from '@isaac/contract';
import type { RoomRow } from '../../db/schema/index.ts';

/** A room as the API presents it (contract `roomSchema`), with its devices already presented. */
export function presentRoom(row: RoomRow, roomDevices: Device[]): Room {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    devices: roomDevices,
    created_at: row.createdAt.toISOString(),
  };
}
