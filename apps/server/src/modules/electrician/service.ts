import {
  describeDeviceNeeds,
  ELECTRICIAN_MSG,
  installationDeviceNeeds,
  type AccountElectrician,
  type AssignDeviceBody,
  type CompleteInstallationBody,
  type CreateInstallation,
  type CustomerDeviceConfigure,
  type CustomerRoomBody,
  type CustomerStatus,
  type Device,
  type DeviceConfigure,
  type ElectricianAssignment,
  type ElectricianCustomer,
  type ElectricianDashboard,
  type ElectricianDeviceList,
  type ElectricianRoomList,
  type ElectricianUserList,
  type GuidedStep,
  type OwnerInstallation,
  type AuditChange,
  type ReopenInstallationBody,
  type SignatureBody,
  type Installation,
  type InstallationSignature,
  type InstallationList,
  type InstallationPhaseBody,
  type PageQuery,
  type Room,
  type AqiScale,
} from '@isaac/contract';
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { Statements } from '../../db/statements.ts';
import { fromJsonList, jsonList, jsonListRow } from '../../db/json-rows.ts';
import { fixedLimit, listPage, newestFirst, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import {
  devices,
  electricianCustomers,
  electricianDevices,
  installationDevices,
  installations,
  rooms,
  users,
  type InstallationRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { ACTOR, policyCondition, scopeCondition } from '../../policy/policy.ts';
import type { Scope, ScopeKind } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import {
  deviceRoomName,
  presentDevice,
  presentedDeviceColumns,
  type PresentableDevice,
} from '../devices/presenter.ts';
import { presentRoom } from '../rooms/presenter.ts';
import { refuseTakenName } from '../rooms/service.ts';
import { presentableUserColumns, type PresentableUser } from '../users/presenter.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';
import { selectWithSession } from '../auth/sessions.ts';
import type { ReadWithSession } from '../../plugins/auth.ts';
import { installationReference } from './reference.ts';
import { presentCustomer, presentInstallation, type InstallationDeviceView } from './presenter.ts';
import { signatureImageProblem } from './signature-image.ts';

/** How many of each list the dashboard shows (spec section 9: recent items 5 for the electrician). */
const RECENT = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An installation's devices as a JSON array (a correlated subquery). */
const devicesOfInstallation = sql<InstallationDeviceView[] | string>`coalesce((
      select json_agg(json_build_object('deviceId', ${devices.id}, 'name', ${devices.name}, 'status', ${installationDevices.status},
        'type', ${devices.type}, 'wifi', ${devices.wifiConfigured}, 'online', ${devices.isConnected} or ${devices.lastSeenAt} is not null) order by ${devices.name})
      from ${installationDevices} join ${devices} on ${devices.id} = ${installationDevices.deviceId}
      where ${installationDevices.installationId} = ${installations.id}
    ), '[]'::json)`;
/** An installation's columns but the signature image (an image, served only to the owner: GET /api/installations). */
const { signatureImage: _signatureImage, ...installationColumns } = getTableColumns(installations);
/** What an installation is presented from: the row, its customer, its devices. */
const installationShape = {
  installation: installationColumns,
  customer: presentableUserColumns,
  devices: devicesOfInstallation,
};
const recentDeviceShape = { device: presentedDeviceColumns, roomName: deviceRoomName };
const customerShape = { user: presentableUserColumns, assignment: getTableColumns(electricianCustomers) };
const installationOrder = newestFirst(installations.createdAt, installations.id);
/** Customers by installation date (none last), then name. */
const customerOrder = [sql`${electricianCustomers.installationDate} asc nulls last`, users.name, users.id];

function presentInstallationRow(row: {
  installation: Omit<InstallationRow, 'signatureImage'>;
  customer: PresentableUser;
  devices: InstallationDeviceView[] | string;
}): Installation {
  const list = typeof row.devices === 'string' ? JSON.parse(row.devices) : row.devices;
  return presentInstallation(row.installation, row.customer, list as InstallationDeviceView[]);
}

/**
 * The area's hot reads as prepared statements of a scope kind (ADR 017: no SQL built per request, each
 * parsed and planned once per connection): the dashboard's figures in one aggregate, and pages of
 * installations, customers and devices, each page with its total as a window count.
 */
function prepareReads(db: Db, kind: ScopeKind) {
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const mine = eq(electricianCustomers.electricianId, ACTOR);
  const deviceScope = policyCondition('device', kind, ACTOR);
  const installationScope = policyCondition('installation', kind, ACTOR);
  const deviceOrder = newestFirst(devices.createdAt, devices.id);
  /** The caller's installations, newest first, as a JSON list (paged or the latest few). */
  const installationList = () =>
    db
      .select(jsonListRow(installationShape))
      .from(installations)
      .innerJoin(users, eq(users.id, installations.customerId))
      .where(installationScope)
      .orderBy(...installationOrder);
  /** How many installations the caller has: an index-only count of (electrician_id, created_at). */
  const installationCount = sql<number>`(select count(*)::int from ${installations} where ${installationScope ?? sql`true`})`;
  return {
    /**
     * The dashboard in ONE statement with the caller's session (ADR 039, ADR 041): the four figures, and
     * the latest installations, devices and customers as JSON lists.
     */
    dashboard: selectWithSession(db, {
      devices: sql<number>`(select count(*)::int from ${devices} where ${deviceScope ?? sql`true`})`,
      users: sql<number>`(select count(*)::int from ${electricianCustomers} where ${mine})`,
      installations: installationCount,
      // under way = in progress (a pending installation is planned, not under way)
      active: sql<number>`(select count(*)::int from ${installations} where ${and(
        installationScope,
        eq(installations.status, 'in_progress'),
      )})`,
      recentInstallations: jsonList(installationList().limit(fixedLimit(RECENT))),
      recentDevices: jsonList(
        db
          .select(jsonListRow(recentDeviceShape))
          .from(devices)
          .where(deviceScope)
          .orderBy(...deviceOrder)
          .limit(fixedLimit(RECENT)),
      ),
      recentUsers: jsonList(
        db
          .select(jsonListRow(customerShape))
          .from(electricianCustomers)
          .innerJoin(users, eq(users.id, electricianCustomers.customerId))
          .where(mine)
          .orderBy(...customerOrder)
          .limit(fixedLimit(RECENT)),
      ),
    }).prepare(`electrician_dashboard_${kind}`),
    // The page reads just its rows off (electrician_id, created_at) and the total counts that index, so a
    // page costs the same however many installations the electrician has had.
    installations: selectWithSession(db, {
      total: installationCount,
      page: jsonList(installationList().limit(limit).offset(offset)),
    }).prepare(`electrician_installations_${kind}`),
    customers: db
      .select({ ...customerShape, total: totalCount() })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.customerId))
      .where(mine)
      .orderBy(...customerOrder)
      .limit(limit)
      .offset(offset)
      .prepare(`electrician_customers_${kind}`),
  };
}

