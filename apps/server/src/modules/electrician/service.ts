import {
  type AqiScale,
  type Device,
  type ElectricianAssignment,
  type ElectricianAssignmentListQuery,
  type ElectricianCustomer,
  type ElectricianCustomerList,
  type ElectricianDashboard,
  type ElectricianDeviceList,
  type ElectricianDeviceListQuery,
  type ElectricianRoomList,
  type ElectricianRoomListQuery,
  type ElectricianUserList,
  type ElectricianUserListQuery,
  type InstallationList,
  type InstallationListQuery,
  type Room,
} from '@isaac/contract';
import {
  and,
  count,
  eq,
  getTableColumns,
  inArray,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { Statements } from '../../db/statements.ts';
import { jsonList } from '../../db/json-rows.ts';
import { mapRead, readOf, type Read } from '../../db/reads.ts';
import {
  fixedLimit,
  listPage,
  newestFirst,
  pageTotal,
  pageWindow,
  sortedBy,
  totalCount,
} from '../../db/pagination.ts';
import { devices, electricianCustomers, installations, rooms, users } from '../../db/schema/index.ts';
import { ACTOR, policyCondition, policyValues, scopeCondition } from '../../policy/policy.ts';
import type { Scope, ScopeKind } from '../../policy/scope.ts';
import {
  deviceRoomName,
  presentDevice,
  presentedDeviceColumns,
  type PresentableDevice,
} from '../devices/presenter.ts';
import type { DeviceService } from '../devices/service.ts';
import type { CustomerAssignments } from '../installations/assignments.ts';
import {
  installationOrder,
  installationShape,
  presentCustomer,
  presentInstallationRow,
} from '../installations/presenter.ts';
import { presentRoom } from '../rooms/presenter.ts';
import { presentableUserColumns } from '../users/presenter.ts';

/** How many of each list the dashboard shows (spec section 9: recent items 5 for the electrician). */
const RECENT = 5;
const recentDeviceShape = { device: presentedDeviceColumns, roomName: deviceRoomName };
const customerShape = { user: presentableUserColumns, assignment: getTableColumns(electricianCustomers) };
/** Customers by installation date (none last), then name: the dashboard's, and the list's default. */
const customerOrder = [sql`${electricianCustomers.installationDate} asc nulls last`, users.name, users.id];

/** The column of each sort name of the electrician's lists (contract `sortQueryShape`, `sortedBy`). */
const customerSorts: Record<ElectricianUserListQuery['sort'], AnyColumn | SQL> = {
  name: users.name,
  mobile: users.mobile,
  city: users.city,
  installation_date: electricianCustomers.installationDate,
  'customer-status': electricianCustomers.status,
};
const roomSorts: Record<ElectricianRoomListQuery['sort'], AnyColumn | SQL> = {
  customer: users.name,
  name: rooms.name,
  created_at: rooms.createdAt,
};
const installationSorts: Record<InstallationListQuery['sort'], AnyColumn | SQL> = {
  customer: users.name,
  installation_date: installations.installationDate,
  status: installations.status,
  created_at: installations.createdAt,
};
const assignmentSorts: Record<ElectricianAssignmentListQuery['sort'], AnyColumn | SQL> = {
  customer: users.name,
  installation_date: electricianCustomers.installationDate,
  status: electricianCustomers.status,
  created_at: electricianCustomers.createdAt,
};
/** A list's sort, the statement shape it is part of (a fixed set of names, never request text). */
type SortKey<C extends string> = { kind: ScopeKind; sort: C; order: 'asc' | 'desc' };

/**
 * The dashboard's fields for a scope kind, read in ONE statement with the caller's session (ADR 039, ADR
 * 041): the four figures, and the latest installations, devices and customers as JSON lists.
 */
function dashboardFields(db: Db, kind: ScopeKind) {
  const mine = eq(electricianCustomers.electricianId, ACTOR);
  const deviceScope = policyCondition('device', kind, ACTOR);
  const installationScope = policyCondition('installation', kind, ACTOR);
  const deviceOrder = newestFirst(devices.createdAt, devices.id);
  return {
    devices: sql<number>`(select count(*)::int from ${devices} where ${deviceScope ?? sql`true`})`,
    users: sql<number>`(select count(*)::int from ${electricianCustomers} where ${mine})`,
    installations: installationCount(kind),
    // under way = in progress (a pending installation is planned, not under way)
    active: sql<number>`(select count(*)::int from ${installations} where ${and(
      installationScope,
      eq(installations.status, 'in_progress'),
    )})`,
    recentInstallations: installationList(db, kind, installationOrder, (page) => fixedLimit(page, RECENT)),
    recentDevices: jsonList(recentDeviceShape, (row) =>
      fixedLimit(
        db
          .select(row)
          .from(devices)
          .where(deviceScope)
          .orderBy(...deviceOrder),
        RECENT,
      ),
    ),
    recentUsers: jsonList(customerShape, (row) =>
      fixedLimit(
        db
          .select(row)
          .from(electricianCustomers)
          .innerJoin(users, eq(users.id, electricianCustomers.customerId))
          .where(mine)
          .orderBy(...customerOrder),
        RECENT,
      ),
    ),
  };
}

/** The caller's installations in an order as a JSON list, paged (or the latest few) by `window`. */
function installationList(db: Db, kind: ScopeKind, order: SQL[], window: (select: PgSelect) => SQLWrapper) {
  return jsonList(installationShape, (row) =>
    window(
      db
        .select(row)
        .from(installations)
        .innerJoin(users, eq(users.id, installations.customerId))
        .where(policyCondition('installation', kind, ACTOR))
        .orderBy(...order)
        .$dynamic(),
    ),
  );
}

/** How many installations the caller has: an index-only count of (electrician_id, created_at). */
function installationCount(kind: ScopeKind) {
  const scope = policyCondition('installation', kind, ACTOR);
  return sql<number>`(select count(*)::int from ${installations} where ${scope ?? sql`true`})`;
}

/**
 * A page of the caller's installations in a sort, and the total, read in one statement with the caller's
 * session. Newest first (the default) reads just its rows off (electrician_id, created_at) and the total
 * counts that index, so a page costs the same however many installations the electrician has had.
 */
function installationPageFields(db: Db, { kind, sort, order }: SortKey<InstallationListQuery['sort']>) {
  const sorted = sortedBy(installationSorts, { sort, order }, installations.id);
  return {
    total: installationCount(kind),
    page: installationList(db, kind, sorted, (page) =>
      page.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
    ),
  };
}

/** A page of the caller's customers in a sort, each row with the total (a window count). */
function prepareCustomerPage(
  db: Db,
  { sort, order }: SortKey<ElectricianUserListQuery['sort']>,
  name: string,
) {
  return db
    .select({ ...customerShape, total: totalCount() })
    .from(electricianCustomers)
    .innerJoin(users, eq(users.id, electricianCustomers.customerId))
    .where(eq(electricianCustomers.electricianId, ACTOR))
    .orderBy(...sortedBy(customerSorts, { sort, order }, ...(sort === 'name' ? [] : [users.name]), users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * The electrician area's reads (issue 11): the dashboard, the lists (devices, customers, rooms,
 * installations, assignments) and one customer's home. Every read goes through the policy layer's
 * conditions (ADR 019), so another electrician's customer, device, room or installation is not found
 * (404). The changes live beside it: a customer's home (`home.ts`), and the installations module
 * (installations, the guided install, customer assignments).
 */
export class ElectricianService {
  /** A page of customers per scope kind and sort (built once; the caller's id, limit and offset are parameters). */
  private readonly customerPages = new Statements(
    'electrician_customers',
    (key: SortKey<ElectricianUserListQuery['sort']>, name) => prepareCustomerPage(this.db, key, name),
  );

  constructor(
    private readonly db: Db,
    private readonly assignments: CustomerAssignments,
    /** The one device list (the devices module). */
    private readonly deviceList: Pick<DeviceService, 'page'>,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  // ───────────── reads ─────────────

  /** The dashboard (run by the route with the caller's session, `readAsCaller`): one statement per scope kind. */
  dashboard(scope: Scope): Read<ElectricianDashboard> {
    return readOf('electrician_dashboard', scope.kind, {
      fields: () => dashboardFields(this.db, scope.kind),
      values: policyValues(scope),
      decode: (row) => ({
        statistics: {
          devices: { total: row.devices },
          users: row.users,
          installations: { total: row.installations, active: row.active },
        },
        installations: row.recentInstallations.map(presentInstallationRow),
        devices: row.recentDevices.map((r) => presentDevice(r.device, r.roomName, this.aqiScale)),
        users: row.recentUsers.map((r) => presentCustomer(r.user, r.assignment)),
      }),
    });
  }

  /**
   * GET /electrician/devices: the devices the caller may reach (the one device list, over their scope), each
   * entry holding the device and whose home it is in; searched (name, serial, the customer's name or e-mail)
   * and sorted by a column of the screen, read with the caller's session (`readAsCaller`, ADR 041).
   */
  devices(scope: Scope, query: ElectricianDeviceListQuery): Read<ElectricianDeviceList> {
    return mapRead(this.deviceList.page(scope, query, 'owner'), ({ items, total }) =>
      listPage(
        'devices',
        items.map(({ device, owner }) => ({ _id: device._id, device, customer: owner })),
        query,
        total,
      ),
    );
  }

  /** GET /electrician/users: the caller's customers with their installation date and customer-status. */
  async users(scope: Scope, query: ElectricianUserListQuery): Promise<ElectricianUserList> {
    const page = await this.customerPage(scope, query);
    return listPage('users', page.items, query, page.total);
  }

  /** GET /api/electrician/customers: a page of the caller's assignments (customer, date, status), newest first. */
  async customers(scope: Scope, query: ElectricianAssignmentListQuery): Promise<ElectricianCustomerList> {
    const mine = eq(electricianCustomers.electricianId, scope.userId);
    const rows = await this.db
      .select({
        assignment: electricianCustomers,
        customer: { id: users.id, name: users.name, email: users.email, mobile: users.mobile },
        total: totalCount(),
      })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.customerId))
      .where(mine)
      .orderBy(...sortedBy(assignmentSorts, query, electricianCustomers.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset);
    const total = await pageTotal(rows, query, () => this.db.$count(electricianCustomers, mine));
    const items: ElectricianAssignment[] = rows.map(({ assignment, customer }) => ({
      _id: assignment.id,
      customer: { _id: customer.id, name: customer.name, email: customer.email, mobile: customer.mobile },
      installation_date: assignment.installationDate,
      status: assignment.status,
    }));
    return listPage('customers', items, query, total);
  }

  /** GET /electrician/rooms: the rooms of every assigned customer, with their devices and customer. */
  async rooms(scope: Scope, query: ElectricianRoomListQuery): Promise<ElectricianRoomList> {
    const where = scopeCondition('room', scope);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ room: rooms, customer: { id: users.id, name: users.name, email: users.email } })
        .from(rooms)
        .innerJoin(users, eq(users.id, rooms.userId))
        .where(where)
        .orderBy(...sortedBy(roomSorts, query, ...(query.sort === 'name' ? [] : [rooms.name]), rooms.id))
        .limit(pageWindow(query).limit)
        .offset(pageWindow(query).offset),
      this.db.select({ n: count() }).from(rooms).where(where),
    ]);
    const byRoom = await this.devicesInRooms(rows.map((r) => r.room.id));
    const items = rows.map(({ room, customer }) => ({
      ...presentRoom(
        room,
        (byRoom.get(room.id) ?? []).map((d) => presentDevice(d, room.name, this.aqiScale)),
      ),
      customer: { _id: customer.id, name: customer.name, email: customer.email },
    }));
    return listPage('rooms', items, query, total?.n ?? 0);
  }

  /** GET /electrician/user/{id}/details. */
  async customer(scope: Scope, customerId: string): Promise<ElectricianCustomer> {
    const { user, assignment } = await this.assignments.assignedCustomer(this.db, scope, customerId);
    return presentCustomer(user, assignment);
  }

  /** GET /electrician/user/{id}/devices: the customer's devices. */
  async customerDevices(scope: Scope, customerId: string): Promise<Device[]> {
    await this.assignments.assignedCustomer(this.db, scope, customerId);
    const rows = await this.db
      .select({ device: presentedDeviceColumns, roomName: deviceRoomName })
      .from(devices)
      .where(eq(devices.userId, customerId))
      .orderBy(...newestFirst(devices.createdAt, devices.id));
    return rows.map((r) => presentDevice(r.device, r.roomName, this.aqiScale));
  }

  /** GET /electrician/user/{id}/rooms: the customer's rooms with their devices. */
  async customerRooms(scope: Scope, customerId: string): Promise<Room[]> {
    await this.assignments.assignedCustomer(this.db, scope, customerId);
    const rows = await this.db
      .select()
      .from(rooms)
      .where(eq(rooms.userId, customerId))
      .orderBy(rooms.name, rooms.id);
    const byRoom = await this.devicesInRooms(rows.map((r) => r.id));
    return rows.map((room) =>
      presentRoom(
        room,
        (byRoom.get(room.id) ?? []).map((d) => presentDevice(d, room.name, this.aqiScale)),
      ),
    );
  }

  /**
   * GET /electrician/installations: a page of the caller's installations in the query's sort (run by the
   * route with the caller's session, `readAsCaller`); the total is counted in the same statement.
   */
  installations(scope: Scope, query: InstallationListQuery): Read<InstallationList> {
    const shape = { kind: scope.kind, sort: query.sort, order: query.order };
    return readOf('electrician_installations', shape, {
      fields: () => installationPageFields(this.db, shape),
      values: { ...policyValues(scope), ...pageWindow(query) },
      decode: (row) => listPage('installations', row.page.map(presentInstallationRow), query, row.total),
    });
  }

  /** A page of the caller's customers with their total (one prepared statement). */
  private async customerPage(scope: Scope, query: ElectricianUserListQuery) {
    const { sort, order } = query;
    const rows = await this.customerPages.get({ kind: scope.kind, sort, order }).execute({
      ...policyValues(scope),
      ...pageWindow(query),
    });
    const total = await pageTotal(rows, query, () =>
      this.db.$count(electricianCustomers, eq(electricianCustomers.electricianId, scope.userId)),
    );
    return { items: rows.map((r) => presentCustomer(r.user, r.assignment)), total };
  }

  /** The devices in the given rooms, grouped by room (one query). */
  private async devicesInRooms(roomIds: string[]): Promise<Map<string, PresentableDevice[]>> {
    const byRoom = new Map<string, PresentableDevice[]>();
    if (roomIds.length === 0) return byRoom;
    const rows = await this.db
      .select(presentedDeviceColumns)
      .from(devices)
      .where(inArray(devices.roomId, roomIds))
      .orderBy(devices.name);
    for (const row of rows) {
      if (row.roomId === null) continue;
      const list = byRoom.get(row.roomId) ?? [];
      list.push(row);
      byRoom.set(row.roomId, list);
    }
    return byRoom;
  }
}
