import type { Device, Room, RoomType } from '@isaac/contract';
import type { RoomRow } from '../../db/schema/index.ts';

/** A room as the API presents it (contract `roomSchema`), with its devices already presented. */
export function presentRoom(row: RoomRow, roomDevices: Device[]): Room {
  return {
    _id: row.id,
    name: row.name,
    // The column only holds ROOM_TYPES (every write is validated); the response schema refuses anything else.
    type: row.type as RoomType,
    devices: roomDevices,
    created_at: row.createdAt.toISOString(),
  };
}
