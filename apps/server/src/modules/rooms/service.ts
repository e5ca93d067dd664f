import {
  API_MSG,
  type Room,
  type RoomList,
  type RoomListQuery,
  type RoomValues,
  type AqiScale,
} from '@isaac/contract';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jsonList } from '../../db/json-rows.ts';
import { readOf, type Read } from '../../db/reads.ts';
import { Statements } from '../../db/statements.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { devices, rooms, type RoomRow } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ACTOR, policyCondition, policyValues, scopeCondition, SESSION_HOME } from '../../policy/policy.ts';
import { homeOf, type Scope, type ScopeKind } from '../../policy/scope.ts';
import { presentDevice, presentedDeviceColumns } from '../devices/presenter.ts';
import { emptyRoom } from '../devices/store.ts';
import { presentRoom } from './presenter.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';

/** A room's columns, as a page's JSON rows carry them. */
const roomColumns = getTableColumns(rooms);

/** A room's fields as the activity log records them. */
const AUDITED_ROOM_FIELDS = ['name', 'type'] as const;
type AuditedRoom = { name: string; type: string };

export const ROOMS_MESSAGES = {
  notFound: API_MSG.roomNotFound,
  nameTaken: API_MSG.roomNameTaken,
  deleted: 'Room deleted successfully',
} as const;

/**
 * Rooms, as the caller's scope reaches them (policy layer, ADR 019): an owner's own, those of an
 * electrician's customers, every room for an admin; anything else is not found (404). A page of rooms
 * with all their devices is ONE prepared statement per scope kind and order (an owner's newest first on the
 * (user_id, created_at) and room_id indexes; the devices as a JSON list per room, ADR 039).
 */
export class RoomService {
  /** One room's devices in the scope (after a change to the room), per scope kind. */
  private readonly roomDevices = new Statements('room_devices', (kind: ScopeKind, name) =>
    this.db
      .select(presentedDeviceColumns)
      .from(devices)
      .where(and(policyCondition('device', kind, ACTOR), eq(devices.roomId, sql.placeholder('roomId'))))
      .orderBy(...deviceOrder)
      .prepare(name),
  );

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  /**
   * A page of the scope's rooms in the query's order (newest first by default) with their devices (run by
   * the route with the caller's session, `readAsCaller`): ONE statement per scope kind and order (each
   * room's devices, in the scope, newest first, as a JSON list in its row, ADR 039).
   */
  list(scope: Scope, query: RoomListQuery): Read<RoomList> {
    const shape: RoomPageShape = { kind: scope.kind, sort: query.sort, order: query.order };
    return readOf('rooms_page', shape, {
      fields: () => ({ page: roomsPage(this.db, shape) }),
      values: { ...policyValues(scope), ...pageWindow(query) },
      decode: async ({ page }) => {
        const total = await pageTotal(page, query, () =>
          this.db.$count(rooms, scopeCondition('room', scope)),
        );
        const items = page.map(({ room, devices: inRoom }) =>
          presentRoom(
            room,
            inRoom.map((d) => presentDevice(d, room.name, this.aqiScale)),
          ),
        );
        return listPage('rooms', items, query, total);
      },
    });
  }

  /** Creates a room in the caller's home (the owner API); a scope without a home of its own may not. */
  async create(scope: Scope, input: RoomValues, context: AuditContext): Promise<Room> {
    const target = homeOf(scope);
    if (target === null) throw forbidden();
    const at = this.now();
    const row = await refuseTakenName(
      this.db.transaction(async (tx) => {
        const inserted = await insertRoom(tx, { ...target, name: input.name, type: input.type }, at);
        await this.audit.record(tx, context, {
          action: 'room.created',
          entity: { type: 'room', id: inserted.id, name: inserted.name },
          changes: changesBetween<AuditedRoom>(null, inserted, AUDITED_ROOM_FIELDS),
        });
        return inserted;
      }),
    );
    return presentRoom(row, []);
  }

