import { airQualityOf, type OwnerDashboard, type AqiScale } from '@isaac/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonList, jsonRecord } from '../../db/json-rows.ts';
import { readOf, type Read, type ReadRow } from '../../db/reads.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { ACTOR, policyCondition, policyValues, SESSION_HOME } from '../../policy/policy.ts';
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
 * The dashboard's fields for a scope kind, read in ONE statement with the caller's session (ADR 041): the
 * counts per type as an aggregate (FILTER per type, a sub-select for rooms), and each room's latest
 * sensor reading (the newest SKYWALKER reading in the room) as a JSON list (ADR 039).
 */
function dashboardFields(db: Db, kind: ScopeKind) {
  const roomsCondition = policyCondition('room', kind, ACTOR, 'see', SESSION_HOME);
  const airOrder = [rooms.id, sql`${devices.airQualityAt} desc`];
  return {
    counts: jsonRecord(
      countsShape,
      (tuple) =>
        sql`(${db
          .select({ tuple })
          .from(devices)
          .where(policyCondition('device', kind, ACTOR, 'see', SESSION_HOME))})`,
    ),
    rooms: sql<number>`(select count(*)::int from ${rooms}${roomsCondition ? sql` where ${roomsCondition}` : sql``})`,
    roomAir: jsonList(roomAirShape, (row) =>
      db
        .selectDistinctOn([rooms.id], row)
        .from(devices)
        .innerJoin(rooms, sql`${rooms.id} = ${devices.roomId}`)
        .where(
          and(
            policyCondition('device', kind, ACTOR, 'see', SESSION_HOME),
            eq(devices.type, 'skywalker'),
            isNotNull(devices.pm25),
            isNotNull(devices.airQualityAt),
          ),
        )
        .orderBy(...airOrder),
    ),
  };
}

/**
 * The owner dashboard's statistics and air quality, read by the database in ONE statement over the rows
 * the caller's scope reaches (policy layer, ADR 019): for an owner the (user_id, ...) indexes keep its
 * cost independent of the table sizes.
 */
export class OwnerDashboardService {
  constructor(
    private readonly db: Db,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
  ) {}

  /** The scope's dashboard (run by the route with the caller's session, `readAsCaller`). */
  statistics(scope: Scope): Read<OwnerDashboard> {
    return readOf('dashboard', scope.kind, {
      fields: () => dashboardFields(this.db, scope.kind),
      values: policyValues(scope),
      decode: (row) => this.present(row),
    });
  }

  private present({
    counts,
    rooms: roomCount,
    roomAir,
  }: ReadRow<ReturnType<typeof dashboardFields>>): OwnerDashboard {
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
          total: counts?.total ?? 0,
          lumos_devices: counts?.lumos ?? 0,
          isaac: counts?.isaac ?? 0,
          skywalker: counts?.skywalker ?? 0,
        },
        rooms: roomCount,
      },
    };
  }
}
