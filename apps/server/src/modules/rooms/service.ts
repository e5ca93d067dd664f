import {
  API_MSG,
  type PageQuery,
  type Room,
  type RoomList,
  type RoomValues,
  type AqiScale,
} from '@isaac/contract';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fromJsonList, jsonList, jsonListRow } from '../../db/json-rows.ts';
import { Statements } from '../../db/statements.ts';
import { listPage, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ACTOR, policyCondition, scopeCondition } from '../../policy/policy.ts';
import { homeOf, type Scope, type ScopeKind } from '../../policy/scope.ts';
import { presentDevice, presentedDeviceColumns } from '../devices/presenter.ts';
import { presentRoom } from './presenter.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { selectWithSession } from '../auth/sessions.ts';
import type { ReadWithSession } from '../../plugins/auth.ts';

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
 * with all their devices is ONE prepared statement per scope kind (an owner's on the (user_id, created_at)
 * and room_id indexes; the devices as a JSON list per room, ADR 039).
 */
export class RoomService {
  private readonly statements = new Statements((kind: ScopeKind) => prepareStatements(this.db, kind));

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  /** A page of the scope's rooms with their devices, read with the caller's session (`readAsCaller`, ADR 041). */
  async list(
    scope: Scope,
    query: PageQuery,
    sessionId: string,
  ): Promise<ReadWithSession<RoomList> | undefined> {
    const statements = this.statements.get(scope.kind);
    const [row] = await statements.page.execute({
      sessionId,
      actorId: scope.userId,
      ...pageWindow(query),
    });
    if (!row) return undefined;
    const page = fromJsonList(statements.pageRow, row.page);
    const total = await pageTotal(page, query, () => this.db.$count(rooms, scopeCondition('room', scope)));
    const items = page.map(({ room, devices: inRoom }) =>
      presentRoom(
        room,
        fromJsonList(presentedDeviceColumns, inRoom).map((d) => presentDevice(d, room.name, this.aqiScale)),
      ),
    );
    return { session: row.session, user: row.user, value: listPage('rooms', items, query, total) };
  }

  /** Creates a room in the caller's home (the owner API); a scope without a home of its own may not. */
  async create(scope: Scope, input: RoomValues, context: AuditContext): Promise<Room> {
    const ownerId = homeOf(scope);
    if (ownerId === null) throw forbidden();
    const at = this.now();
    const row = await refuseTakenName(
      this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(rooms)
          .values({ userId: ownerId, name: input.name, type: input.type, createdAt: at, updatedAt: at })
          .returning();
        if (!inserted) throw new Error('room insert returned no row');
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
    const inRoom = await this.statements
      .get(scope.kind)
      .roomDevices.execute({ actorId: scope.userId, roomId: row.id });
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
      await tx
        .update(devices)
        .set({ roomId: null, updatedAt: this.now() })
        .where(eq(devices.roomId, room.id));
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

/**
 * The prepared statements of a scope kind: a page of rooms with its total and each room's devices (in the
 * scope, newest first) as a JSON list, read with the caller's session — one round trip (ADR 039, 041;
 * devices_room_idx per room) — and one room's devices.
 */
function prepareStatements(db: Db, kind: ScopeKind) {
  const deviceOrder = [desc(devices.createdAt), desc(devices.id)];
  const roomOrder = [desc(rooms.createdAt), desc(rooms.id)];
  /** A row of the page: the room, the list's total (a window count), the room's devices as a JSON list. */
  const pageRow = {
    room: roomColumns,
    total: totalCount(),
    devices: jsonList(
      db
        .select(jsonListRow(presentedDeviceColumns))
        .from(devices)
        .where(and(policyCondition('device', kind, ACTOR), eq(devices.roomId, rooms.id)))
        .orderBy(...deviceOrder),
    ),
  };
  return {
    pageRow,
    page: selectWithSession(db, {
      page: jsonList(
        db
          .select(jsonListRow(pageRow))
          .from(rooms)
          .where(policyCondition('room', kind, ACTOR))
          .orderBy(...roomOrder)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    }).prepare(`rooms_page_${kind}`),
    /** One room's devices in the scope (after a change to the room). */
    roomDevices: db
      .select(presentedDeviceColumns)
      .from(devices)
      .where(and(policyCondition('device', kind, ACTOR), eq(devices.roomId, sql.placeholder('roomId'))))
      .orderBy(...deviceOrder)
      .prepare(`room_devices_${kind}`),
  };
}
