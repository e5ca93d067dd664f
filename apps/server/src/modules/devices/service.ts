import {
  API_MSG,
  compareVersions,
  gangCountForModel,
  type Device,
  type DeviceListQuery,
  type DeviceType,
  type NewDevice,
  type UpdateCheck,
} from '@isaac/contract';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { devices, firmware, rooms, type DeviceRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { CommandChannel, DeviceCommandService } from '../device-commands/service.ts';
import { presentDevice, presentedDeviceColumns } from './presenter.ts';

export const DEVICES_MESSAGES = {
  notFound: API_MSG.deviceNotFound,
  roomNotFound: API_MSG.roomNotFound,
  serialTaken: 'A device with this serial number already exists',
} as const;

/** The firmware a new device reports until it is updated (the first release of every type). */
export const FACTORY_FIRMWARE_VERSION: Record<DeviceType, string> = {
  isaac: '1.0.0',
  lumos: '1.0.0',
  skywalker: '1.0.0',
};

/** `room_id` filter of the device list: a room id, or 'none' for devices in no room. */
export const NO_ROOM = 'none';

/** The device with its room's name, looked up by primary key per row (never a scan of rooms). */
const withRoomName = {
  device: presentedDeviceColumns,
  roomName: sql<string | null>`(select ${rooms.name} from ${rooms} where ${rooms.id} = ${devices.roomId})`,
};

/** Which filters a device-list query has: each combination is one prepared statement. */
interface ListShape {
  room: 'id' | 'none' | null;
  type: boolean;
}

/**
 * An owner's devices. Every query is scoped to the owner (`devices.user_id`), so another owner's
 * device is simply not found (404): no probing. Lists use the (user_id, created_at) index, so a
 * request costs the same however many devices the table holds; they are prepared statements
 * (built once, parsed once per connection), as they run on every dashboard refresh.
 */
export class DeviceService {
  private readonly listStatements = new Map<string, ReturnType<DeviceService['prepareList']>>();

  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommandService,
    private readonly now: () => Date,
  ) {}

  async list(ownerId: string, query: DeviceListQuery) {
    const shape: ListShape = {
      room: query.room_id === undefined ? null : query.room_id === NO_ROOM ? 'none' : 'id',
      type: query.type !== undefined,
    };
    const key = `${shape.room ?? 'any'}_${shape.type ? 'type' : 'all'}`;
    let statement = this.listStatements.get(key);
    if (!statement) {
      statement = this.prepareList(shape, key);
      this.listStatements.set(key, statement);
    }
    // One round trip: the page with the total as a window count; a page past the end counts separately.
    const rows = await statement.execute({
      ownerId,
      roomId: query.room_id,
      type: query.type,
      ...pageWindow(query),
    });
    const total = await pageTotal(rows, query, () => this.count(ownerId, query));
    return listPage(
      'devices',
      rows.map((r) => presentDevice(r.device, r.roomName)),
      query,
      total,
    );
  }

  private prepareList(shape: ListShape, key: string) {
    const where: SQL[] = [eq(devices.userId, sql.placeholder('ownerId'))];
    if (shape.room === 'none') where.push(isNull(devices.roomId));
    if (shape.room === 'id') where.push(eq(devices.roomId, sql.placeholder('roomId')));
    if (shape.type) where.push(eq(devices.type, sql.placeholder('type')));
    return this.db
      .select({ ...withRoomName, total: totalCount() })
      .from(devices)
      .where(and(...where))
      .orderBy(desc(devices.createdAt), desc(devices.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`owner_devices_${key}`);
  }

  private async count(ownerId: string, query: DeviceListQuery): Promise<number> {
    const where: SQL[] = [eq(devices.userId, ownerId)];
    if (query.room_id === NO_ROOM) where.push(isNull(devices.roomId));
    else if (query.room_id !== undefined) where.push(eq(devices.roomId, query.room_id));
    if (query.type !== undefined) where.push(eq(devices.type, query.type));
    const [row] = await this.db
      .select({ total: count() })
      .from(devices)
      .where(and(...where));
    return row?.total ?? 0;
  }

  async create(ownerId: string, input: NewDevice): Promise<Device> {
    const gangCount = gangCountForModel(input.type, input.model);
    const at = this.now();
    try {
      const [row] = await this.db
        .insert(devices)
        .values({
          name: input.name,
          model: input.model,
          serialNumber: input.serial_number,
          type: input.type,
          userId: ownerId,
          gangCount,
          gangStates: Array.from({ length: gangCount }, () => false),
          firmwareVersion: FACTORY_FIRMWARE_VERSION[input.type],
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('device insert returned no row');
      return presentDevice(row, null);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DEVICES_MESSAGES.serialTaken);
      throw error;
    }
  }

  /** Power toggle (a Lumos switch turns all its gangs with it), through the one command service. */
  async toggle(auth: AuthContext, deviceId: string, channel: CommandChannel): Promise<Device> {
    const row = await this.commands.executeCommand({
      deviceId,
      actor: { userId: auth.userId, role: auth.role },
      ownerId: auth.userId,
      channel,
      command: (device) => ({ kind: 'power', on: !device.powerOn }),
    });
    return this.presentWithRoom(row);
  }

  /** Toggles one gang of a Lumos switch; an index outside 0..gang_count-1 is 400. */
  async toggleGang(auth: AuthContext, deviceId: string, index: number, channel: CommandChannel) {
    const row = await this.commands.executeCommand({
      deviceId,
      actor: { userId: auth.userId, role: auth.role },
      ownerId: auth.userId,
      channel,
      command: (device) => ({ kind: 'gang', index, on: device.gangStates[index] !== true }),
    });
    return this.presentWithRoom(row);
  }

  /**
   * Compares the device's firmware with the newest stored for its type (semantic versions).
   * The type's versions come through the firmware(device_type, version) index; the newest is picked here.
   */
  async checkUpdates(ownerId: string, deviceId: string): Promise<UpdateCheck> {
    const [device] = await this.db
      .select({ type: devices.type, firmwareVersion: devices.firmwareVersion })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, ownerId)))
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

  /** Puts the owner's device into one of the owner's rooms (either not the caller's: 404). */
  async assignRoom(ownerId: string, deviceId: string, roomId: string): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.userId, ownerId)))
        .limit(1)
        .for('update');
      if (!device) throw notFound(DEVICES_MESSAGES.notFound);
      // Locked so that the room cannot be deleted before the device points at it.
      const [room] = await tx
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.id, roomId), eq(rooms.userId, ownerId)))
        .limit(1)
        .for('share');
      if (!room) throw notFound(DEVICES_MESSAGES.roomNotFound);
      const [updated] = await tx
        .update(devices)
        .set({ roomId: room.id, updatedAt: this.now() })
        .where(eq(devices.id, device.id))
        .returning();
      if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
      return presentDevice(updated, room.name);
    });
  }

  async unassignRoom(ownerId: string, deviceId: string): Promise<Device> {
    const [updated] = await this.db
      .update(devices)
      .set({ roomId: null, updatedAt: this.now() })
      .where(and(eq(devices.id, deviceId), eq(devices.userId, ownerId)))
      .returning();
    if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
    return presentDevice(updated, null);
  }

  private async presentWithRoom(row: DeviceRow): Promise<Device> {
    if (row.roomId === null) return presentDevice(row, null);
    const [room] = await this.db
      .select({ name: rooms.name })
      .from(rooms)
      .where(eq(rooms.id, row.roomId))
      .limit(1);
    return presentDevice(row, room?.name ?? null);
  }
}
