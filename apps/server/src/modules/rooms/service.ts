import { API_MSG, type PageQuery, type Room, type RoomValues } from '@isaac/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { presentDevice, presentedDeviceColumns, type PresentableDevice } from '../devices/presenter.ts';
import { presentRoom } from './presenter.ts';

export const ROOMS_MESSAGES = {
  notFound: API_MSG.roomNotFound,
  deleted: 'Room deleted successfully',
} as const;

/**
 * An owner's rooms. Every query is scoped to the owner (another owner's room is 404). A page of
 * rooms takes one query for the rooms and ONE more for all their devices (no N+1); both are
 * prepared statements on the (user_id, created_at) and room_id indexes.
 */
export class RoomService {
  private readonly pageStatement;
  private readonly devicesStatement;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    // One round trip for the page and its total (window count); a page past the end counts separately.
    this.pageStatement = db
      .select({ room: rooms, total: totalCount() })
      .from(rooms)
      .where(eq(rooms.userId, sql.placeholder('ownerId')))
      .orderBy(desc(rooms.createdAt), desc(rooms.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('owner_rooms_page');
    this.devicesStatement = db
      .select(presentedDeviceColumns)
      .from(devices)
      .where(
        and(
          eq(devices.userId, sql.placeholder('ownerId')),
          sql`${devices.roomId} = any(${sql.placeholder('roomIds')}::text[])`,
        ),
      )
      .orderBy(desc(devices.createdAt), desc(devices.id))
      .prepare('owner_rooms_devices');
  }

  async list(ownerId: string, query: PageQuery) {
    const page = await this.pageStatement.execute({ ownerId, ...pageWindow(query) });
    const total = await pageTotal(page, query, () => this.count(ownerId));
    const byRoom = await this.devicesOf(
      ownerId,
      page.map((r) => r.room.id),
    );
    const items = page.map(({ room }) =>
      presentRoom(
        room,
        (byRoom.get(room.id) ?? []).map((d) => presentDevice(d, room.name)),
      ),
    );
    return listPage('rooms', items, query, total);
  }

  private async count(ownerId: string): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(rooms).where(eq(rooms.userId, ownerId));
    return row?.total ?? 0;
  }

  async create(ownerId: string, input: RoomValues): Promise<Room> {
    const at = this.now();
    const [row] = await this.db
      .insert(rooms)
      .values({ userId: ownerId, name: input.name, type: input.type, createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error('room insert returned no row');
    return presentRoom(row, []);
  }

  /** Renames or retypes one of the owner's rooms. */
  async update(ownerId: string, roomId: string, input: RoomValues): Promise<Room> {
    const [row] = await this.db
      .update(rooms)
      .set({ name: input.name, type: input.type, updatedAt: this.now() })
      .where(and(eq(rooms.id, roomId), eq(rooms.userId, ownerId)))
      .returning();
    if (!row) throw notFound(ROOMS_MESSAGES.notFound);
    const byRoom = await this.devicesOf(ownerId, [row.id]);
    return presentRoom(
      row,
      (byRoom.get(row.id) ?? []).map((d) => presentDevice(d, row.name)),
    );
  }

  /**
   * Deletes one of the owner's rooms. Its devices stay, unassigned: the explicit update and the
   * delete share a transaction (the foreign key's ON DELETE SET NULL would do the same).
   */
  async remove(ownerId: string, roomId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [room] = await tx
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.id, roomId), eq(rooms.userId, ownerId)))
        .limit(1)
        .for('update');
      if (!room) throw notFound(ROOMS_MESSAGES.notFound);
      await tx
        .update(devices)
        .set({ roomId: null, updatedAt: this.now() })
        .where(eq(devices.roomId, room.id));
      await tx.delete(rooms).where(eq(rooms.id, room.id));
    });
  }

  /** The owner's devices in the given rooms, newest first, grouped by room: one query (devices_room_idx). */
  private async devicesOf(ownerId: string, roomIds: string[]): Promise<Map<string, PresentableDevice[]>> {
    const byRoom = new Map<string, PresentableDevice[]>();
    if (roomIds.length === 0) return byRoom;
    const rows = await this.devicesStatement.execute({ ownerId, roomIds });
    for (const row of rows) {
      if (row.roomId === null) continue;
      const list = byRoom.get(row.roomId);
      if (list) list.push(row);
      else byRoom.set(row.roomId, [row]);
    }
    return byRoom;
  }
}