  /** Renames or retypes a room the scope may change. */
  async update(scope: Scope, roomId: string, input: RoomValues, context: AuditContext): Promise<Room> {
    const row = await refuseTakenName(
      this.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(rooms)
          .where(and(eq(rooms.id, roomId), scopeCondition('room', scope, 'change')))
          .limit(1)
          .for('update');
        if (!before) throw notFound(ROOMS_MESSAGES.notFound);
        const [updated] = await tx
          .update(rooms)
          .set({ name: input.name, type: input.type, updatedAt: this.now() })
          .where(eq(rooms.id, before.id))
          .returning();
        if (!updated) throw notFound(ROOMS_MESSAGES.notFound);
        const changes = changesBetween<AuditedRoom>(before, updated, AUDITED_ROOM_FIELDS);
        if (Object.keys(changes).length > 0) {
          await this.audit.record(tx, context, {
            action: 'room.updated',
            entity: { type: 'room', id: updated.id, name: updated.name },
            changes,
          });
        }
        return updated;
      }),
    );
    const inRoom = await this.roomDevices.get(scope.kind).execute({ ...policyValues(scope), roomId: row.id });
    return presentRoom(
      row,
      inRoom.map((d) => presentDevice(d, row.name, this.aqiScale)),
    );
  }

  /**
   * Deletes a room the scope may change. Its devices stay, unassigned: the explicit update and the
   * delete share a transaction (the foreign key's ON DELETE SET NULL would do the same).
   */
  async remove(scope: Scope, roomId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [room] = await tx
        .select({ id: rooms.id, name: rooms.name, type: rooms.type })
        .from(rooms)
        .where(and(eq(rooms.id, roomId), scopeCondition('room', scope, 'change')))
        .limit(1)
        .for('update');
      if (!room) throw notFound(ROOMS_MESSAGES.notFound);
      await emptyRoom(tx, room.id, this.now());
      await tx.delete(rooms).where(eq(rooms.id, room.id));
      await this.audit.record(tx, context, {
        action: 'room.deleted',
        entity: { type: 'room', id: room.id, name: room.name },
        changes: changesBetween<AuditedRoom>(room, null, AUDITED_ROOM_FIELDS),
      });
    });
  }
}

/**
 * A new room in a home (the owner's own, or an electrician's for their customer): the rooms module owns
 * `rooms` (ADR 063). A name the home already has is the unique index's violation (`refuseTakenName`).
 */
export async function insertRoom(
  tx: Tx,
  room: { userId: string; homeId?: string | undefined; name: string; type: RoomRow['type'] },
  at: Date,
): Promise<RoomRow> {
  const [inserted] = await tx
    .insert(rooms)
    .values({ ...room, createdAt: at, updatedAt: at })
    .returning();
  if (!inserted) throw new Error('room insert returned no row');
  return inserted;
}

/**
 * A write that gave a home a second room of the same name (the unique index on (user_id, lower(name)),
 * which also settles two saves racing) becomes a 409 with the message the form shows on the name field.
 */
export async function refuseTakenName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROOMS_MESSAGES.nameTaken);
    throw error;
  }
}

/** A room page's statement: the scope kind and the order (a fixed set of each). */
interface RoomPageShape {
  kind: ScopeKind;
  sort: RoomListQuery['sort'];
  order: RoomListQuery['order'];
}

/** A room's devices, newest first. */
const deviceOrder = [desc(devices.createdAt), desc(devices.id)];

/** The column of each sort of the room list (names without regard to case). */
const ROOM_SORT_COLUMNS = { created_at: rooms.createdAt, name: sql`lower(${rooms.name})` };

/**
 * A page of rooms in the shape's order as a JSON list: each row the room, the list's total (a window count)
 * and the room's devices (in the scope, newest first; devices_room_idx per room) as a JSON list.
 */
function roomsPage(db: Db, { kind, sort, order }: RoomPageShape) {
  const pageRow = {
    room: roomColumns,
    total: totalCount(),
    devices: jsonList(presentedDeviceColumns, (row) =>
      db
        .select(row)
        .from(devices)
        .where(and(policyCondition('device', kind, ACTOR, 'see', SESSION_HOME), eq(devices.roomId, rooms.id)))
        .orderBy(...deviceOrder),
    ),
  };
  return jsonList(pageRow, (row) =>
    db
      .select(row)
      .from(rooms)
      .where(policyCondition('room', kind, ACTOR, 'see', SESSION_HOME))
      .orderBy(...sortedBy(ROOM_SORT_COLUMNS, { sort, order }, rooms.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
}
