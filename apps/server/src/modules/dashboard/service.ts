import type { OwnerDashboard } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { ACTOR, policyCondition } from '../../policy/policy.ts';
import type { Scope, ScopeKind } from '../../policy/scope.ts';

/** The dashboard's one aggregate query for a scope kind (prepared: it runs on every dashboard refresh). */
function prepareStatistics(db: Db, kind: ScopeKind) {
  const roomsCondition = policyCondition('room', kind, ACTOR);
  return db
    .select({
      total: sql<number>`count(*)::int`,
      lumos: sql<number>`(count(*) filter (where ${devices.type} = 'lumos'))::int`,
      isaac: sql<number>`(count(*) filter (where ${devices.type} = 'isaac'))::int`,
      skywalker: sql<number>`(count(*) filter (where ${devices.type} = 'skywalker'))::int`,
      rooms: sql<number>`(select count(*)::int from ${rooms}${roomsCondition ? sql` where ${roomsCondition}` : sql``})`,
    })
    .from(devices)
    .where(policyCondition('device', kind, ACTOR))
    .prepare(`dashboard_${kind}`);
}

/**
 * The owner dashboard's statistics, counted by the database in ONE aggregate query (FILTER per
 * type, a sub-select for rooms) over the rows the caller's scope reaches (policy layer, ADR 019): for
 * an owner the (user_id, ...) indexes keep its cost independent of the table sizes. A prepared
 * statement per scope kind: it runs on every dashboard refresh.
 */
export class OwnerDashboardService {
  private readonly statements = new Map<ScopeKind, ReturnType<typeof prepareStatistics>>();

  constructor(private readonly db: Db) {}

  async statistics(scope: Scope): Promise<OwnerDashboard> {
    let statement = this.statements.get(scope.kind);
    if (!statement) {
      statement = prepareStatistics(this.db, scope.kind);
      this.statements.set(scope.kind, statement);
    }
    const [row] = await statement.execute({ actorId: scope.userId });
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
