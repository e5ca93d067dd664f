import type { OwnerDashboard } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, rooms } from '../../db/schema/index.ts';

/**
 * The owner dashboard's statistics, counted by the database in ONE aggregate query (FILTER per
 * type, a sub-select for rooms) over the owner's rows only: the (user_id, ...) indexes keep its
 * cost independent of the table sizes. A prepared statement: it runs on every dashboard refresh.
 */
export class OwnerDashboardService {
  private readonly statement;

  constructor(db: Db) {
    const ownerId = sql.placeholder('ownerId');
    this.statement = db
      .select({
        total: sql<number>`count(*)::int`,
        lumos: sql<number>`(count(*) filter (where ${devices.type} = 'lumos'))::int`,
        isaac: sql<number>`(count(*) filter (where ${devices.type} = 'isaac'))::int`,
        skywalker: sql<number>`(count(*) filter (where ${devices.type} = 'skywalker'))::int`,
        rooms: sql<number>`(select count(*)::int from ${rooms} where ${rooms.userId} = ${ownerId})`,
      })
      .from(devices)
      .where(eq(devices.userId, ownerId))
      .prepare('owner_dashboard');
  }

  async statistics(ownerId: string): Promise<OwnerDashboard> {
    const [row] = await this.statement.execute({ ownerId });
    return {
      statistics: {
        devices: {
          total: row?.total ?? 0,
          lumos_devices: row?.lumos ?? 0,
          isaac: row?.isaac ?? 0,
          skywalker: row?.skywalker ?? 0,
        },
        rooms: row?.rooms ?? 0,
      },
    };
  }
}
