import {
  CURRENCY,
  ROLE,
  type Report,
  type ReportPoints,
  type ReportQuery,
  type ReportSeriesName,
} from '@isaac/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices, installations, orders, users } from '../../db/schema/index.ts';

/**
 * One measure of a series: rows of a table counted into buckets by one timestamp column. The range
 * condition is on that bare column (and each has an index leading with it), so a measure is one index
 * range scan whatever the table's size.
 */
interface Measure {
  table: SQL;
  at: SQL;
  where?: SQL;
  /** Output column → aggregate over the bucket's rows (a number; 0 for an empty bucket). */
  columns: Record<string, SQL>;
}

/** The measures of each series (the contract's REPORT_COLUMNS, bucket_start aside). */
const SERIES: Record<ReportSeriesName, Measure[]> = {
  orders: [
    {
      table: sql`${orders}`,
      at: sql`${orders.paidAt}`,
      where: sql`${orders.status} = 'paid'`,
      columns: { paid_orders: sql`count(*)`, revenue_paise: sql`sum(${orders.amountPaise})` },
    },
  ],
  users: [
    {
      table: sql`${users}`,
      at: sql`${users.createdAt}`,
      columns: {
        electricians: sql`count(*) filter (where ${users.role} = ${sql.raw(String(ROLE.electrician))})`,
        owners: sql`count(*) filter (where ${users.role} = ${sql.raw(String(ROLE.owner))})`,
        admins: sql`count(*) filter (where ${users.role} = ${sql.raw(String(ROLE.admin))})`,
        total: sql`count(*)`,
      },
    },
  ],
  devices: [
    { table: sql`${devices}`, at: sql`${devices.createdAt}`, columns: { devices_added: sql`count(*)` } },
  ],
  installations: [
    {
      table: sql`${installations}`,
      at: sql`${installations.startedAt}`,
      columns: { started: sql`count(*)` },
    },
    {
      table: sql`${installations}`,
      at: sql`${installations.completedAt}`,
      columns: { completed: sql`count(*)` },
    },
  ],
};

/**
 * The statement of one series: `generate_series` makes every bucket of the range (day, or ISO week
 * starting Monday), each measure groups its rows of the range by the same `date_trunc` in UTC, and the
 * buckets are left-joined to them, so a bucket without rows reads 0. A bucket is named by its first day
 * inside the range (a week that starts before `from` is named `from`).
 */
function seriesStatement(query: ReportQuery, measures: Measure[]): SQL {
  const unit = sql`${query.bucket}::text`;
  const from = sql`${query.from}::date::timestamp`;
  const to = sql`${query.to}::date::timestamp`;
  // The range as timestamptz bounds on the bare column: [from 00:00 UTC, to + 1 day 00:00 UTC).
  const lower = sql`(${from} at time zone 'UTC')`;
  const upper = sql`((${query.to}::date + 1)::timestamp at time zone 'UTC')`;
  const ctes = measures.map((m, i) => {
    const aggregates = Object.entries(m.columns).map(([name, agg]) => sql`${agg} as ${sql.identifier(name)}`);
    return sql`${sql.identifier(`m${i}`)} as (
      select date_trunc(${unit}, ${m.at} at time zone 'UTC') as bucket, ${sql.join(aggregates, sql`, `)}
      from ${m.table}
      where ${m.at} >= ${lower} and ${m.at} < ${upper}${m.where ? sql` and ${m.where}` : sql``}
      group by 1
    )`;
  });
  const outputs = measures.flatMap((m, i) =>
    Object.keys(m.columns).map(
      (name) =>
        sql`coalesce(${sql.identifier(`m${i}`)}.${sql.identifier(name)}, 0)::float8 as ${sql.identifier(name)}`,
    ),
  );
  const joins = measures.map(
    (_, i) => sql` left join ${sql.identifier(`m${i}`)} on ${sql.identifier(`m${i}`)}.bucket = b.bucket`,
  );
  return sql`with buckets as (
      select bucket from generate_series(date_trunc(${unit}, ${from}), ${to}, ('1 ' || ${unit})::interval) as bucket
    ), ${sql.join(ctes, sql`, `)}
    select to_char(greatest(b.bucket, ${from}), 'YYYY-MM-DD') as bucket_start, ${sql.join(outputs, sql`, `)}
    from buckets b${sql.join(joins, sql``)}
    order by b.bucket`;
}

/** The statement of series `name` (exported for EXPLAIN in scripts and docs). */
export const reportSeriesStatement = (name: ReportSeriesName, query: ReportQuery): SQL =>
  seriesStatement(query, SERIES[name]);

/** Admin reports: each series computed by the database, one statement per series (ADR 024). */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** One series' points, in bucket order. */
  async series<S extends ReportSeriesName>(name: S, query: ReportQuery): Promise<ReportPoints[S]> {
    const result = await this.db.execute(reportSeriesStatement(name, query));
    return rowsOf(result).map((row) => {
      const point: Record<string, string | number> = { bucket_start: String(row.bucket_start) };
      for (const measure of SERIES[name]) {
        for (const column of Object.keys(measure.columns)) point[column] = Number(row[column] ?? 0);
      }
      return point;
    }) as ReportPoints[S];
  }

  /** GET /api/admin/reports: every series, and today's online share of the devices. */
  async report(query: ReportQuery): Promise<Report> {
    const [ordersSeries, usersSeries, devicesSeries, installationsSeries, online] = await Promise.all([
      this.series('orders', query),
      this.series('users', query),
      this.series('devices', query),
      this.series('installations', query),
      this.devicesOnline(),
    ]);
    return {
      from: query.from,
      to: query.to,
      bucket: query.bucket,
      timezone: 'UTC',
      currency: CURRENCY,
      series: {
        orders: ordersSeries,
        users: usersSeries,
        devices: devicesSeries,
        installations: installationsSeries,
      },
      devices_online: online,
    };
  }

  /**
   * Devices online now, of all devices. Connectivity history is not stored (a device row holds only its
   * current `is_connected`), so this is today's share, not a series; it counts every device row.
   */
  private async devicesOnline(): Promise<Report['devices_online']> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        online: sql<number>`(count(*) filter (where ${devices.isConnected}))::int`,
      })
      .from(devices);
    const total = row?.total ?? 0;
    const online = row?.online ?? 0;
    return { as_of: this.now().toISOString(), online, total, share: total === 0 ? 0 : online / total };
  }
}
