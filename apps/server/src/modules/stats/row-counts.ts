import { compareVersions } from '@isaac/contract';
import { and, eq, gt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceCounts, userCounts } from '../../db/schema/index.ts';

/** The device filters a count can answer: any mix of type, online, has an owner, firmware version. */
/** A filter value, or a prepared statement's placeholder for it. */
type Value<T> = T | Placeholder;

export interface DeviceCountFilter {
  type?: Value<string>;
  online?: Value<boolean>;
  assigned?: boolean;
  firmwareVersion?: Value<string>;
}

/** The user filters a count can answer: role, and active or not. */
export interface UserCountFilter {
  role?: Value<number>;
  active?: boolean;
}

export interface DeviceSummary {
  total: number;
  online: number;
  /** Distinct device types present. */
  types: number;
  /** Firmware versions devices report, lowest first. */
  versions: string[];
}

/**
 * Row counts read from the trigger-maintained `device_counts` / `user_counts` tables (ADR 032): a sum over a
 * few dozen rows whatever the size of the tables, exact in every transaction (the triggers run in the
 * transaction of the change).
 */
export class RowCounts {
  constructor(private readonly db: Db) {}

  async devices(filter: DeviceCountFilter = {}): Promise<number> {
    const [row] = await this.db.select({ n: devicesCount(filter) }).from(sql`(select 1) as one`);
    return row?.n ?? 0;
  }

  async deviceSummary(): Promise<DeviceSummary> {
    const rows = await this.db
      .select({
        type: deviceCounts.type,
        online: deviceCounts.isConnected,
        version: deviceCounts.firmwareVersion,
        n: deviceCounts.n,
      })
      .from(deviceCounts)
      .where(gt(deviceCounts.n, 0));
    const versions = new Set(rows.map((r) => r.version).filter((v) => v !== ''));
    return {
      total: rows.reduce((sum, r) => sum + r.n, 0),
      online: rows.reduce((sum, r) => sum + (r.online ? r.n : 0), 0),
      types: new Set(rows.map((r) => r.type)).size,
      versions: [...versions].sort(compareVersions),
    };
  }

  async users(filter: UserCountFilter = {}): Promise<number> {
    const [row] = await this.db.select({ n: usersCount(filter) }).from(sql`(select 1) as one`);
    return row?.n ?? 0;
  }
}

/** The devices matching `filter`, as a scalar subquery over the row counts (to select beside other figures). */
export function devicesCount(filter: DeviceCountFilter = {}): SQL<number> {
  const conditions: SQL[] = [];
  if (filter.type !== undefined) conditions.push(eq(deviceCounts.type, filter.type));
  if (filter.online !== undefined) conditions.push(eq(deviceCounts.isConnected, filter.online));
  if (filter.assigned !== undefined) conditions.push(eq(deviceCounts.assigned, filter.assigned));
  if (filter.firmwareVersion !== undefined)
    conditions.push(eq(deviceCounts.firmwareVersion, filter.firmwareVersion));
  const where = conditions.length > 0 ? sql` where ${and(...conditions)}` : sql``;
  return sql<number>`(select coalesce(sum(${deviceCounts.n}), 0) from ${deviceCounts}${where})`.mapWith(
    Number,
  );
}

/** The users matching `filter`, as a scalar subquery over the row counts. */
export function usersCount(filter: UserCountFilter = {}): SQL<number> {
  const conditions: SQL[] = [];
  if (filter.role !== undefined) conditions.push(eq(userCounts.role, filter.role));
  if (filter.active === true) conditions.push(eq(userCounts.status, 'active'));
  if (filter.active === false) conditions.push(ne(userCounts.status, 'active'));
  const where = conditions.length > 0 ? sql` where ${and(...conditions)}` : sql``;
  return sql<number>`(select coalesce(sum(${userCounts.n}), 0) from ${userCounts}${where})`.mapWith(Number);
}
