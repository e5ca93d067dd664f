import type { AdminDashboard, HealthCheck, HealthCheckName } from '@isaac/contract';
import { and, eq, getTableColumns, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonList } from '../../db/json-rows.ts';
import { fixedLimit, newestFirst } from '../../db/pagination.ts';
import { Statements } from '../../db/statements.ts';
import { auditLog, installations, orders, sessions, users } from '../../db/schema/index.ts';
import type { RequestOutcomes } from '../../plugins/request-outcomes.ts';
import { presentAuditEntry } from '../audit/presenter.ts';
import { devicesCount, usersCount } from '../stats/row-counts.ts';
import { presentableUserColumns, presentUser } from '../users/presenter.ts';

/** How many users and activity entries the dashboard shows. */
export const DASHBOARD_USERS = 10;
export const DASHBOARD_ACTIVITY = 5;

/**
 * The weights of the health checks (they add up to 100) and the thresholds of each verdict. A check's
 * score runs from 1 (at or better than `good`) down to 0 (at or worse than `bad`), linearly between.
 */
export const HEALTH_RULES: Record<
  HealthCheckName,
  { label: string; weight: number; good: number; bad: number }
> = {
  database_latency: { label: 'Database latency', weight: 20, good: 50, bad: 500 },
  devices_online: { label: 'Devices online', weight: 20, good: 90, bad: 50 },
  failed_payments: { label: 'Failed payments (last hour)', weight: 20, good: 0, bad: 5 },
  server_errors: { label: 'Server errors (last hour)', weight: 20, good: 0.5, bad: 5 },
  overdue_installations: { label: 'Installations past their date', weight: 10, good: 0, bad: 5 },
  // Issue 27: device messages not stored (refused at the edge, over a device's rate, shed) and the broker's
  // security events (bad credentials, forbidden topics, oversized packets…), this process's last hour.
  device_messages: { label: 'Device messages refused (last hour)', weight: 5, good: 10, bad: 10_000 },
  broker_security: { label: 'Broker security events (last hour)', weight: 5, good: 5, bad: 500 },
};

/** The device plane's last hour, as system health reads it (none with DEVICE_TRANSPORT=direct). */
export interface DevicePlaneHealth {
  dropped(): Partial<Record<'refused' | 'rate_limited' | 'shed', number>>;
  security(): Partial<Record<string, number>>;
}

/** 1 at `good`, 0 at `bad`, linear between (either direction). */
export function scoreBetween(value: number, good: number, bad: number): number {
  if (good === bad) return value === good ? 1 : 0;
  const t = (value - bad) / (good - bad);
  return Math.min(1, Math.max(0, t));
}

function check(name: HealthCheckName, value: number, unit: HealthCheck['unit'], detail: string): HealthCheck {
  const rule = HEALTH_RULES[name];
  const score = scoreBetween(value, rule.good, rule.bad);
  return {
    name,
    label: rule.label,
    value: Math.round(value * 10) / 10,
    unit,
    score: Math.round(score * 100) / 100,
    status: score >= 0.8 ? 'ok' : score >= 0.4 ? 'warning' : 'failing',
    weight: rule.weight,
    detail,
  };
}

const auditShape = getTableColumns(auditLog);
const userShape = presentableUserColumns;
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

/** The dashboard's one statement (the clock's instants are parameters), prepared as `name`. */
function prepareDashboard(db: Db, name: string) {
  const auditOrder = newestFirst(auditLog.at, auditLog.id);
  const userOrder = newestFirst(users.createdAt, users.id);
  return db
    .select({
      users: usersCount(),
      devices: devicesCount(),
      online: devicesCount({ online: true }),
      sessions: sql<number>`(select count(*)::int from ${sessions} where ${and(
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at('now')),
        gt(sessions.lastSeenAt, at('idleSince')),
      )})`,
      failed: sql<number>`(select count(*)::int from ${orders} where ${and(
        isNotNull(orders.failureReason),
        gte(orders.updatedAt, at('hourAgo')),
      )})`,
      overdue: sql<number>`(select count(*)::int from ${installations} where ${and(
        eq(installations.status, 'pending'),
        lt(installations.installationDate, sql`${sql.placeholder('today')}::date`),
        isNull(installations.startedAt),
      )})`,
      recentActivity: jsonList(auditShape, (row) =>
        fixedLimit(
          db
            .select(row)
            .from(auditLog)
            .orderBy(...auditOrder),
          DASHBOARD_ACTIVITY,
        ),
      ),
      firstUsers: jsonList(userShape, (row) =>
        fixedLimit(
          db
            .select(row)
            .from(users)
            .orderBy(...userOrder),
          DASHBOARD_USERS,
        ),
      ),
    })
    .from(sql`(select 1) as one`)
    .prepare(name);
}

