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
  type PersonRef,
  type UpdateCheck,
  type AqiScale,
} from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mapRead, readOf, type Read } from '../../db/reads.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, pageTotal, pageWindow } from '../../db/pagination.ts';
import { devices, firmware, rooms, type DeviceRow } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import { homeOf, type Scope } from '../../policy/scope.ts';
import { changesBetween, SYSTEM_CONTEXT, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentPersonRef } from '../users/presenter.ts';
import type { DeviceCredentials } from '../../device-plane/credentials.ts';
import type { EventBus } from '../../events.ts';
import type { DeviceCommander } from './command-port.ts';
import {
  countDeviceList,
  deviceListShape,
  deviceListFields,
  deviceListValues,
  type DeviceListFilters,
  type DeviceListPeople,
} from './list.ts';
import { gangName, presentDevice } from './presenter.ts';

export { NO_ROOM } from './list.ts';

/** A device of a list, with the people the list shows (null when it shows none, or the device has none). */
export interface DeviceListItem {
  device: Device;
  owner: PersonRef | null;
  electrician: PersonRef | null;
}

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

/**
 * Devices, as the caller's scope reaches them (policy layer, ADR 019): an owner's own, an electrician's
 * assigned ones, every device for an admin; anything else is not found (404): no probing. An owner's
 * list uses the (user_id, created_at) index, so a request costs the same however many devices the table
 * holds; lists are prepared statements per scope kind and filter shape (built once, parsed once per
 * connection), as they run on every dashboard refresh.
 */
export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommander,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
    private readonly events: EventBus | null = null,
    /** Issues a new device's MQTT credentials, and where devices connect; null without a broker. */
    private readonly credentials: {
      issue: DeviceCredentials['issue'];
      brokerUrl: () => string;
    } | null = null,
  ) {}

  /** Tells the listeners (voice assistants' Request Sync) that a home's devices changed, after commit. */
  private changed<T>(scope: Scope, result: T): T {
    const target = homeOf(scope);
    if (target !== null) {
      this.events?.announce('home.devices_changed', {
        homeId: target.homeId ?? null,
        userId: target.userId,
      });
    }
    return result;
  }

  /** GET /api/devices: a page of the scope's devices (the one device list, `page`). */
  list(scope: Scope, query: DeviceListQuery): Read<DeviceList> {
    return mapRead(this.page(scope, query, 'none'), ({ items, total }) =>
      listPage(
        'devices',
        items.map((item) => item.device),
        query,
        total,
      ),
    );
  }

  /**
   * THE device list (`list.ts`): a page of the devices the scope reaches, filtered, searched and sorted as the
   * query says, with the people the list shows — run by the route with the caller's session in one statement
   * (`readAsCaller`, ADR 041): the page as a JSON list, each row with the total (a window count, or the row
   * counts' sum); a page past the end counts separately. The owner's, the admin's and the electrician's
   * device lists are this one; one statement per shape (scope kind, filters, sort, people shown).
   */
  page(
    scope: Scope,
    query: DeviceListFilters,
    people: DeviceListPeople,
  ): Read<{ items: DeviceListItem[]; total: number }> {
    const shape = deviceListShape(scope.kind, query, people);
    const values = deviceListValues(scope, query);
    return readOf('devices_list', shape, {
      fields: () => deviceListFields(this.db, shape),
      values: { ...values, ...pageWindow(query) },
      decode: async ({ page }) => {
        const total = await pageTotal(page, query, () => countDeviceList(this.db, shape, values));
        const items = page.map((r) => ({
          device: presentDevice(r.device, r.roomName, this.aqiScale),
          owner: 'owner' in r && r.owner ? presentPersonRef(r.owner) : null,
          electrician: 'electrician' in r && r.electrician ? presentPersonRef(r.electrician) : null,
        }));
        return { items, total };
      },
    });
  }

  /** Adds a device to the caller's home (the owner API); a scope without a home of its own may not. */
  async create(scope: Scope, input: NewDevice, context: AuditContext): Promise<DeviceCreatedResponse> {
    const target = homeOf(scope);
    if (target === null) throw forbidden();
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
            userId: target.userId,
            homeId: target.homeId,
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
   * A purifier reported a new filter (its life jumped up, `device.filter_changed`): recorded in the activity
   * log as the device's own doing; the days-left estimate starts again from the store's fitted mark.
   */
  async recordFilterChange(change: { deviceId: string; life: number; before: number }): Promise<void> {
    const [device] = await this.db
      .select({ id: devices.id, name: devices.name })
      .from(devices)
      .where(eq(devices.id, change.deviceId));
    if (!device) return;
    await this.audit.record(
      this.db,
      { ...SYSTEM_CONTEXT, channel: 'device' },
      {
        action: 'device.filter_replaced',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: { filter_life: { before: change.before, after: change.life } },
      },
    );
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
