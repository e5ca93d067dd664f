import {
  API_MSG,
  compareVersions,
  gangCountForModel,
  initialFanSpeed,
  type Device,
  type DeviceCreatedResponse,
  type DeviceList,
  type DeviceListQuery,
  type DeviceType,
  type NewDevice,
  type UpdateCheck,
  type AqiScale,
} from '@isaac/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fromJsonList, jsonList, jsonListRow } from '../../db/json-rows.ts';
import { Statements } from '../../db/statements.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, newestFirst, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { devices, firmware, rooms, type DeviceRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { ACTOR, policyCondition, scopeCondition, type ActorRef } from '../../policy/policy.ts';
import { homeOf, type Scope, type ScopeKind } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { selectWithSession } from '../auth/sessions.ts';
import type { ReadWithSession } from '../../plugins/auth.ts';
import type { DeviceCredentials } from '../../device-plane/credentials.ts';
import type { DeviceEvents } from '../device-commands/device-events.ts';
import type { DeviceCommandService } from '../device-commands/service.ts';
import { deviceRoomName, gangName, presentDevice, presentedDeviceColumns } from './presenter.ts';

export const DEVICES_MESSAGES = {
  notFound: API_MSG.deviceNotFound,
  roomNotFound: API_MSG.roomNotFound,
  serialTaken: 'A device with this serial number already exists',
  gangNotFound: 'This device has no such switch',
  autoModeIsaacOnly: 'Only ISAAC purifiers have auto mode',
} as const;

/** The firmware a new device reports until it is updated (the first release of every type). */
export const FACTORY_FIRMWARE_VERSION: Record<DeviceType, string> = {
  isaac: '1.0.0',
  lumos: '1.0.0',
  skywalker: '1.0.0',
};

/** `room_id` filter of the device list: a room id, or 'none' for devices in no room. */
export const NO_ROOM = 'none';

/**
 * A row of the device list: the device, its room's name (looked up by primary key per row, never a scan
 * of rooms), and the list's total (a window count).
 */
const listRow = {
  device: presentedDeviceColumns,
  roomName: deviceRoomName,
  total: totalCount(),
};

/** Which filters a device-list query has: each combination (per scope kind) is one prepared statement. */
interface ListShape {
  room: 'id' | 'none' | null;
  type: boolean;
}

const shapeOf = (query: DeviceListQuery): ListShape => ({
  room: query.room_id === undefined ? null : query.room_id === NO_ROOM ? 'none' : 'id',
  type: query.type !== undefined,
});

/** The list's conditions: the policy's for the scope kind, then the filters (values or placeholders). */
function listConditions(
  kind: ScopeKind,
  shape: ListShape,
  refs: { actor: ActorRef; roomId: unknown; type: unknown },
): (SQL | undefined)[] {
  const where = [policyCondition('device', kind, refs.actor)];
  if (shape.room === 'none') where.push(isNull(devices.roomId));
  if (shape.room === 'id') where.push(sql`${devices.roomId} = ${refs.roomId}`);
  if (shape.type) where.push(sql`${devices.type} = ${refs.type}`);
  return where;
}

/**
 * Devices, as the caller's scope reaches them (policy layer, ADR 019): an owner's own, an electrician's
 * assigned ones, every device for an admin; anything else is not found (404): no probing. An owner's
 * list uses the (user_id, created_at) index, so a request costs the same however many devices the table
 * holds; lists are prepared statements per scope kind and filter shape (built once, parsed once per
 * connection), as they run on every dashboard refresh.
 */
