import { airQualityOf, type OwnerDashboard, type AqiScale } from '@isaac/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
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

/** Each room's latest sensor reading (the newest SKYWALKER reading in the room), for the air-quality panel. */
function prepareRoomAir(db: Db, kind: ScopeKind) {
  return db
    .selectDistinctOn([rooms.id], {
      roomId: rooms.id,
      roomName: rooms.name,
      pm25: devices.pm25,
      at: devices.airQualityAt,
    })
    .from(devices)
    .innerJoin(rooms, sql`${rooms.id} = ${devices.roomId}`)
    .where(
      and(
        policyCondition('device', kind, ACTOR),
        eq(devices.type, 'skywalker'),
        isNotNull(devices.pm25),
        isNotNull(devices.airQualityAt),
      ),
    )
    .orderBy(rooms.id, sql`${devices.airQualityAt} desc`)
    .prepare(`dashboard_air_${kind}`);
}

/**
 * The owner dashboard's statistics, counted by the database in ONE aggregate query (FILTER per
 * type, a sub-select for rooms) over the rows the caller's scope reaches (policy layer, ADR 019): for
 * an owner the (user_id, ...) indexes keep its cost independent of the table sizes. A prepared
 * statement per scope kind: it runs on every dashboard refresh.
 */
export class OwnerDashboardService {
  private readonly statements = new Map<ScopeKind, ReturnType<typeof prepareStatistics>>();
  private readonly airStatements = new Map<ScopeKind, ReturnType<typeof prepareRoomAir>>();

  constructor(
    private readonly db: Db,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  async statistics(scope: Scope): Promise<OwnerDashboard> {
    let statement = this.statements.get(scope.kind);
    if (!statement) {
      statement = prepareStatistics(this.db, scope.kind);
      this.statements.set(scope.kind, statement);
    }
    let air = this.airStatements.get(scope.kind);
    if (!air) {
      air = prepareRoomAir(this.db, scope.kind);
      this.airStatements.set(scope.kind, air);
    }
    const [[row], roomAir] = await Promise.all([
      statement.execute({ actorId: scope.userId }),
      air.execute({ actorId: scope.userId }),
    ]);
    return {
      air_quality: roomAir
        .filter((r) => r.pm25 !== null && r.at !== null)
        .map((r) => ({
          room_id: r.roomId,
          room_name: r.roomName,
          pm25: r.pm25!,
          ...airQualityOf(r.pm25!, this.aqiScale),
          at: r.at!.toISOString(),
        }))
        .sort((a, b) => a.room_name.localeCompare(b.room_name)),
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
