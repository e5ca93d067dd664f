import type {
  DeviceType,
  Firmware,
  FirmwareList,
  FirmwareListQuery,
  FirmwareUploadFields,
} from '@isaac/contract';
import { and, count, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { devices, firmware, users, type FirmwareRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentFirmware } from './presenter.ts';
import type { FirmwareStore, StagedBlob } from './storage.ts';

export const FIRMWARE_MESSAGES = {
  notFound: 'Firmware not found',
  duplicate: (deviceType: string, version: string) =>
    `Firmware version ${version} for ${deviceType} already exists`,
  inUse: (devicesRunning: number) =>
    `This firmware cannot be deleted: ${devicesRunning} device${devicesRunning === 1 ? '' : 's'} ` +
    `report${devicesRunning === 1 ? 's' : ''} it as the installed version`,
} as const;

const uploaderName = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${firmware.uploadedBy})`;

/**
 * A version as its numbers (`1.10.0` after `1.9.0`), for sorting; a version that is not dotted numbers (none
 * is stored since uploads store the canonical form) sorts as unknown, last.
 */
export const versionOrder = (version: AnyColumn) =>
  sql`case when ${version} ~ '^[0-9]+([.][0-9]+)*$' then string_to_array(${version}, '.')::bigint[] end`;

/** The column of each sort of the firmware list. */
const FIRMWARE_SORT_COLUMNS: Record<FirmwareListQuery['sort'], AnyColumn | SQL> = {
  created_at: firmware.createdAt,
  device_type: firmware.deviceType,
  version: versionOrder(firmware.version),
  filename: sql`lower(${firmware.filename})`,
  file_size: firmware.fileSize,
};

/** Serialises the writers of one content address (an upload committing it, a delete removing it). */
const lockKey = (tx: Pick<Db, 'execute'>, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/** What the activity log records of a firmware row (never the storage path). */
const AUDITED_FIELDS = ['deviceType', 'version', 'filename', 'fileSize', 'sha256'] as const;
const auditName = (row: FirmwareRow) => `${row.deviceType} ${row.version} (${row.filename})`;

/** The versions a device may report for a stored one ("1.2.3" is also reported as "v1.2.3"). */
const reportedForms = (version: string) => [version, `v${version}`];

/**
 * Firmware images (ADR 021): rows in `firmware` (type, canonical version, name, size, sha256, key)
 * and their bytes in a `FirmwareStore` under their content address. A row is inserted and its bytes
 * committed in one transaction; a delete removes the bytes when no row names them any more.
 */
export class FirmwareService {
  constructor(
    private readonly db: Db,
    private readonly store: FirmwareStore,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /**
   * In the query's order (newest first by default), optionally one device type, and a search of the version
   * or the file name; the page and its total in one query.
   */
  async list(query: FirmwareListQuery): Promise<FirmwareList> {
    const pattern = query.search ? containsPattern(query.search) : undefined;
    const where = and(
      query.device_type ? eq(firmware.deviceType, query.device_type) : undefined,
      pattern ? or(ilike(firmware.version, pattern), ilike(firmware.filename, pattern)) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ row: firmware, uploaderName, total: totalCount() })
      .from(firmware)
      .where(where)
      .orderBy(...sortedBy(FIRMWARE_SORT_COLUMNS, query, firmware.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(firmware, where));
    return listPage(
      'firmware',
      rows.map((r) => presentFirmware(r.row, r.uploaderName)),
      query,
      total,
    );
  }

  /** 409 when the type already has this version (checked before an upload's bytes flow; the insert re-checks). */
  async assertNewVersion(deviceType: DeviceType, version: string): Promise<void> {
    const [existing] = await this.db
      .select({ id: firmware.id })
      .from(firmware)
      .where(and(eq(firmware.deviceType, deviceType), eq(firmware.version, version)))
      .limit(1);
    if (existing) throw conflict(FIRMWARE_MESSAGES.duplicate(deviceType, version));
  }

  /** Stores an upload: the row and the staged bytes commit together (a duplicate version is 409, nothing kept). */
  async create(
    input: {
      fields: FirmwareUploadFields;
      filename: string;
      staged: StagedBlob;
      uploadedBy: { id: string; name: string };
    },
    context: AuditContext,
  ): Promise<Firmware> {
    const { fields, staged } = input;
    try {
      const row = await this.db.transaction(async (tx) => {
        await lockKey(tx, staged.key);
        const [inserted] = await tx
          .insert(firmware)
          .values({
            deviceType: fields.device_type,
            version: fields.version,
            filename: input.filename,
            fileSize: staged.size,
            sha256: staged.sha256,
            storageKey: staged.key,
            releaseNotes: fields.release_notes,
            uploadedBy: input.uploadedBy.id,
            createdAt: this.now(),
          })
          .returning();
        if (!inserted) throw new Error('firmware insert returned no row');
        await this.audit.record(tx, context, {
          action: 'firmware.uploaded',
          entity: { type: 'firmware', id: inserted.id, name: auditName(inserted) },
          changes: changesBetween(null, inserted, AUDITED_FIELDS),
        });
        // Last in the transaction: if committing the bytes fails, the row is rolled back with it.
        await staged.commit();
        return inserted;
      });
      return presentFirmware(row, input.uploadedBy.name);
    } catch (error) {
      await staged.discard();
      if (isUniqueViolation(error))
        throw conflict(FIRMWARE_MESSAGES.duplicate(fields.device_type, fields.version));
      throw error;
    }
  }

  /**
   * Deletes a firmware image unless a device of its type reports it as its installed version (409):
   * that image is what the device would be re-flashed with. The newest of a type may be deleted when
   * no device runs it (withdrawing a bad release): update checks then offer the next newest.
   */
  async remove(id: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(firmware).where(eq(firmware.id, id)).limit(1).for('update');
      if (!row) throw notFound(FIRMWARE_MESSAGES.notFound);
      const [running] = await tx
        .select({ n: count() })
        .from(devices)
        .where(
          and(eq(devices.type, row.deviceType), inArray(devices.firmwareVersion, reportedForms(row.version))),
        );
      if (running && running.n > 0) throw conflict(FIRMWARE_MESSAGES.inUse(running.n));
      await lockKey(tx, row.storageKey);
      await tx.delete(firmware).where(eq(firmware.id, row.id));
      await this.audit.record(tx, context, {
        action: 'firmware.deleted',
        entity: { type: 'firmware', id: row.id, name: auditName(row) },
        changes: changesBetween(row, null, AUDITED_FIELDS),
      });
      const [others] = await tx
        .select({ n: count() })
        .from(firmware)
        .where(eq(firmware.storageKey, row.storageKey));
      // Under the key's lock: an upload of the same bytes cannot commit between this check and the removal.
      if (!others || others.n === 0) await this.store.remove(row.storageKey);
    });
  }
}
