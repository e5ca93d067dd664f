import {
  type AdminDeviceList,
  type AdminDeviceListQuery,
  type AdminDeviceStats,
  type BulkDeviceResponse,
  type DeviceMessageStats,
  ADMIN_MSG,
  API_MSG,
  type AqiScale,
} from '@isaac/contract';
import {
  and,
  asc,
  type AnyColumn,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, newestFirst, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { Statements } from '../../db/statements.ts';
import {
  deviceMessageStats,
  devices,
  electricianDevices,
  users,
  type UserRow,
} from '../../db/schema/index.ts';
import { fromJsonList, jsonList, jsonListRow } from '../../db/json-rows.ts';
import type { ReadWithSession } from '../../plugins/auth.ts';
import { selectWithSession } from '../auth/sessions.ts';
import { idListError, notFound } from '../../plugins/errors.ts';
import { deviceRoomName, isoOrNull, presentDevice, presentedDeviceColumns } from '../devices/presenter.ts';
import { presentPersonRef } from '../users/presenter.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { devicesCount, type DeviceCountFilter, type RowCounts } from '../stats/row-counts.ts';

export const ADMIN_DEVICE_MESSAGES = {
  devicesNotFound: 'Some devices were not found',
  deviceNotFound: 'Device not found',
} as const;

export interface LockedDevice {
  id: string;
  name: string;
  userId: string | null;
  roomId: string | null;
}

/**
 * Locks the devices for a change; an unknown id is a 404 naming it by index (`device_ids.2`), so
 * nothing changes when any id is wrong.
 */
export async function lockDevices(tx: Tx, deviceIds: string[]): Promise<LockedDevice[]> {
  const found = await tx
    .select({ id: devices.id, name: devices.name, userId: devices.userId, roomId: devices.roomId })
    .from(devices)
    .where(inArray(devices.id, deviceIds))
    .orderBy(asc(devices.id))
    .for('update');
  const known = new Set(found.map((d) => d.id));
  const missing = new Set(deviceIds.filter((id) => !known.has(id)));
  if (missing.size > 0) {
    const { devicesNotFound, deviceNotFound } = ADMIN_DEVICE_MESSAGES;
    throw idListError(404, devicesNotFound, 'device_ids', deviceIds, missing, deviceNotFound);
  }
  return found;
}

const owners = alias(users, 'owner');
const electricians = alias(users, 'electrician');

/** A left-joined person as a JSON object, or null when the join found none. */
function personOrNull(person: { id: AnyColumn; name: AnyColumn; email: AnyColumn }) {
  return sql<Pick<UserRow, 'id' | 'name' | 'email'> | null>`case when ${person.id} is null then null
    else json_build_object('id', ${person.id}, 'name', ${person.name}, 'email', ${person.email}) end`;
}

/**
 * Every device, for the admin (issue 10, ADR 025): search, filters, pagination, the stat cards, and
 * taking devices back from their owners.
 */
/** Which filters a device-list query has (their values are parameters). */
interface DeviceListShape {
  search: boolean;
  type: boolean;
  status: boolean;
  assignment: 'assigned' | 'available' | null;
  firmware: boolean;
  electrician: boolean;
}

/** The filter values of a device-list query, or a prepared statement's placeholders for them. */
interface DeviceListRefs {
  pattern: string | Placeholder;
  type: string | Placeholder;
  online: boolean | Placeholder;
  firmwareVersion: string | Placeholder;
  electricianId: string | Placeholder;
}

function deviceListShape(query: AdminDeviceListQuery): DeviceListShape {
  return {
    search: query.search !== undefined && query.search !== '',
    type: query.type !== undefined,
    status: query.status !== undefined,
    assignment: query.assignment ?? null,
    firmware: query.firmware_version !== undefined,
    electrician: query.electrician_id !== undefined,
  };
}

function deviceListValues(query: AdminDeviceListQuery): DeviceListRefs {
  return {
    pattern: containsPattern(query.search ?? ''),
    type: query.type ?? '',
    online: query.status === 'online',
    firmwareVersion: query.firmware_version ?? '',
    electricianId: query.electrician_id ?? '',
  };
}

/** Whether the shape's total is a sum of the row counts (no search, no electrician). */
const isCounted = (shape: DeviceListShape) => !shape.search && !shape.electrician;

function deviceCountFilter(shape: DeviceListShape, refs: DeviceListRefs): DeviceCountFilter {
  return {
    type: shape.type ? refs.type : undefined,
    online: shape.status ? refs.online : undefined,
    assigned: shape.assignment === null ? undefined : shape.assignment === 'assigned',
    firmwareVersion: shape.firmware ? refs.firmwareVersion : undefined,
  };
}

/** The list's conditions for a shape, with values or placeholders. */
function deviceListWhere(shape: DeviceListShape, refs: DeviceListRefs): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.search) {
    conditions.push(
      sql`${devices.id} in (
        select ${devices.id} from ${devices} where ${ilike(devices.name, refs.pattern)}
        union select ${devices.id} from ${devices} where ${ilike(devices.serialNumber, refs.pattern)}
        union select ${devices.id} from ${devices} join ${users} on ${users.id} = ${devices.userId}
          where ${or(ilike(users.name, refs.pattern), ilike(users.email, refs.pattern))}
      )`,
    );
  }
  if (shape.type) conditions.push(sql`${devices.type} = ${refs.type}`);
  if (shape.status) conditions.push(sql`${devices.isConnected} = ${refs.online}`);
  if (shape.assignment === 'assigned') conditions.push(isNotNull(devices.userId));
  if (shape.assignment === 'available') conditions.push(isNull(devices.userId));
  if (shape.firmware) conditions.push(sql`${devices.firmwareVersion} = ${refs.firmwareVersion}`);
  if (shape.electrician) conditions.push(sql`${electricianDevices.electricianId} = ${refs.electricianId}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export class AdminDeviceService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly counts: RowCounts,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  /**
   * One page, newest first, with the filtered total, read with the caller's session (`readAsCaller`, ADR
   * 041): one prepared statement per filter shape, the page as a JSON list (ADR 039). The search
   * (name, serial, owner name or e-mail, any case, anywhere in the text) is a union of index lookups —
   * trigram GIN on devices.name, devices.serial_number, users.name and users.email — so it never reads the
   * whole table. Without a search or an electrician, the total is a sum of the trigger-kept counts
   * (ADR 032), so the page query reads just its rows off devices_created_idx instead of every matching device.
   */
  async list(
    query: AdminDeviceListQuery,
    sessionId: string,
  ): Promise<ReadWithSession<AdminDeviceList> | undefined> {
    const shape = deviceListShape(query);
    const values = deviceListValues(query);
    const { statement, row: pageRow } = this.listStatements.get(shape);
    const [read] = await statement.execute({ sessionId, ...values, ...pageWindow(query) });
    if (!read) return undefined;
    const rows = fromJsonList(pageRow, read.page);
    const devicesOfPage = rows.map((r) => ({
      ...presentDevice(r.device, r.roomName, this.aqiScale),
      owner: r.owner ? presentPersonRef(r.owner) : null,
      electrician: r.electrician ? presentPersonRef(r.electrician) : null,
    }));
    const total = await pageTotal(rows, query, () =>
      isCounted(shape)
        ? this.counts.devices(deviceCountFilter(shape, values))
        : this.count(deviceListWhere(shape, values)),
    );
    return {
      session: read.session,
      user: read.user,
      value: listPage('devices', devicesOfPage, query, total),
    };
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(devices)
      .leftJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
      .where(where);
    return row?.total ?? 0;
  }

  private readonly listStatements = new Statements((shape: DeviceListShape) => {
    const refs = {
      pattern: sql.placeholder('pattern'),
      type: sql.placeholder('type'),
      online: sql.placeholder('online'),
      firmwareVersion: sql.placeholder('firmwareVersion'),
      electricianId: sql.placeholder('electricianId'),
    };
    const row = {
      device: presentedDeviceColumns,
      roomName: deviceRoomName,
      owner: personOrNull(owners),
      electrician: personOrNull(electricians),
      // the total: a sum of the row counts (a scalar subquery, same statement), else the window count
      total: isCounted(shape) ? devicesCount(deviceCountFilter(shape, refs)) : totalCount(),
    };
    const order = newestFirst(devices.createdAt, devices.id);
    const page = this.db
      .select(jsonListRow(row))
      .from(devices)
      .leftJoin(owners, eq(owners.id, devices.userId))
      .leftJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
      .leftJoin(electricians, eq(electricians.id, electricianDevices.electricianId))
      .where(deviceListWhere(shape, refs))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const statement = selectWithSession(this.db, { page: jsonList(page) }).prepare(
      `admin_devices_${Object.values(shape).join('_')}`,
    );
    return { statement, row };
  });

  /** A device's messages that were not stored (zeros for a device that never sent a bad one). */
  async messageStats(deviceId: string): Promise<DeviceMessageStats> {
    const [row] = await this.db
      .select({ id: devices.id, stats: deviceMessageStats })
      .from(devices)
      .leftJoin(deviceMessageStats, eq(deviceMessageStats.deviceId, devices.id))
      .where(eq(devices.id, deviceId))
      .limit(1);
    if (!row) throw notFound(API_MSG.deviceNotFound);
    return {
      device_id: row.id,
      refused: row.stats?.refused ?? 0,
      rate_limited: row.stats?.rateLimited ?? 0,
      shed: row.stats?.shed ?? 0,
      last_refusal: row.stats?.lastRefusal ?? null,
      last_refused_at: isoOrNull(row.stats?.lastRefusedAt),
    };
  }

  /** The stat cards and the firmware versions devices report (the filter's options), from the row counts. */
  async stats(): Promise<AdminDeviceStats> {
    const summary = await this.counts.deviceSummary();
    return {
      total: summary.total,
      online: summary.online,
      offline: summary.total - summary.online,
      types: summary.types,
      firmware_versions: summary.versions,
    };
  }

  /** The devices leave their owners and rooms: they become available (their electrician keeps them). */
  async unassignOwner(deviceIds: string[], context: AuditContext): Promise<BulkDeviceResponse> {
    return this.db.transaction(async (tx) => {
      const owned = (await lockDevices(tx, deviceIds)).filter((d) => d.userId !== null);
      if (owned.length > 0) {
        await tx
          .update(devices)
          .set({ userId: null, roomId: null, updatedAt: this.now() })
          .where(
            inArray(
              devices.id,
              owned.map((d) => d.id),
            ),
          );
      }
      for (const device of owned) {
        await this.audit.record(tx, context, {
          action: 'device.unassigned',
          entity: { type: 'device', id: device.id, name: device.name },
          changes: changesBetween(
            { user_id: device.userId, room_id: device.roomId },
            { user_id: null, room_id: null },
            ['user_id', 'room_id'],
          ),
        });
      }
      return { message: ADMIN_MSG.devicesUnassignedFromOwner, updated: owned.length };
    });
  }
}