/**
 * GET /api/admin/dashboard: the figures (users and devices from the trigger-kept row counts, ADR 032;
 * active sessions counted through sessions_active_idx), the latest
 * activity, the first page of users and the system health computed from real signals — the database's
 * round trip, the share of devices online, payments that failed and server errors in the last hour
 * (this process's answers), and pending installations past their date.
 */
export class AdminDashboardService {
  private readonly statement: ReturnType<typeof prepareDashboard>;

  constructor(
    db: Db,
    private readonly outcomes: RequestOutcomes,
    private readonly now: () => Date,
    private readonly idleMinutes: number,
    private readonly devicePlane: DevicePlaneHealth | null = null,
  ) {
    this.statement = Statements.one('admin_dashboard', (name) => prepareDashboard(db, name));
  }

  async dashboard(): Promise<AdminDashboard> {
    const figures = await this.figures();
    const health = this.health(figures);
    return {
      statistics: {
        total_users: figures.users,
        total_devices: figures.devices,
        active_sessions: figures.sessions,
      },
      recentActivity: figures.recentActivity.map(presentAuditEntry),
      systemHealth: health,
      users: figures.firstUsers.map(presentUser),
    };
  }

  /**
   * Every figure, health signal and list in ONE prepared statement (ADR 039): scalar subqueries for the
   * row counts of ADR 032, the active sessions, failed payments and overdue installations, and the latest
   * activity and the newest users as JSON lists. Its round trip is the database latency the health
   * check weighs.
   */
  private async figures() {
    const now = this.now();
    const started = performance.now();
    const [row] = await this.statement.execute({
      now: now.toISOString(),
      idleSince: new Date(now.getTime() - this.idleMinutes * 60_000).toISOString(),
      hourAgo: new Date(now.getTime() - 60 * 60_000).toISOString(),
      today: now.toISOString().slice(0, 10),
    });
    const latencyMs = performance.now() - started;
    return {
      users: row?.users ?? 0,
      devices: row?.devices ?? 0,
      online: row?.online ?? 0,
      sessions: row?.sessions ?? 0,
      latencyMs,
      failed: row?.failed ?? 0,
      overdue: row?.overdue ?? 0,
      recentActivity: row?.recentActivity ?? [],
      firstUsers: row?.firstUsers ?? [],
    };
  }

  private health(figures: {
    devices: number;
    online: number;
    latencyMs: number;
    failed: number;
    overdue: number;
  }): AdminDashboard['systemHealth'] {
    const { latencyMs, failed, overdue } = figures;
    const deviceCount = figures.devices;
    const onlineShare = deviceCount === 0 ? 100 : (figures.online / deviceCount) * 100;
    const { requests, errors } = this.outcomes.lastHour();
    const errorShare = requests === 0 ? 0 : (errors / requests) * 100;

    const checks = [
      check(
        'database_latency',
        latencyMs,
        'ms',
        `A round trip to the database took ${latencyMs.toFixed(1)} ms`,
      ),
      check(
        'devices_online',
        onlineShare,
        'percent',
        deviceCount === 0 ? 'No devices yet' : `${figures.online} of ${deviceCount} devices are online`,
      ),
      check(
        'failed_payments',
        failed,
        'count',
        `${failed} payment${failed === 1 ? '' : 's'} failed in the last hour`,
      ),
      check(
        'server_errors',
        errorShare,
        'percent',
        `${errors} server error${errors === 1 ? '' : 's'} in ${requests} request${requests === 1 ? '' : 's'} in the last hour`,
      ),
      check(
        'overdue_installations',
        overdue,
        'count',
        `${overdue} pending installation${overdue === 1 ? '' : 's'} past the planned date`,
      ),
      ...this.devicePlaneChecks(),
    ];
    const score = Math.round(checks.reduce((sum, c) => sum + c.score * c.weight, 0));
    return { score, checks };
  }

  private devicePlaneChecks(): HealthCheck[] {
    const dropped = this.devicePlane?.dropped() ?? {};
    const security = this.devicePlane?.security() ?? {};
    const sum = (counts: Partial<Record<string, number>>) =>
      Object.values(counts).reduce<number>((total, n) => total + (n ?? 0), 0);
    const listed = (counts: Partial<Record<string, number>>) =>
      Object.entries(counts)
        .map(([name, n]) => `${n} ${name.replaceAll('_', ' ')}`)
        .join(', ');
    const droppedTotal = sum(dropped);
    const securityTotal = sum(security);
    return [
      check(
        'device_messages',
        droppedTotal,
        'count',
        droppedTotal === 0 ? 'Every device message was stored' : `Not stored: ${listed(dropped)}`,
      ),
      check(
        'broker_security',
        securityTotal,
        'count',
        securityTotal === 0 ? 'No refused connections or topics' : `Refused: ${listed(security)}`,
      ),
    ];
  }
}
