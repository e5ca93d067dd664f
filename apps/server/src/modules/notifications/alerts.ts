import {
  filterDaysLeft,
  replacementFilterPath,
  AQI_BANDS_CPCB,
  airQualityOf,
  DEFAULT_AIR_ALERT_BAND,
  DEFAULT_OFFLINE_AFTER_MINUTES,
  FILTER_CRITICAL_PERCENT,
  FILTER_WARNING_PERCENT,
  OWNER_PATHS,
  type AirAlertBand,
} from '@isaac/contract';
import { and, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  deviceReadings,
  devices,
  homeMembers,
  homes,
  notificationPreferences,
  notifications,
} from '../../db/schema/index.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';
import { audienceOf } from '../../policy/policy.ts';
import type { NotificationInput, NotificationService } from './service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A disconnection older than this is old news: no alert for a device long gone. */
const OFFLINE_LOOKBACK_MS = 7 * DAY_MS;
/** Readings older than this say nothing about the air now. */
const FRESH_AIR_MS = 15 * MINUTE_MS;
/** One air-quality alert per band change per half hour per home (issue 33). */
const AIR_ALERT_GAP_MS = 30 * MINUTE_MS;
/** A filter level is announced once in this time. */
const FILTER_ALERT_GAP_MS = 30 * DAY_MS;

const bandIndex = (band: string) => AQI_BANDS_CPCB.findIndex((b) => b.band === band);
/** The members who see a device (its home's, a guest only in their rooms): the join of an alert's audience. */
const seesDevice = audienceOf(devices.homeId, devices.roomId);

/** The people of each alert, gathered from the rows of one statement (an alert per key, its people). */
function byAlert<T>(rows: readonly T[], key: (row: T) => string, person: (row: T) => string) {
  const alerts = new Map<string, { row: T; people: string[] }>();
  for (const row of rows) {
    const alert = alerts.get(key(row)) ?? { row, people: [] };
    alert.people.push(person(row));
    alerts.set(key(row), alert);
  }
  return [...alerts.values()];
}

/**
 * Alerts that come from the state of devices rather than from one event (issue 33), checked every
 * ALERTS_TICK_MS by the process holding the `notifications.alerts` lease: a device offline longer than a
 * person's `offline_after_minutes` (once per disconnection), filter life at the warning and critical levels
 * (with the days left estimated from the filter's own history), and the air at home reaching a person's alert
 * band (once per band change, at most every half hour). Each goes to every member of the device's home who
 * sees it (issue 32: owners and members; a guest for their rooms, until their end), found with the devices
 * in one statement per check.
 */
