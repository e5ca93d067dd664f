import { airQualityOf, type OwnerDashboard, type AqiScale } from '@isaac/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fromJson, fromJsonList, jsonList, jsonListRow, jsonTuple } from '../../db/json-rows.ts';
import { selectWithSession } from '../auth/sessions.ts';
import type { ReadWithSession } from '../../plugins/auth.ts';
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

/** The device counts of a dashboard: all, and per type (one aggregate with a FILTER per type). */
const countsShape = {
  total: sql<number>`count(*)::int`,
  lumos: sql<number>`(count(*) filter (where ${devices.type} = 'lumos'))::int`,
  isaac: sql<number>`(count(*) filter (where ${devices.type} = 'isaac'))::int`,
  skywalker: sql<number>`(count(*) filter (where ${devices.type} = 'skywalker'))::int`,
};

/**
 * The dashboard's ONE statement for a scope kind, with the caller's session (ADR 041) (prepared: it runs on every dashboard refresh): the
 * counts per type as an aggregate (FILTER per type, a sub-select for rooms), and each room's latest
 * sensor reading (the newest SKYWALKER reading in the room) as a JSON list (ADR 039).
 */
function prepareDashboard(db: Db, kind: ScopeKind) {
  const roomsCondition = policyCondition('room', kind, ACTOR);
  const airOrder = [rooms.id, sql`${devices.airQualityAt} desc`];
  const roomAir = db
    .selectDistinctOn([rooms.id], jsonListRow(roomAirShape))
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
  const counts = db
    .select({ counts: jsonTuple(countsShape) })
    .from(devices)
    .where(policyCondition('device', kind, ACTOR));
  return selectWithSession(db, {
    counts: sql`(${counts})`,
    rooms: sql<number>`(select count(*)::int from ${rooms}${roomsCondition ? sql` where ${roomsCondition}` : sql``})`,
    roomAir: jsonList(roomAir),
  }).prepare(`dashboard_${kind}`);
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

  /** The scope's dashboard, read with the caller's session (`readAsCaller`, ADR 041). */
  async statistics(scope: Scope, sessionId: string): Promise<ReadWithSession<OwnerDashboard> | undefined> {
    const [row] = await this.statements.get(scope.kind).execute({ sessionId, actorId: scope.userId });
    if (!row) return undefined;
    const counts = fromJson(countsShape, row.counts);
    const roomAir = fromJsonList(roomAirShape, row.roomAir);
    const value: OwnerDashboard = {
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
          total: counts.total,
          lumos_devices: counts.lumos,
          isaac: counts.isaac,
          skywalker: counts.skywalker,
        },
        rooms: row.rooms,
      },
    };
    return { session: row.session, user: row.user, value };
  }
}
