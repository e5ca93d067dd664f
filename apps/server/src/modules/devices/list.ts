import type { DeviceSort, DeviceType, PageQuery, SortOrder } from '@isaac/contract';
import { and, eq, isNotNull, isNull, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { jsonList, jsonRecord } from '../../db/json-rows.ts';
import { containsPattern } from '../../db/like.ts';
import { sortedBy, totalCount } from '../../db/pagination.ts';
import { devices, electricianDevices, users } from '../../db/schema/index.ts';
import {
  ACTOR,
  policyCondition,
  SESSION_HOME,
  policyValues,
  type ActorRef,
  type HomeRef,
} from '../../policy/policy.ts';
import type { Scope, ScopeKind } from '../../policy/scope.ts';
import { devicesCount, type DeviceCountFilter } from '../stats/row-counts.ts';
import { deviceRoomName, presentedDeviceColumns } from './presenter.ts';
import { deviceSearch } from './queries.ts';

/**
 * THE device list (issue 31): the owner's (`GET /api/devices`), the admin's (`GET /api/admin/devices`) and the
 * electrician's (`GET /electrician/devices`) are this one list, over the caller's scope (policy layer, ADR 019),
 * with the filters, search and sort each list's query allows (the contract's schema per list) and the people
 * each screen shows (none, the owner, or the owner and the electrician).
 */
export interface DeviceListFilters extends PageQuery {
  /** A room's id, or 'none': devices in no room. */
  room_id?: string;
  type?: DeviceType;
  /** Name, serial number, or the owner's name or e-mail (`deviceSearch`). */
  search?: string;
  status?: 'online' | 'offline';
  assignment?: 'assigned' | 'available';
  firmware_version?: string;
  electrician_id?: string;
  sort: DeviceSort;
  order: SortOrder;
}

/** Whom a list shows with each device: nobody, its owner, or its owner and its electrician. */
export type DeviceListPeople = 'none' | 'owner' | 'owner_and_electrician';

/** `room_id` filter of the device list: a room id, or 'none' for devices in no room. */
export const NO_ROOM = 'none';

/**
 * Which filters a query has, its sort and the people shown: each combination, per scope kind, is ONE prepared
 * statement (ADR 017) with the filters' values as parameters — a fixed set of shapes, never request text.
 */
export interface DeviceListShape {
  kind: ScopeKind;
  people: DeviceListPeople;
  room: 'id' | 'none' | null;
  type: boolean;
  search: boolean;
  status: boolean;
  assignment: 'assigned' | 'available' | null;
  firmware: boolean;
  electrician: boolean;
  sort: DeviceSort;
  order: SortOrder;
}

export function deviceListShape(
  kind: ScopeKind,
  query: DeviceListFilters,
  people: DeviceListPeople,
): DeviceListShape {
  return {
    kind,
    people,
    room: query.room_id === undefined ? null : query.room_id === NO_ROOM ? 'none' : 'id',
    type: query.type !== undefined,
    search: query.search !== undefined && query.search !== '',
    status: query.status !== undefined,
    assignment: query.assignment ?? null,
    firmware: query.firmware_version !== undefined,
    electrician: query.electrician_id !== undefined,
    sort: query.sort,
    order: query.order,
  };
}

/** The filter values of a query (the statement's parameters), or a statement's placeholders for them. */
interface DeviceListRefs {
  actor: ActorRef;
  home: HomeRef;
  roomId: unknown;
  type: unknown;
  pattern: unknown;
  online: unknown;
  firmwareVersion: unknown;
  electricianId: unknown;
}

export function deviceListValues(scope: Scope, query: DeviceListFilters) {
  return {
    ...policyValues(scope),
    roomId: query.room_id ?? '',
    type: query.type ?? '',
    pattern: containsPattern(query.search ?? ''),
    online: query.status === 'online',
    firmwareVersion: query.firmware_version ?? '',
    electricianId: query.electrician_id ?? '',
  };
}

/** The references of the list's read (run with the caller's session: the home is the session's membership). */
const placeholders = (): DeviceListRefs => ({
  actor: ACTOR,
  home: SESSION_HOME,
  roomId: sql.placeholder('roomId'),
  type: sql.placeholder('type'),
  pattern: sql.placeholder('pattern'),
  online: sql.placeholder('online'),
  firmwareVersion: sql.placeholder('firmwareVersion'),
  electricianId: sql.placeholder('electricianId'),
});

const owners = alias(users, 'owner');
const electricians = alias(users, 'electrician');

/** Whether the list reads each device's electrician (shown, or filtered by). */
const readsElectrician = (shape: DeviceListShape) =>
  shape.people === 'owner_and_electrician' || shape.electrician || shape.sort === 'electrician';
/** Whether the list reads each device's owner (shown, or sorted by). */
const readsOwner = (shape: DeviceListShape) =>
  shape.people !== 'none' || shape.sort === 'owner' || shape.sort === 'customer';

/** The list's conditions: the policy's for the scope kind, then the filters. */
function deviceListWhere(shape: DeviceListShape, refs: DeviceListRefs): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    policyCondition('device', shape.kind, refs.actor, 'see', refs.home),
  ];
  if (shape.room === 'none') conditions.push(isNull(devices.roomId));
  if (shape.room === 'id') conditions.push(sql`${devices.roomId} = ${refs.roomId}`);
  if (shape.search) conditions.push(deviceSearch(refs.pattern as string | Placeholder));
  if (shape.type) conditions.push(sql`${devices.type} = ${refs.type}`);
  if (shape.status) conditions.push(sql`${devices.isConnected} = ${refs.online}`);
  if (shape.assignment === 'assigned') conditions.push(isNotNull(devices.userId));
  if (shape.assignment === 'available') conditions.push(isNull(devices.userId));
  if (shape.firmware) conditions.push(sql`${devices.firmwareVersion} = ${refs.firmwareVersion}`);
  if (shape.electrician) conditions.push(sql`${electricianDevices.electricianId} = ${refs.electricianId}`);
  return and(...conditions);
}