export class DeviceService {
  /** The list's prepared statements, by scope kind and filter shape. */
  private readonly listStatements: Statements<
    ListShape & { kind: ScopeKind },
    ReturnType<DeviceService['prepareList']>
  > = new Statements(({ kind, ...shape }) => this.prepareList(kind, shape));

  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommandService,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
    private readonly events: DeviceEvents | null = null,
    /** Issues a new device's MQTT credentials, and where devices connect; null without a broker. */
    private readonly credentials: {
      issue: DeviceCredentials['issue'];
      brokerUrl: () => string;
    } | null = null,
  ) {}

  /** Tells the listeners (voice assistants' Request Sync) that a home's devices changed, after commit. */
  private changed<T>(scope: Scope, result: T): T {
    this.events?.devicesChanged(homeOf(scope));
    return result;
  }

  /**
   * A page of the scope's devices, read with the caller's session in one statement (`readAsCaller`, ADR
   * 041): the page as a JSON list, each row with the total as a window count; a page past the end counts
   * separately.
   */
  async list(
    scope: Scope,
    query: DeviceListQuery,
    sessionId: string,
  ): Promise<ReadWithSession<DeviceList> | undefined> {
    const shape = shapeOf(query);
    const statement = this.listStatements.get({ kind: scope.kind, ...shape });
    const [row] = await statement.execute({
      sessionId,
      actorId: scope.userId,
      roomId: query.room_id,
      type: query.type,
      ...pageWindow(query),
    });
    if (!row) return undefined;
    const rows = fromJsonList(listRow, row.page);
    const total = await pageTotal(rows, query, () => this.count(scope, shape, query));
    const items = rows.map((r) => presentDevice(r.device, r.roomName, this.aqiScale));
    return { session: row.session, user: row.user, value: listPage('devices', items, query, total) };
  }

  private prepareList(kind: ScopeKind, shape: ListShape) {
    const refs = { actor: ACTOR, roomId: sql.placeholder('roomId'), type: sql.placeholder('type') };
    // The order of devices_user_created_id_idx: a home's page is read off the index, unsorted.
    const order = newestFirst(devices.createdAt, devices.id);
    const page = this.db
      .select(jsonListRow(listRow))
      .from(devices)
      .where(and(...listConditions(kind, shape, refs)))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return selectWithSession(this.db, { page: jsonList(page) }).prepare(
      `devices_list_${kind}_${shape.room ?? 'any'}_${shape.type ? 'type' : 'all'}`,
    );
  }

  private async count(scope: Scope, shape: ListShape, query: DeviceListQuery): Promise<number> {
    const refs = { actor: scope.userId, roomId: query.room_id, type: query.type };
    return this.db.$count(devices, and(...listConditions(scope.kind, shape, refs)));
  }

  /** Adds a device to the caller's home (the owner API); a scope without a home of its own may not. */
  async create(scope: Scope, input: NewDevice, context: AuditContext): Promise<DeviceCreatedResponse> {
    const ownerId = homeOf(scope);
    if (ownerId === null) throw forbidden();
    const gangCount = gangCountForModel(input.type, input.model);
    const at = this.now();
    let secret: string | null = null;
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(devices)
          .values({
            name: input.name,
            model: input.model,
            serialNumber: input.serial_number,
            type: input.type,
            userId: ownerId,
            gangCount,
            gangStates: Array.from({ length: gangCount }, () => false),
            fanSpeed: initialFanSpeed(input.type),
            firmwareVersion: FACTORY_FIRMWARE_VERSION[input.type],
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!inserted) throw new Error('device insert returned no row');
        secret = this.credentials ? await this.credentials.issue(inserted.id, tx) : null;
        await this.audit.record(tx, context, {
          action: 'device.created',
          entity: { type: 'device', id: inserted.id, name: inserted.name },
          changes: changesBetween<NewDevice>(null, input, ['name', 'model', 'serial_number', 'type']),
        });
        return inserted;
      });
      return this.changed(scope, {
        device: presentDevice(row, null, this.aqiScale),
        credentials:
          secret !== null && this.credentials
            ? { device_id: row.id, secret, mqtt_url: this.credentials.brokerUrl() }
            : null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DEVICES_MESSAGES.serialTaken);
      throw error;
    }
  }

  /** Power toggle (a Lumos switch turns all its gangs with it), through the one command service. */
  async toggle(scope: Scope, deviceId: string, context: AuditContext): Promise<Device> {
    const row = await this.commands.executeCommand({
      deviceId,
      scope,
      context,
      command: (device) => ({ kind: 'power', on: !device.powerOn }),
    });
    return this.presentWithRoom(row);
  }

  /** Toggles one gang of a Lumos switch; an index outside 0..gang_count-1 is 400. */
  async toggleGang(scope: Scope, deviceId: string, index: number, context: AuditContext) {
    const row = await this.commands.executeCommand({
      deviceId,
      scope,
      context,
      command: (device) => ({ kind: 'gang', index, on: device.gangStates[index] !== true }),
    });
    return this.presentWithRoom(row);
  }

  /**
   * Compares the device's firmware with the newest stored for its type (semantic versions).
   * The type's versions come through the firmware(device_type, version) index; the newest is picked here.
   */
  async checkUpdates(scope: Scope, deviceId: string): Promise<UpdateCheck> {
    const [device] = await this.db
      .select({ type: devices.type, firmwareVersion: devices.firmwareVersion })
      .from(devices)
      .where(and(eq(devices.id, deviceId), scopeCondition('device', scope)))
      .limit(1);
    if (!device) throw notFound(DEVICES_MESSAGES.notFound);
    const versions = await this.db
      .select({ version: firmware.version })
      .from(firmware)
      .where(eq(firmware.deviceType, device.type));
    const latest = versions.reduce<string | null>(
      (best, { version }) => (best === null || compareVersions(version, best) > 0 ? version : best),
      null,
    );
    const current = device.firmwareVersion;
    return {
      update_available: latest !== null && (current === null || compareVersions(latest, current) > 0),
      current_version: current,
      latest_version: latest,
    };
  }

  /**
   * Puts a device into a room of the same home: the scope must be allowed to change both (else 404),
   * and the room must belong to the device's owner (for an owner both are their own anyway).
   */
  async assignRoom(scope: Scope, deviceId: string, roomId: string, context: AuditContext): Promise<Device> {
    return this.changed(
      scope,
      await this.db.transaction(async (tx) => {
        const [device] = await tx
          .select({ id: devices.id, userId: devices.userId, roomId: devices.roomId })
          .from(devices)
          .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
          .limit(1)
          .for('update');
        if (!device) throw notFound(DEVICES_MESSAGES.notFound);
        // Locked so that the room cannot be deleted before the device points at it.
        const [room] = await tx
          .select({ id: rooms.id, name: rooms.name, userId: rooms.userId })
          .from(rooms)
          .where(and(eq(rooms.id, roomId), scopeCondition('room', scope, 'change')))
          .limit(1)
          .for('share');
        if (!room || room.userId !== device.userId) throw notFound(DEVICES_MESSAGES.roomNotFound);
        const [updated] = await tx
          .update(devices)
          .set({ roomId: room.id, updatedAt: this.now() })
          .where(eq(devices.id, device.id))
          .returning();
        if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
        await this.recordRoomChange(tx, context, updated, device.roomId);
        return presentDevice(updated, room.name, this.aqiScale);
      }),
    );
  }

  /** Names one gang of a Lumos switch ("Ceiling light"); what voice assistants call it. */
  async renameGang(
    scope: Scope,
    deviceId: string,
    gangIndex: number,
    name: string,
    context: AuditContext,
  ): Promise<Device> {
    return this.changed(
      scope,
      await this.db.transaction(async (tx) => {
        const [device] = await tx
          .select({ id: devices.id, gangCount: devices.gangCount, gangNames: devices.gangNames })
          .from(devices)
          .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
          .limit(1)
          .for('update');
        if (!device) throw notFound(DEVICES_MESSAGES.notFound);
        if (!Number.isInteger(gangIndex) || gangIndex < 0 || gangIndex >= device.gangCount)
          throw notFound(DEVICES_MESSAGES.gangNotFound);
        const names = Array.from({ length: device.gangCount }, (_, i) => device.gangNames[i] ?? '');
        names[gangIndex] = name.trim();
        const [updated] = await tx
          .update(devices)
          .set({ gangNames: names, updatedAt: this.now() })
          .where(eq(devices.id, device.id))
          .returning();
        if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
        await this.audit.record(tx, context, {
          action: 'device.updated',
          entity: { type: 'device', id: updated.id, name: updated.name },
          changes: {
            [`gang_${gangIndex + 1}_name`]: {
              before: gangName(device.gangNames, gangIndex),
              after: name.trim(),
            },
          },
        });
        const [room] = updated.roomId
          ? await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, updated.roomId))
          : [];
        return presentDevice(updated, room?.name ?? null, this.aqiScale);
      }),
    );
  }

  /**
   * ISAAC auto mode (issue 13): the PM2.5 threshold above which a SKYWALKER in its room switches it on (null:
   * off). Only purifiers have it (400 otherwise).
   */
  async setAutoMode(
    scope: Scope,
    deviceId: string,
    threshold: number | null,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .select({ id: devices.id, type: devices.type, autoThreshold: devices.autoThreshold })
        .from(devices)
        .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
        .limit(1)
        .for('update');
      if (!device) throw notFound(DEVICES_MESSAGES.notFound);
      if (device.type !== 'isaac') {
        throw badRequest(DEVICES_MESSAGES.autoModeIsaacOnly, [
          { path: 'threshold', message: DEVICES_MESSAGES.autoModeIsaacOnly },
        ]);
      }
      const [updated] = await tx
        .update(devices)
        .set({
          autoThreshold: threshold,
          ...(threshold === null ? { autoOn: false } : {}),
          updatedAt: this.now(),
        })
        .where(eq(devices.id, device.id))
        .returning();
      if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
      await this.audit.record(tx, context, {
        action: 'device.updated',
        entity: { type: 'device', id: updated.id, name: updated.name },
        changes: { auto_threshold: { before: device.autoThreshold, after: threshold } },
      });
      const [room] = updated.roomId
        ? await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, updated.roomId))
        : [];
      return presentDevice(updated, room?.name ?? null, this.aqiScale);
    });
  }

  async unassignRoom(scope: Scope, deviceId: string, context: AuditContext): Promise<Device> {
    return this.changed(
      scope,
      await this.db.transaction(async (tx) => {
        const [device] = await tx
          .select({ id: devices.id, roomId: devices.roomId })
          .from(devices)
          .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
          .limit(1)
          .for('update');
        if (!device) throw notFound(DEVICES_MESSAGES.notFound);
        const [updated] = await tx
          .update(devices)
          .set({ roomId: null, updatedAt: this.now() })
          .where(eq(devices.id, device.id))
          .returning();
        if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
        await this.recordRoomChange(tx, context, updated, device.roomId);
        return presentDevice(updated, null, this.aqiScale);
      }),
    );
  }

  /** The activity log's record of a device moved into, out of or between rooms (nothing when it stayed). */
  private async recordRoomChange(
    tx: Tx,
    context: AuditContext,
    device: DeviceRow,
    previousRoomId: string | null,
  ) {
    const changes = changesBetween({ room_id: previousRoomId }, { room_id: device.roomId }, ['room_id']);
    if (Object.keys(changes).length === 0) return;
    await this.audit.record(tx, context, {
      action: 'device.updated',
      entity: { type: 'device', id: device.id, name: device.name },
      changes,
    });
  }

  private async presentWithRoom(row: DeviceRow): Promise<Device> {
    if (row.roomId === null) return presentDevice(row, null, this.aqiScale);
    const [room] = await this.db
      .select({ name: rooms.name })
      .from(rooms)
      .where(eq(rooms.id, row.roomId))
      .limit(1);
    return presentDevice(row, room?.name ?? null, this.aqiScale);
  }
}