/**
 * The electrician area (issue 11): the customers assigned to the caller (electrician_customers) and their
 * homes, the devices assigned to the caller (electrician_devices), and the caller's installations. Every
 * read and change goes through the policy layer's conditions (ADR 019), so another electrician's customer,
 * device, room or installation is not found (404). Every change is recorded in the activity log in its
 * transaction. WiFi passwords are sealed (AES-256-GCM, `SecretBox`) and never presented or recorded.
 * Once a customer's installation has been completed for longer than the grace period, their home is
 * read-only for the electrician (409).
 */
export class ElectricianService {
  /** The prepared reads of a scope kind (built once; the caller's id, limit and offset are parameters). */
  private readonly statements = new Statements((kind: ScopeKind) => prepareReads(this.db, kind));

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly wifiBox: SecretBox,
    private readonly graceDays: number,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
    /** Called in the transaction that completes an installation (the installation job's e-mail). */
    private readonly onInstallationCompleted?: (tx: Tx, installationId: string) => Promise<void>,
  ) {}

  // ───────────── reads ─────────────

  /** The dashboard, read with the caller's session (`readAsCaller`, ADR 041). */
  async dashboard(
    scope: Scope,
    sessionId: string,
  ): Promise<ReadWithSession<ElectricianDashboard> | undefined> {
    const [row] = await this.statements
      .get(scope.kind)
      .dashboard.execute({ sessionId, actorId: scope.userId });
    if (!row) return undefined;
    const value: ElectricianDashboard = {
      statistics: {
        devices: { total: row.devices },
        users: row.users,
        installations: { total: row.installations, active: row.active },
      },
      installations: fromJsonList(installationShape, row.recentInstallations).map(presentInstallationRow),
      devices: fromJsonList(recentDeviceShape, row.recentDevices).map((r) =>
        presentDevice(r.device, r.roomName, this.aqiScale),
      ),
      users: fromJsonList(customerShape, row.recentUsers).map((r) => presentCustomer(r.user, r.assignment)),
    };
    return { session: row.session, user: row.user, value };
  }

  /** GET /electrician/devices: the devices the caller may reach, each entry holding the device. */
  async devices(scope: Scope, query: PageQuery): Promise<ElectricianDeviceList> {
    const where = scopeCondition('device', scope);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          device: presentedDeviceColumns,
          roomName: deviceRoomName,
          customer: { id: users.id, name: users.name, email: users.email },
        })
        .from(devices)
        .leftJoin(users, eq(users.id, devices.userId))
        .where(where)
        .orderBy(...newestFirst(devices.createdAt, devices.id))
        .limit(pageWindow(query).limit)
        .offset(pageWindow(query).offset),
      this.db.select({ n: count() }).from(devices).where(where),
    ]);
    const entries = rows.map((r) => ({
      _id: r.device.id,
      device: presentDevice(r.device, r.roomName, this.aqiScale),
      customer: r.customer ? { _id: r.customer.id, name: r.customer.name, email: r.customer.email } : null,
    }));
    return listPage('devices', entries, query, total?.n ?? 0);
  }

  /** GET /electrician/users: the caller's customers with their installation date and customer-status. */
  async users(scope: Scope, query: PageQuery): Promise<ElectricianUserList> {
    const page = await this.customerPage(scope, query);
    return listPage('users', page.items, query, page.total);
  }

  /** GET /api/electrician/customers: the caller's assignments (customer, date, status), newest first. */
  async customers(scope: Scope): Promise<{ customers: ElectricianAssignment[] }> {
    const rows = await this.db
      .select({ assignment: electricianCustomers, customer: users })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.customerId))
      .where(eq(electricianCustomers.electricianId, scope.userId))
      .orderBy(...newestFirst(electricianCustomers.createdAt, electricianCustomers.id));
    return {
      customers: rows.map(({ assignment, customer }) => ({
        _id: assignment.id,
        customer: { _id: customer.id, name: customer.name, email: customer.email, mobile: customer.mobile },
        installation_date: assignment.installationDate,
        status: assignment.status,
      })),
    };
  }

  /** GET /electrician/rooms: the rooms of every assigned customer, with their devices and customer. */
  async rooms(scope: Scope, query: PageQuery): Promise<ElectricianRoomList> {
    const where = scopeCondition('room', scope);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ room: rooms, customer: { id: users.id, name: users.name, email: users.email } })
        .from(rooms)
        .innerJoin(users, eq(users.id, rooms.userId))
        .where(where)
        .orderBy(users.name, rooms.name, rooms.id)
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
    const { user, assignment } = await this.assignedCustomer(this.db, scope, customerId);
    return presentCustomer(user, assignment);
  }

  /** GET /electrician/user/{id}/devices: the customer's devices. */
  async customerDevices(scope: Scope, customerId: string): Promise<Device[]> {
    await this.assignedCustomer(this.db, scope, customerId);
    const rows = await this.db
      .select({ device: presentedDeviceColumns, roomName: deviceRoomName })
      .from(devices)
      .where(eq(devices.userId, customerId))
      .orderBy(...newestFirst(devices.createdAt, devices.id));
    return rows.map((r) => presentDevice(r.device, r.roomName, this.aqiScale));
  }

  /** GET /electrician/user/{id}/rooms: the customer's rooms with their devices. */
  async customerRooms(scope: Scope, customerId: string): Promise<Room[]> {
    await this.assignedCustomer(this.db, scope, customerId);
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
   * GET /electrician/installations: a page of the caller's installations, newest first, read with the
   * caller's session in one statement (`readAsCaller`, ADR 041); the total is counted in the same statement.
   */
  async installations(
    scope: Scope,
    query: PageQuery,
    sessionId: string,
  ): Promise<ReadWithSession<InstallationList> | undefined> {
    const [row] = await this.statements
      .get(scope.kind)
      .installations.execute({ sessionId, actorId: scope.userId, ...pageWindow(query) });
    if (!row) return undefined;
    const rows = fromJsonList(installationShape, row.page);
    const value = listPage('installations', rows.map(presentInstallationRow), query, row.total);
    return { session: row.session, user: row.user, value };
  }

  // ───────────── changes in a customer's home ─────────────

  /** POST /electrician/assign-device: an available device assigned to the caller becomes the customer's. */
  async assignDevice(scope: Scope, body: AssignDeviceBody, context: AuditContext): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const { user } = await this.writableCustomer(tx, scope, body.customer_id);
      const [device] = await tx
        .select({ id: devices.id, name: devices.name, userId: devices.userId })
        .from(devices)
        .innerJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
        .where(and(eq(devices.id, body.device_id), eq(electricianDevices.electricianId, scope.userId)))
        .limit(1)
        .for('update', { of: devices });
      if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
      if (device.userId !== null) throw conflict(ELECTRICIAN_MSG.deviceNotAvailable);
      const at = this.now();
      await tx.update(devices).set({ userId: user.id, updatedAt: at }).where(eq(devices.id, device.id));
      await this.audit.record(tx, context, {
        action: 'device.assigned',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: changesBetween<{ user_id: string | null }>({ user_id: null }, { user_id: user.id }, [
          'user_id',
        ]),
      });
      return this.presentedDevice(tx, device.id);
    });
  }

  /** POST /api/electrician/customer/{customerId}/rooms. */
  async createCustomerRoom(
    scope: Scope,
    customerId: string,
    body: CustomerRoomBody,
    context: AuditContext,
  ): Promise<Room> {
    const name = body.name.trim();
    const type = body.type ?? 'general';
    return refuseTakenName(
      this.db.transaction(async (tx) => {
        const { user } = await this.writableCustomer(tx, scope, customerId);
        const at = this.now();
        const [room] = await tx
          .insert(rooms)
          .values({ userId: user.id, name, type, createdAt: at, updatedAt: at })
          .returning();
        if (!room) throw new Error('room insert returned no row');
        await this.audit.record(tx, context, {
          action: 'room.created',
          entity: { type: 'room', id: room.id, name: room.name },
          changes: changesBetween(null, { name, type, user_id: user.id }, ['name', 'type', 'user_id']),
        });
        return presentRoom(room, []);
      }),
    );
  }

  /** POST …/customer/{customerId}/devices/{deviceId}/configure {wifi_ssid, wifi_password, bluetooth_pairing}. */
  async configureCustomerDevice(
    scope: Scope,
    customerId: string,
    deviceId: string,
    body: CustomerDeviceConfigure,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      await this.writableCustomer(tx, scope, customerId);
      const device = await this.lockCustomerDevice(tx, customerId, deviceId);
      return this.applyConfiguration(
        tx,
        device,
        {
          wifi: { ssid: body.wifi_ssid ?? '', password: body.wifi_password ?? '' },
          bluetooth: body.bluetooth_pairing !== false,
        },
        context,
      );
    });
  }

  /** POST /api/electrician/devices/{device_id}/configure {configuration_type: wifi | bluetooth, data}. */
  async configureDevice(
    scope: Scope,
    deviceId: string,
    body: DeviceConfigure,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .select({ id: devices.id, name: devices.name, userId: devices.userId })
        .from(devices)
        .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
        .limit(1)
        .for('update');
      if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
      // A device already in a customer's home is changed only while that home is writable.
      if (device.userId !== null) await this.writableCustomer(tx, scope, device.userId);
      const wifi =
        body.configuration_type === 'wifi'
          ? { ssid: body.data.ssid ?? '', password: body.data.password ?? '' }
          : undefined;
      return this.applyConfiguration(
        tx,
        device,
        { wifi, bluetooth: body.configuration_type === 'bluetooth' },
        context,
      );
    });
  }

  /** POST …/customer/{customerId}/devices/{deviceId}/assign-room {room_id}: a room of the same customer. */
  async assignCustomerRoom(
    scope: Scope,
    customerId: string,
    deviceId: string,
    roomId: string,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      await this.writableCustomer(tx, scope, customerId);
      const device = await this.lockCustomerDevice(tx, customerId, deviceId);
      const [room] = await tx
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.id, roomId), eq(rooms.userId, customerId)))
        .limit(1);
      if (!room) throw notFound(ELECTRICIAN_MSG.roomNotFound);
      await tx
        .update(devices)
        .set({ roomId: room.id, updatedAt: this.now() })
        .where(eq(devices.id, device.id));
      await this.audit.record(tx, context, {
        action: 'device.updated',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: changesBetween({ room_id: device.roomId }, { room_id: room.id }, ['room_id']),
      });
      return this.presentedDevice(tx, device.id);
    });
  }

  // ───────────── installations ─────────────

  /**
   * POST /api/electrician/installations: a new installation for an assigned customer (in progress by
   * default). A customer with a pending one (planned by the admin's assignment) has that one started
   * instead; one already in progress is 409.
   */
  async createInstallation(
    scope: Scope,
    body: CreateInstallation,
    context: AuditContext,
  ): Promise<Installation> {
    const started = (body.status ?? 'in_progress') === 'in_progress';
    const pending = await this.db.transaction(async (tx) => {
      const { user } = await this.writableCustomer(tx, scope, body.customer_id);
      const [open] = await tx
        .select({ id: installations.id, status: installations.status })
        .from(installations)
        .where(
          and(
            eq(installations.electricianId, scope.userId),
            eq(installations.customerId, user.id),
            sql`${installations.status} <> 'completed'`,
          ),
        )
        .limit(1);
      if (open && (open.status !== 'pending' || !started))
        throw conflict('This customer already has an installation under way');
      return open?.id ?? null;
    });
    if (pending !== null) return this.start(scope, pending, context);
    return this.db.transaction(async (tx) => {
      const { user, assignment } = await this.writableCustomer(tx, scope, body.customer_id);
      const at = this.now();
      const [row] = await tx
        .insert(installations)
        .values({
          electricianId: scope.userId,
          customerId: user.id,
          status: started ? 'in_progress' : 'pending',
          phase: started ? 'in_progress' : 'pre_installation',
          installationDate:
            body.installation_date ?? assignment.installationDate ?? at.toISOString().slice(0, 10),
          startedAt: started ? at : null,
          sessionId: started ? await installationReference(tx, at) : null,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('installation insert returned no row');
      // The customer's devices are the installation's checklist.
      const homeDevices = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.userId, user.id));
      if (homeDevices.length > 0) {
        await tx
          .insert(installationDevices)
          .values(homeDevices.map((d) => ({ installationId: row.id, deviceId: d.id })))
          .onConflictDoNothing();
      }
      await this.syncCustomerStatus(tx, scope, user.id);
      await this.audit.record(tx, context, {
        action: 'installation.created',
        entity: { type: 'installation', id: row.id, name: user.name },
        changes: changesBetween(null, { status: row.status, installation_date: row.installationDate }, [
          'status',
          'installation_date',
        ]),
      });
      return this.presentedInstallation(tx, row.id);
    });
  }

  /** POST …/installations/{id}/start: pending → in_progress. */
  async start(scope: Scope, id: string, context: AuditContext): Promise<Installation> {
    return this.changeInstallation(scope, id, context, 'installation.started', (row) => {
      if (row.status !== 'pending') throw conflict(ELECTRICIAN_MSG.installationNotPending);
      return { status: 'in_progress', phase: 'in_progress', startedAt: this.now() };
    });
  }

  /** POST …/installations/{id}/phase {phase, notes}: any phase while in progress, but not `completed`. */
  async phase(
    scope: Scope,
    id: string,
    body: InstallationPhaseBody,
    context: AuditContext,
  ): Promise<Installation> {
    return this.changeInstallation(scope, id, context, 'installation.phase_changed', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      if (body.phase === 'completed') throw conflict(ELECTRICIAN_MSG.completedPhaseThroughComplete);
      return { phase: body.phase, ...(body.notes ? { notes: body.notes } : {}) };
    });
  }

  /**
   * POST …/installations/{id}/complete: in_progress → completed (twice is 409); either body of the spec.
   * One rule for every path (the guided install, the workflow, the installations list; issue 30): 409 naming
   * what is missing until at least one device is in the installation and every one is configured
   * (`installationDeviceNeeds`: WiFi set, seen online). A guided installation also needs the training
   * confirmed and the customer's signature (ADR 034).
   */
  async complete(
    scope: Scope,
    id: string,
    body: CompleteInstallationBody,
    context: AuditContext,
  ): Promise<Installation> {
    const missing = await this.devicesMissing(id);
    return this.changeInstallation(scope, id, context, 'installation.completed', (row) => {
      if (row.status === 'completed') throw conflict(ELECTRICIAN_MSG.installationAlreadyCompleted);
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      const training = body.customer_training_completed ?? row.customerTrainingCompleted;
      const reasons = [
        ...missing,
        ...(row.guidedStep !== null && !training ? ['the customer training is not confirmed'] : []),
        ...(row.guidedStep !== null && !row.signedAt ? ["the customer's signature is missing"] : []),
      ];
      if (reasons.length > 0) throw conflict(`${ELECTRICIAN_MSG.guidedIncomplete}: ${reasons.join('; ')}`);
      const completedAt = body.completed_at ? new Date(body.completed_at) : this.now();
      return {
        status: 'completed',
        phase: 'completed',
        completedAt: completedAt > this.now() ? this.now() : completedAt,
        ...(body.notes ? { notes: body.notes } : {}),
        ...(body.handover_notes ? { handoverNotes: body.handover_notes } : {}),
        ...(body.customer_training_completed !== undefined
          ? { customerTrainingCompleted: body.customer_training_completed }
          : {}),
      };
    });
  }

  // ───────────── the guided install (ADR 034) ─────────────

  /** POST /api/electrician/installations/guided: the customer's open installation, guided; else a new one. */
  async startGuided(scope: Scope, customerId: string, context: AuditContext): Promise<Installation> {
    const [open] = await this.db
      .select({ id: installations.id, status: installations.status, guidedStep: installations.guidedStep })
      .from(installations)
      .where(
        and(
          eq(installations.electricianId, scope.userId),
          eq(installations.customerId, customerId),
          sql`${installations.status} <> 'completed'`,
        ),
      )
      .limit(1);
    const installation = open
      ? open.status === 'pending'
        ? await this.start(scope, open.id, context)
        : await this.presentedInstallation(this.db, open.id)
      : await this.createInstallation(scope, { customer_id: customerId, status: 'in_progress' }, context);
    if (installation.guided_step !== null) return installation;
    await this.db
      .update(installations)
      .set({ guidedStep: 'devices' })
      .where(eq(installations.id, installation._id));
    return this.presentedInstallation(this.db, installation._id);
  }

  /** GET /api/electrician/installations/{id}. */
  async installation(scope: Scope, id: string): Promise<Installation> {
    await this.ownInstallation(this.db, scope, id);
    return this.presentedInstallation(this.db, id);
  }

  /** POST …/installations/{id}/devices {serial_number}: a device of the caller's stock joins the customer's home. */
  async addDeviceBySerial(
    scope: Scope,
    id: string,
    serial: string,
    context: AuditContext,
  ): Promise<Installation> {
    const row = await this.ownInstallation(this.db, scope, id);
    const [device] = await this.db
      .select({ id: devices.id, userId: devices.userId })
      .from(devices)
      .innerJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
      .where(and(eq(devices.serialNumber, serial.trim()), eq(electricianDevices.electricianId, scope.userId)))
      .limit(1);
    if (!device || (device.userId !== null && device.userId !== row.customerId))
      throw notFound(ELECTRICIAN_MSG.serialNotFound);
    if (device.userId === null) {
      await this.assignDevice(scope, { device_id: device.id, customer_id: row.customerId }, context);
    }
    await this.db
      .insert(installationDevices)
      .values({ installationId: id, deviceId: device.id })
      .onConflictDoNothing();
    return this.presentedInstallation(this.db, id);
  }

  /** POST …/installations/{id}/step {step}: the guided install's current step (resumable after a reload). */
  async setStep(scope: Scope, id: string, step: GuidedStep, context: AuditContext): Promise<Installation> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownInstallation(tx, scope, id);
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      if (row.guidedStep === step) return this.presentedInstallation(tx, id);
      await tx.update(installations).set({ guidedStep: step }).where(eq(installations.id, id));
      const [customer] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, row.customerId));
      await this.audit.record(tx, context, {
        action: 'installation.updated',
        entity: { type: 'installation', id, name: customer?.name ?? null },
        changes: { guided_step: { before: row.guidedStep, after: step } },
      });
      return this.presentedInstallation(tx, id);
    });
  }

  /** POST …/installations/{id}/training: every checklist item confirmed with the customer. */
  async confirmTraining(scope: Scope, id: string, context: AuditContext): Promise<Installation> {
    return this.changeInstallation(scope, id, context, 'installation.updated', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      return { customerTrainingCompleted: true };
    });
  }

  /** POST …/installations/{id}/signature {signer_name, image}: the customer's sign-off, stored with who and when. */
  async saveSignature(
    scope: Scope,
    id: string,
    body: SignatureBody,
    context: AuditContext,
  ): Promise<Installation> {
    const problem = signatureImageProblem(body.image);
    if (problem) throw badRequest(problem, [{ path: 'image', message: problem }]);
    return this.changeInstallation(scope, id, context, 'installation.updated', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      // The customer's sign-off is final: only a reopening (audited, with a reason) clears it.
      if (row.signedAt !== null) throw conflict(ELECTRICIAN_MSG.signatureFinal);
      return { signatureImage: body.image, signedBy: body.signer_name.trim(), signedAt: this.now() };
    });
  }

  /** GET …/installations/{id}/signature: the customer's sign-off with its image (the workflow card shows it). */
  async signature(scope: Scope, id: string): Promise<InstallationSignature> {
    const row = await this.ownInstallation(this.db, scope, id);
    return row.signedBy && row.signedAt && row.signatureImage
      ? { signed_by: row.signedBy, signed_at: row.signedAt.toISOString(), image: row.signatureImage }
      : null;
  }

  /**
   * POST …/installations/{id}/reopen {reason} (issue 29): the signature is cleared so the customer can sign
   * again, and a completed installation is in progress again (completing it again needs the signature).
   * Recorded as `installation.reopened` with the reason and who had signed. 409 when there is nothing to
   * reopen (a pending installation, or one in progress without a signature).
   */
  async reopen(
    scope: Scope,
    id: string,
    body: ReopenInstallationBody,
    context: AuditContext,
  ): Promise<Installation> {
    return this.changeInstallation(
      scope,
      id,
      context,
      'installation.reopened',
      (row) => {
        if (row.status === 'pending' || (row.status === 'in_progress' && row.signedAt === null)) {
          throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
        }
        return {
          signatureImage: null,
          signedBy: null,
          signedAt: null,
          ...(row.status === 'completed'
            ? { status: 'in_progress' as const, phase: 'in_progress' as const, completedAt: null }
            : {}),
        };
      },
      { reason: { before: null, after: body.reason.trim() } },
    );
  }

  /** GET /api/installations: the owner's installation records, with the electrician and the signature. */
  async ownerInstallations(ownerId: string): Promise<OwnerInstallation[]> {
    const presented = await this.presentInstallations(this.db, eq(installations.customerId, ownerId));
    if (presented.length === 0) return [];
    const extra = await this.db
      .select({
        id: installations.id,
        signatureImage: installations.signatureImage,
        electrician: { id: users.id, name: users.name, email: users.email },
      })
      .from(installations)
      .innerJoin(users, eq(users.id, installations.electricianId))
      .where(eq(installations.customerId, ownerId));
    const byId = new Map(extra.map((e) => [e.id, e]));
    return presented.map((installation) => {
      const more = byId.get(installation._id);
      return {
        ...installation,
        electrician: {
          _id: more?.electrician.id ?? '',
          name: more?.electrician.name ?? '',
          email: more?.electrician.email ?? '',
        },
        signature_image: more?.signatureImage ?? null,
      };
    });
  }

  /** What keeps an installation from completing: no device, or devices not configured by the one rule. */
  private async devicesMissing(id: string): Promise<string[]> {
    const rows = await this.db
      .select({
        name: devices.name,
        type: devices.type,
        wifi: devices.wifiConfigured,
        online: sql<boolean>`${devices.isConnected} or ${devices.lastSeenAt} is not null`,
      })
      .from(installationDevices)
      .innerJoin(devices, eq(devices.id, installationDevices.deviceId))
      .where(eq(installationDevices.installationId, id))
      .orderBy(devices.name);
    if (rows.length === 0) return ['no device was added'];
    const pending = rows
      .map((r) => ({
        name: r.name,
        needs: installationDeviceNeeds({ type: r.type, wifi_configured: r.wifi, seen_online: r.online }),
      }))
      .filter((r) => r.needs.length > 0)
      .map((r) => describeDeviceNeeds(r.name, r.needs));
    return pending.length > 0 ? [`not configured yet: ${pending.join(', ')}`] : [];
  }

  private async ownInstallation(db: Db | Tx, scope: Scope, id: string): Promise<InstallationRow> {
    const [row] = await db
      .select()
      .from(installations)
      .where(and(eq(installations.id, id), scopeCondition('installation', scope, 'change')))
      .limit(1);
    if (!row) throw notFound(ELECTRICIAN_MSG.installationNotFound);
    return row;
  }

  // ───────────── the owner's side ─────────────

  /** GET /api/account/electricians: the electricians assigned to the owner's home, and their access. */
  async electriciansOf(ownerId: string): Promise<AccountElectrician[]> {
    const rows = await this.db
      .select({ assignment: electricianCustomers, electrician: users })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.electricianId))
      .where(eq(electricianCustomers.customerId, ownerId));
    return Promise.all(
      rows.map(async ({ assignment, electrician }) => {
        const readOnlyFrom = await this.readOnlyFrom(this.db, electrician.id, ownerId);
        return {
          _id: electrician.id,
          name: electrician.name,
          email: electrician.email,
          mobile: electrician.mobile,
          installation_date: assignment.installationDate,
          status: assignment.status,
          access: readOnlyFrom !== null && readOnlyFrom <= this.now() ? 'read_only' : 'full',
          read_only_from: readOnlyFrom?.toISOString() ?? null,
        };
      }),
    );
  }

  /** DELETE /api/account/electricians/{id}: the owner ends an electrician's access to their home. */
  async revoke(ownerId: string, electricianId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(electricianCustomers)
        .where(
          and(
            eq(electricianCustomers.customerId, ownerId),
            eq(electricianCustomers.electricianId, electricianId),
          ),
        )
        .returning();
      if (!removed) throw notFound('Electrician not found');
      const [electrician] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, electricianId))
        .limit(1);
      await this.audit.record(tx, context, {
        action: 'assignment.access_revoked',
        entity: { type: 'assignment', id: removed.id, name: electrician?.name ?? null },
        changes: changesBetween<{ electrician_id: string | null }>(
          { electrician_id: electricianId },
          { electrician_id: null },
          ['electrician_id'],
        ),
      });
    });
  }

  // ───────────── helpers ─────────────

  /** The caller's assigned customer (404 otherwise: no probing of other people's customers). */
  private async assignedCustomer(db: Db | Tx, scope: Scope, customerId: string) {
    const [row] = await db
      .select({ user: users, assignment: electricianCustomers })
      .from(users)
      .innerJoin(electricianCustomers, eq(electricianCustomers.customerId, users.id))
      .where(and(eq(users.id, customerId), scopeCondition('customer', scope)))
      .limit(1);
    if (!row || row.assignment.electricianId !== scope.userId)
      throw notFound(ELECTRICIAN_MSG.customerNotFound);
    return row;
  }

  /** The assigned customer, locked, refusing (409) a home whose grace period after completion is over. */
  private async writableCustomer(tx: Tx, scope: Scope, customerId: string) {
    const row = await this.assignedCustomer(tx, scope, customerId);
    const readOnlyFrom = await this.readOnlyFrom(tx, scope.userId, customerId);
    if (readOnlyFrom !== null && readOnlyFrom <= this.now()) throw conflict(ELECTRICIAN_MSG.readOnly);
    return row;
  }

  /** When the customer's home becomes read-only for the electrician: grace days after their latest completion. */
  private async readOnlyFrom(db: Db | Tx, electricianId: string, customerId: string): Promise<Date | null> {
    const [row] = await db
      .select({
        completedAt: sql<Date | null>`max(${installations.completedAt})`.mapWith(installations.completedAt),
      })
      .from(installations)
      .where(
        and(
          eq(installations.electricianId, electricianId),
          eq(installations.customerId, customerId),
          eq(installations.status, 'completed'),
        ),
      );
    // an installation under way again (a later visit) keeps the home writable
    const [open] = await db
      .select({ n: count() })
      .from(installations)
      .where(
        and(
          eq(installations.electricianId, electricianId),
          eq(installations.customerId, customerId),
          sql`${installations.status} <> 'completed'`,
        ),
      );
    if (!row?.completedAt || (open?.n ?? 0) > 0) return null;
    return new Date(row.completedAt.getTime() + this.graceDays * DAY_MS);
  }

  private async lockCustomerDevice(tx: Tx, customerId: string, deviceId: string) {
    const [device] = await tx
      .select({ id: devices.id, name: devices.name, userId: devices.userId, roomId: devices.roomId })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, customerId)))
      .limit(1)
      .for('update');
    if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
    return device;
  }

  /**
   * WiFi (SSID kept, password sealed with the device id as associated data) and/or Bluetooth pairing.
   * The audit records the SSID and that a password was set, never the password.
   */
  private async applyConfiguration(
    tx: Tx,
    device: { id: string; name: string },
    config: { wifi?: { ssid: string; password: string }; bluetooth: boolean },
    context: AuditContext,
  ): Promise<Device> {
    const at = this.now();
    const [before] = await tx
      .select({
        wifiConfigured: devices.wifiConfigured,
        bluetoothPaired: devices.bluetoothPaired,
        wifiConfig: devices.wifiConfig,
      })
      .from(devices)
      .where(eq(devices.id, device.id));
    const set: Partial<typeof devices.$inferInsert> = { updatedAt: at };
    if (config.wifi) {
      set.wifiConfigured = true;
      set.wifiConfig = {
        ssid: config.wifi.ssid,
        password_sealed: this.wifiBox.seal(config.wifi.password, device.id),
        configured_at: at.toISOString(),
      };
    }
    if (config.bluetooth) set.bluetoothPaired = true;
    await tx.update(devices).set(set).where(eq(devices.id, device.id));
    await this.audit.record(tx, context, {
      action: 'device.configured',
      entity: { type: 'device', id: device.id, name: device.name },
      changes: {
        ...(config.wifi
          ? {
              wifi_ssid: { before: before?.wifiConfig?.ssid ?? null, after: config.wifi.ssid },
              wifi_password: { before: null, after: '(changed)' },
            }
          : {}),
        ...(config.bluetooth && !before?.bluetoothPaired
          ? { bluetooth_paired: { before: false, after: true } }
          : {}),
      },
    });
    return this.presentedDevice(tx, device.id);
  }

  private async presentedDevice(db: Db | Tx, deviceId: string): Promise<Device> {
    const [row] = await db
      .select({ device: presentedDeviceColumns, roomName: deviceRoomName })
      .from(devices)
      .where(eq(devices.id, deviceId));
    if (!row) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
    return presentDevice(row.device, row.roomName, this.aqiScale);
  }

  /**
   * The customer-status derives from ALL the customer's installations with the caller (issue 30): in
   * progress while any is; assigned while one is planned (pending) or none exists; completed once every one
   * is. Kept in step in the transaction of each installation change.
   */
  private async syncCustomerStatus(tx: Tx, scope: Scope, customerId: string) {
    const derived = sql<CustomerStatus>`coalesce((
      select case
        when bool_or(${installations.status} = 'in_progress') then 'in_progress'
        when bool_or(${installations.status} = 'pending') then 'assigned'
        else 'completed' end
      from ${installations}
      where ${installations.electricianId} = ${scope.userId} and ${installations.customerId} = ${customerId}
    ), 'assigned')`;
    await tx
      .update(electricianCustomers)
      .set({ status: derived })
      .where(
        and(
          eq(electricianCustomers.electricianId, scope.userId),
          eq(electricianCustomers.customerId, customerId),
        ),
      );
  }

  /** Locks the caller's installation, applies `change` (which enforces the state rules), keeps the customer-status in step. */
  private async changeInstallation(
    scope: Scope,
    id: string,
    context: AuditContext,
    action:
      | 'installation.started'
      | 'installation.phase_changed'
      | 'installation.completed'
      | 'installation.updated'
      | 'installation.reopened',
    change: (row: InstallationRow) => Partial<typeof installations.$inferInsert>,
    extraChanges: Record<string, AuditChange> = {},
  ): Promise<Installation> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(installations)
        .where(and(eq(installations.id, id), scopeCondition('installation', scope, 'change')))
        .limit(1)
        .for('update');
      if (!row) throw notFound(ELECTRICIAN_MSG.installationNotFound);
      const set = change(row);
      if (set.status === 'in_progress' && row.sessionId === null)
        set.sessionId = await installationReference(tx, this.now());
      await tx.update(installations).set(set).where(eq(installations.id, row.id));
      if (set.status !== undefined) await this.syncCustomerStatus(tx, scope, row.customerId);
      if (set.status === 'completed') {
        // the devices' states are kept as they were at completion (every one configured, by the rule)
        await tx
          .update(installationDevices)
          .set({ status: 'configured' })
          .where(eq(installationDevices.installationId, row.id));
        await this.onInstallationCompleted?.(tx, row.id);
      }
      const [customer] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, row.customerId));
      const changes = changesBetween(
        {
          status: row.status,
          phase: row.phase,
          customer_training_completed: row.customerTrainingCompleted,
          signed_by: row.signedBy,
        },
        {
          status: set.status ?? row.status,
          phase: set.phase ?? row.phase,
          customer_training_completed: set.customerTrainingCompleted ?? row.customerTrainingCompleted,
          signed_by: 'signedBy' in set ? (set.signedBy ?? null) : row.signedBy,
        },
        ['status', 'phase', 'customer_training_completed', 'signed_by'],
      );
      await this.audit.record(tx, context, {
        action,
        entity: { type: 'installation', id: row.id, name: customer?.name ?? null },
        changes: { ...changes, ...extraChanges },
      });
      return this.presentedInstallation(tx, row.id);
    });
  }

  private async presentedInstallation(db: Db | Tx, id: string): Promise<Installation> {
    const [one] = await this.presentInstallations(db, eq(installations.id, id));
    if (!one) throw notFound(ELECTRICIAN_MSG.installationNotFound);
    return one;
  }

  /** Installations meeting a condition with their customer and devices, newest first (one statement). */
  private async presentInstallations(db: Db | Tx, where: SQL | undefined) {
    const rows = await db
      .select(installationShape)
      .from(installations)
      .innerJoin(users, eq(users.id, installations.customerId))
      .where(where)
      .orderBy(...installationOrder);
    return rows.map(presentInstallationRow);
  }

  /** A page of the caller's customers with their total (one prepared statement). */
  private async customerPage(scope: Scope, query: PageQuery) {
    const rows = await this.statements.get(scope.kind).customers.execute({
      actorId: scope.userId,
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
