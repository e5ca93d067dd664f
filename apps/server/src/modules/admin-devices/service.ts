import {
  type AdminDeviceList,
  type AdminDeviceListQuery,
  type AdminDeviceStats,
  type BulkDeviceResponse,
  type DeviceMessageStats,
  ADMIN_MSG,
  API_MSG,
} from '@isaac/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listPage } from '../../db/pagination.ts';
import { mapRead, type Read } from '../../db/reads.ts';
import { deviceMessageStats, devices } from '../../db/schema/index.ts';
import { idListError, notFound } from '../../plugins/errors.ts';
import type { Scope } from '../../policy/scope.ts';
import { isoOrNull } from '../devices/presenter.ts';
import type { DeviceService } from '../devices/service.ts';
import { releaseFromOwners } from '../devices/store.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import type { RowCounts } from '../stats/row-counts.ts';

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

/**
 * Every device, for the admin (issue 10, ADR 025): search, filters, pagination, the stat cards, and
 * taking devices back from their owners.
 */
export class AdminDeviceService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly counts: RowCounts,
    private readonly now: () => Date,
    /** The one device list (the devices module). */
    private readonly devices: Pick<DeviceService, 'page'>,
  ) {}

  /**
   * One page of every device with its owner, room and electrician: the one device list (DeviceService.page)
   * over the admin's scope, searched (name, serial, owner name or e-mail, any case, anywhere in the text:
   * trigram indexes), filtered and sorted, with the filtered total; run by the route with the caller's
   * session (`readAsCaller`).
   */
  list(scope: Scope, query: AdminDeviceListQuery): Read<AdminDeviceList> {
    return mapRead(this.devices.page(scope, query, 'owner_and_electrician'), ({ items, total }) =>
      listPage(
        'devices',
        items.map(({ device, owner, electrician }) => ({ ...device, owner, electrician })),
        query,
        total,
      ),
    );
  }

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
      await releaseFromOwners(
        tx,
        owned.map((d) => d.id),
        this.now(),
      );
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