export class DeviceAlerts {
  private stop: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(tickMs: number, leases: JobLeases | null): void {
    this.stop ??= every('notifications.alerts', tickMs, () => this.runOnce(), this.log, { leases });
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  async runOnce(): Promise<void> {
    await this.offline();
    await this.filters();
    await this.air();
  }

  private async offline(): Promise<void> {
    const now = this.now();
    const after = sql<number>`coalesce(${notificationPreferences.offlineAfterMinutes}, ${DEFAULT_OFFLINE_AFTER_MINUTES})`;
    const rows = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        since: devices.disconnectedAt,
        homeId: devices.homeId,
        userId: homeMembers.userId,
      })
      .from(devices)
      .innerJoin(homeMembers, seesDevice)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, homeMembers.userId))
      .where(
        and(
          eq(devices.isConnected, false),
          gt(devices.disconnectedAt, new Date(now.getTime() - OFFLINE_LOOKBACK_MS)),
          lte(sql`${devices.disconnectedAt} + make_interval(mins => ${after})`, now),
        ),
      );
    for (const { row, people } of byAlert(
      rows,
      (r) => r.id,
      (r) => r.userId,
    )) {
      if (row.since === null) continue;
      const minutes = Math.round((now.getTime() - row.since.getTime()) / MINUTE_MS);
      await this.notifications.notifyEach(this.db, people, {
        kind: 'device_offline',
        title: (t) => t('alerts.offlineTitle', { name: row.name }),
        body: (t) => t('alerts.offlineBody', { name: row.name, minutes }),
        link: OWNER_PATHS.devices,
        homeId: row.homeId,
        subject: `device:${row.id}:offline:${row.since.getTime()}`,
        onceWithinMs: OFFLINE_LOOKBACK_MS,
      });
    }
  }

  private async filters(): Promise<void> {
    const rows = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        life: devices.filterLife,
        fittedLife: devices.filterFittedLife,
        fittedAt: devices.filterFittedAt,
        lastSeenAt: devices.lastSeenAt,
        userId: homeMembers.userId,
      })
      .from(devices)
      .innerJoin(homeMembers, seesDevice)
      .where(and(eq(devices.type, 'isaac'), lte(devices.filterLife, FILTER_WARNING_PERCENT)));
    for (const { row, people } of byAlert(
      rows,
      (r) => r.id,
      (r) => r.userId,
    )) {
      if (row.life === null) continue;
      const life = row.life;
      const critical = life <= FILTER_CRITICAL_PERCENT;
      // The same estimate as the device card's: the use since this filter was fitted.
      const days = filterDaysLeft(row.life, { life: row.fittedLife, at: row.fittedAt }, row.lastSeenAt);
      await this.notifications.notifyEach(this.db, people, {
        kind: 'filter_low',
        title: (t) =>
          t(critical ? 'alerts.filterCriticalTitle' : 'alerts.filterLowTitle', { name: row.name }),
        body: (t) =>
          days === null
            ? t('alerts.filterBody', { life })
            : days < 1
              ? t('alerts.filterBodyUnderADay', { life })
              : t('alerts.filterBodyDays', { life, count: days }),
        link: replacementFilterPath(row.id),
        subject: `device:${row.id}:filter:${critical ? 'critical' : 'warning'}`,
        onceWithinMs: FILTER_ALERT_GAP_MS,
      });
    }
  }

  /** Whether any device of the home the person sees read better than `band` after `since`. */
  private async clearedSince(userId: string, homeId: string, band: AirAlertBand, since: Date) {
    const below = AQI_BANDS_CPCB[bandIndex(band)]!.pm25[0];
    const [row] = await this.db
      .select({ at: deviceReadings.at })
      .from(deviceReadings)
      .innerJoin(devices, eq(devices.id, deviceReadings.deviceId))
      .innerJoin(homeMembers, and(seesDevice, eq(homeMembers.userId, userId)))
      .where(and(eq(devices.homeId, homeId), gt(deviceReadings.at, since), lt(deviceReadings.pm25, below)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The air at each home, as each member sees it (the worst fresh PM2.5 of the devices they see) against their
   * own alert band, with their last air alert of that home — one statement; an alert per home and band to
   * the members it is news to.
   */
  private async air(): Promise<void> {
    const now = this.now();
    const last = sql<{
      subject: string | null;
      at: string;
    } | null>`(select json_build_object('subject', ${notifications.subject}, 'at', ${notifications.createdAt}) from ${notifications} where ${notifications.userId} = ${homeMembers.userId} and ${notifications.kind} = 'air_quality' and starts_with(${notifications.subject}, 'air:' || ${devices.homeId} || ':') order by ${notifications.createdAt} desc limit 1)`;
    const worst = await this.db
      .select({
        homeId: devices.homeId,
        homeName: homes.name,
        userId: homeMembers.userId,
        pm25: sql<number>`max(${devices.pm25})`,
        band: sql<string | null>`max(${notificationPreferences.airAlertBand})`,
        last,
      })
      .from(devices)
      .innerJoin(homes, eq(homes.id, devices.homeId))
      .innerJoin(homeMembers, seesDevice)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, homeMembers.userId))
      .where(and(isNotNull(devices.pm25), gt(devices.airQualityAt, new Date(now.getTime() - FRESH_AIR_MS))))
      .groupBy(devices.homeId, homes.name, homeMembers.userId);
    const alerts = new Map<string, { input: NotificationInput; people: string[] }>();
    for (const { homeId, homeName, userId, pm25, band, last: previous } of worst) {
      if (homeId === null) continue;
      const threshold = (band ?? DEFAULT_AIR_ALERT_BAND) as AirAlertBand;
      const air = airQualityOf(Number(pm25), 'cpcb');
      if (bandIndex(air.band) < bandIndex(threshold)) continue;
      const subject = `air:${homeId}:${air.band}`;
      const lastAt = previous ? new Date(previous.at) : null;
      if (lastAt && now.getTime() - lastAt.getTime() < AIR_ALERT_GAP_MS) continue;
      // The same band as the last alert is news only if the air got better than the alert band since.
      if (previous?.subject === subject && !(await this.clearedSince(userId, homeId, threshold, lastAt!))) {
        continue;
      }
      const input: NotificationInput = {
        kind: 'air_quality',
        title: (t) =>
          t('alerts.airTitle', { home: homeName, band: t(`aqiBands.${air.band as AirAlertBand}`) }),
        body: (t) => t('alerts.airBody', { pm25: Math.round(Number(pm25)), aqi: air.aqi }),
        link: OWNER_PATHS.dashboard,
        homeId,
        subject,
      };
      const key = `${subject}|${Math.round(Number(pm25))}`;
      const alert = alerts.get(key) ?? { input, people: [] };
      alert.people.push(userId);
      alerts.set(key, alert);
    }
    for (const { input, people } of alerts.values()) {
      await this.notifications.notifyEach(this.db, people, input);
    }
  }
}
