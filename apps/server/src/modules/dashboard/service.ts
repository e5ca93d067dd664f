import { airQualityOf, type OwnerDashboard, type AqiScale } from '@isaac/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fromJsonList, jsonList, jsonListRow } from '../../db/json-rows.ts';
import { Statements } from '../../db/statements.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { ACTOR, policyCondition } from '../../policy/policy.ts';
import type { Scope, ScopeKind } from '../../policy/scope.ts';

/** A room's latest sensor reading, as the air-quality panel reads it. */
const roomAirShape = {
  roomId: rooms.id,
  roomName: rooms.name,
  pm25: devices.pm25,
  at: devices.airQualityAt,
};

/**
 * The dashboard's ONE statement for a scope kind (prepared: it runs on every dashboard refresh): the
 * counts per type as an aggregate (FILTER per type, a sub-select for rooms), and each room's latest
 * sensor reading (the newest SKYWALKER reading in the room) as a JSON list (ADR 039).
 */
function prepareDashboard(db: Db, kind: ScopeKind) {
  const roomsCondition = policyCondition('room', kind, ACTOR);
  const airOrder = [rooms.id, sql`${devices.airQualityAt} desc`];
  const roomAir = db
    .selectDistinctOn([rooms.id], jsonListRow(roomAirShape, airOrder))
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
    .orderBy(...airOrder);
  return db
    .select({
      total: sql<number>`count(*)::int`,
      lumos: sql<number>`(count(*) filter (where ${devices.type} = 'lumos'))::int`,
      isaac: sql<number>`(count(*) filter (where ${devices.type} = 'isaac'))::int`,
      skywalker: sql<number>`(count(*) filter (where ${devices.type} = 'skywalker'))::int`,
      rooms: sql<number>`(select count(*)::int from ${rooms}${roomsCondition ? sql` where ${roomsCondition}` : sql``})`,
      roomAir: jsonList(roomAir),
    })
    .from(devices)
    .where(policyCondition('device', kind, ACTOR))
    .prepare(`dashboard_${kind}`);
}

/**
 * The owner dashboard's statistics and air quality, read by the database in ONE statement over the rows
 * the caller's scope reaches (policy layer, ADR 019): for an owner the (user_id, ...) indexes keep its
 * cost independent of the table sizes.
 */
export class OwnerDashboardService {
  private readonly statements = new Statements((kind: ScopeKind) => prepareDashboard(this.db, kind));

  constructor(
    private readonly db: Db,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  async statistics(scope: Scope): Promise<OwnerDashboard> {
    const [row] = await this.statements.get(scope.kind).execute({ actorId: scope.userId });
    const roomAir = fromJsonList(roomAirShape, row?.roomAir);
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