/**
 * Whether the total is a sum of the trigger-kept row counts (ADR 032): every device (the admin's scope), with
 * only the filters the counts keep (no search, room or electrician). Then a page reads just its rows off
 * devices_created_idx instead of every matching device.
 */
const isCounted = (shape: DeviceListShape) =>
  shape.kind === 'admin' && !shape.search && !shape.electrician && shape.room === null;

function deviceCountFilter(shape: DeviceListShape, refs: DeviceListRefs): DeviceCountFilter {
  return {
    type: shape.type ? (refs.type as string) : undefined,
    online: shape.status ? (refs.online as boolean) : undefined,
    assigned: shape.assignment === null ? undefined : shape.assignment === 'assigned',
    firmwareVersion: shape.firmware ? (refs.firmwareVersion as string) : undefined,
  };
}

/** A left-joined person as a JSON record, or null when the join found none. */
function personOrNull(person: typeof owners | typeof electricians) {
  return jsonRecord(
    { id: person.id, name: person.name, email: person.email },
    (tuple) => sql`case when ${person.id} is null then null else ${tuple} end`,
  );
}

/** The column of each sort name (contract `DEVICE_SORTS`). */
const sortColumns: Record<DeviceSort, AnyColumn | SQL> = {
  name: devices.name,
  type: devices.type,
  room_name: deviceRoomName,
  is_connected: devices.isConnected,
  wifi_configured: devices.wifiConfigured,
  bluetooth_paired: devices.bluetoothPaired,
  battery_level: devices.batteryLevel,
  firmware_version: devices.firmwareVersion,
  owner: owners.name,
  customer: owners.name,
  electrician: electricians.name,
  created_at: devices.createdAt,
};

/** A row of the list: the device, its room's name, the people the list shows, and the total. */
function deviceListRow(shape: DeviceListShape) {
  const refs = placeholders();
  return {
    device: presentedDeviceColumns,
    roomName: deviceRoomName,
    ...(shape.people === 'none' ? {} : { owner: personOrNull(owners) }),
    ...(shape.people === 'owner_and_electrician' ? { electrician: personOrNull(electricians) } : {}),
    // the total: a sum of the row counts (a scalar subquery, same statement), else the window count
    total: isCounted(shape) ? devicesCount(deviceCountFilter(shape, refs)) : totalCount(),
  };
}

/**
 * The fields of a shape's statement — the page as a JSON list (ADR 039) — read with the caller's session
 * (`readAsCaller`, ADR 041). Newest first (the default) reads an owner's page off (user_id, created_at) and
 * the admin's off devices_created_idx; another sort sorts the matching devices.
 */
export function deviceListFields(db: Db, shape: DeviceListShape) {
  const refs = placeholders();
  return {
    page: jsonList(deviceListRow(shape), (row) => {
      let page = db.select(row).from(devices).$dynamic();
      if (readsOwner(shape)) page = page.leftJoin(owners, eq(owners.id, devices.userId));
      if (readsElectrician(shape)) {
        page = page
          .leftJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
          .leftJoin(electricians, eq(electricians.id, electricianDevices.electricianId));
      }
      return page
        .where(deviceListWhere(shape, refs))
        .orderBy(...sortedBy(sortColumns, shape, devices.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    }),
  };
}

/** The list's total counted on its own (a page past the end has no row to carry it). */
export async function countDeviceList(
  db: Db,
  shape: DeviceListShape,
  values: ReturnType<typeof deviceListValues>,
): Promise<number> {
  const refs: DeviceListRefs = { ...values, actor: values.actorId, home: values.homeId };
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(devices)
    .leftJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
    .where(deviceListWhere(shape, refs));
  return row?.total ?? 0;
}
