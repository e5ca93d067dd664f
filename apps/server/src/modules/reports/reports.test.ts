import { ERROR_CODE, REPORT_MAX_DAYS, ROLE, type OrderStatus, type Report } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, installations, orders, users } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { seriesCsv } from './csv.ts';

let t: TestApp;
let admin: Record<string, string>;

/** A UTC instant on a day of March 2024 (a past month, so the test users created today never count). */
const at = (day: string, time = '12:00:00') => new Date(`2024-03-${day}T${time}Z`);

let n = 0;
const order = (
  status: OrderStatus,
  amountPaise: number,
  paidAt: Date | null,
  createdAt = paidAt ?? at('01'),
) => {
  n += 1;
  return {
    provider: 'sandbox' as const,
    providerOrderId: `order_report_${n}`,
    receipt: `receipt_${n}`,
    amountPaise,
    status,
    paymentId: paidAt ? `pay_report_${n}` : null,
    paidAt,
    createdAt,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
  await t.db.insert(orders).values([
    order('paid', 8_999_900, at('04', '00:00:00')), // Monday 4 March, the first second of the day
    order('paid', 399_900, at('04', '23:59:59')),
    order('paid', 100, at('06')),
    order('created', 5_000_000, null, at('04')), // not paid: never counted
    order('attempted', 7_000_000, null, at('05')),
    order('paid', 123, at('11', '00:00:00')), // just after the range of most tests
    order('paid', 456, at('03', '23:59:59')), // just before it
  ]);
  const { user: electrician } = await t.createUser({ role: ROLE.electrician });
  const { user: customer } = await t.createUser({ role: ROLE.owner });
  // back-date the users so they fall in the report's range
  await t.db
    .update(users)
    .set({ createdAt: at('05') })
    .where(eq(users.id, electrician.id));
  await t.db
    .update(users)
    .set({ createdAt: at('09') })
    .where(eq(users.id, customer.id));
  await t.db.insert(devices).values([
    { name: 'A', model: 'M', serialNumber: 'RPT-1', type: 'isaac', createdAt: at('07'), isConnected: true },
    { name: 'B', model: 'M', serialNumber: 'RPT-2', type: 'isaac', createdAt: at('07') },
    { name: 'C', model: 'M', serialNumber: 'RPT-3', type: 'lumos', createdAt: at('10'), isConnected: true },
  ]);
  await t.db.insert(installations).values([
    { electricianId: electrician.id, customerId: customer.id, status: 'pending' },
    {
      electricianId: electrician.id,
      customerId: customer.id,
      status: 'in_progress',
      startedAt: at('05'),
    },
    {
      electricianId: electrician.id,
      customerId: customer.id,
      status: 'completed',
      startedAt: at('06'),
      completedAt: at('08'),
    },
  ]);
});
afterAll(() => t.close());

async function report(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/admin/reports?${query}`, headers: admin });
}

describe('GET /api/admin/reports', () => {
  it('has every day of the range, with zeros where nothing happened; paid orders only', async () => {
    const res = await report('from=2024-03-04&to=2024-03-10');
    expect(res.statusCode).toBe(200);
    const body = res.json<Report>();
    expect(body).toMatchObject({
      from: '2024-03-04',
      to: '2024-03-10',
      bucket: 'day',
      timezone: 'UTC',
      currency: 'INR',
    });
    expect(body.series.orders).toEqual([
      { bucket_start: '2024-03-04', paid_orders: 2, revenue_paise: 8_999_900 + 399_900 },
      { bucket_start: '2024-03-05', paid_orders: 0, revenue_paise: 0 },
      { bucket_start: '2024-03-06', paid_orders: 1, revenue_paise: 100 },
      { bucket_start: '2024-03-07', paid_orders: 0, revenue_paise: 0 },
      { bucket_start: '2024-03-08', paid_orders: 0, revenue_paise: 0 },
      { bucket_start: '2024-03-09', paid_orders: 0, revenue_paise: 0 },
      { bucket_start: '2024-03-10', paid_orders: 0, revenue_paise: 0 },
    ]);
    expect(body.series.users.filter((p) => p.total > 0)).toEqual([
      { bucket_start: '2024-03-05', electricians: 1, owners: 0, admins: 0, total: 1 },
      { bucket_start: '2024-03-09', electricians: 0, owners: 1, admins: 0, total: 1 },
    ]);
    expect(body.series.devices.map((p) => p.devices_added)).toEqual([0, 0, 0, 2, 0, 0, 1]);
    expect(body.series.installations.map((p) => [p.started, p.completed])).toEqual([
      [0, 0],
      [1, 0],
      [1, 0],
      [0, 0],
      [0, 1],
      [0, 0],
      [0, 0],
    ]);
    // today's share, of every device
    expect(body.devices_online).toMatchObject({ online: 2, total: 3 });
    expect(body.devices_online.share).toBeCloseTo(2 / 3);
  });

  it('a single day is one bucket', async () => {
    const body = (await report('from=2024-03-06&to=2024-03-06')).json<Report>();
    expect(body.series.orders).toEqual([{ bucket_start: '2024-03-06', paid_orders: 1, revenue_paise: 100 }]);
  });

  it('weeks are ISO weeks (Monday first), cut to the range and named by their first day in it', async () => {
    // Thursday 29 Feb to Tuesday 12 March: part of one week, a whole week, part of the next
    const res = await report('from=2024-02-29&to=2024-03-12&bucket=week');
    expect(res.statusCode).toBe(200);
    const body = res.json<Report>();
    expect(body.bucket).toBe('week');
    expect(body.series.orders).toEqual([
      { bucket_start: '2024-02-29', paid_orders: 1, revenue_paise: 456 },
      { bucket_start: '2024-03-04', paid_orders: 3, revenue_paise: 8_999_900 + 399_900 + 100 },
      { bucket_start: '2024-03-11', paid_orders: 1, revenue_paise: 123 },
    ]);
    expect(body.series.devices.map((p) => p.devices_added)).toEqual([0, 3, 0]);
    expect(body.series.installations.map((p) => [p.started, p.completed])).toEqual([
      [0, 0],
      [2, 1],
      [0, 0],
    ]);
    // a week range starting on a Monday is named by that Monday; days outside the range are not counted
    const inner = (await report('from=2024-03-05&to=2024-03-06&bucket=week')).json<Report>();
    expect(inner.series.orders).toEqual([{ bucket_start: '2024-03-05', paid_orders: 1, revenue_paise: 100 }]);
  });

  it('a range with no rows is all zeros, not empty', async () => {
    const body = (await report('from=2023-01-01&to=2023-01-03')).json<Report>();
    expect(body.series.orders.map((p) => p.paid_orders)).toEqual([0, 0, 0]);
    expect(body.series.users.map((p) => p.bucket_start)).toEqual(['2023-01-01', '2023-01-02', '2023-01-03']);
  });

  it('takes the longest range allowed, one bucket a day', async () => {
    const from = new Date(Date.UTC(2022, 0, 1));
    const to = new Date(from.getTime() + (REPORT_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const body = (await report(`from=2022-01-01&to=${to}`)).json<Report>();
    expect(body.series.devices).toHaveLength(REPORT_MAX_DAYS);
  });

  it.each([
    ['from missing', 'to=2024-03-01', 'from'],
    ['a date not as YYYY-MM-DD', 'from=03/01/2024&to=2024-03-02', 'from'],
    ['a day that does not exist', 'from=2024-02-30&to=2024-03-02', 'from'],
    ['from after to', 'from=2024-03-05&to=2024-03-04', 'to'],
    ['a range over the limit', `from=2022-01-01&to=2024-01-03`, 'from'],
    ['an unknown bucket', 'from=2024-03-01&to=2024-03-02&bucket=month', 'bucket'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field) => {
    const res = await report(query);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; details: { path: string }[] }>();
    expect(body.error).toBe(ERROR_CODE.validation);
    expect(body.details.map((d) => d.path)).toContain(field);
  });

  it('owners and electricians get 403; no token is 401', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const headers = await authed(t.app, (await t.signIn(role)).token);
      for (const url of [
        '/api/admin/reports?from=2024-03-04&to=2024-03-10',
        '/api/admin/reports/orders.csv?from=2024-03-04&to=2024-03-10',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} as ${role}`).toBe(403);
        expect(res.json().error).toBe(ERROR_CODE.forbidden);
      }
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?from=2024-03-04&to=2024-03-10',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/reports/{series}.csv', () => {
  it('downloads a series: text/csv attachment, header row, CRLF rows, one per bucket', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/orders.csv?from=2024-03-04&to=2024-03-06',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="isaac-orders-2024-03-04-to-2024-03-06-day.csv"',
    );
    expect(res.body).toBe(
      'bucket_start,paid_orders,revenue_paise,revenue_inr\r\n' +
        '2024-03-04,2,9399800,93998.00\r\n' +
        '2024-03-05,0,0,0.00\r\n' +
        '2024-03-06,1,100,1.00\r\n',
    );
  });

  it('has a CSV per series, with the same buckets as the report', async () => {
    const cases = {
      users: 'bucket_start,electricians,owners,admins,total',
      devices: 'bucket_start,devices_added',
      installations: 'bucket_start,started,completed',
    };
    for (const [series, header] of Object.entries(cases)) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reports/${series}.csv?from=2024-03-04&to=2024-03-10&bucket=week`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(header);
      expect(lines.slice(1)).toHaveLength(2); // one week, then the final line end
      expect(lines[1]?.startsWith('2024-03-04,')).toBe(true);
    }
    const installationsCsv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/installations.csv?from=2024-03-04&to=2024-03-10&bucket=week',
      headers: admin,
    });
    expect(installationsCsv.body.split('\r\n')[1]).toBe('2024-03-04,2,1');
  });

  it('refuses an unknown series and a bad range with 400', async () => {
    for (const url of [
      '/api/admin/reports/payments.csv?from=2024-03-04&to=2024-03-10',
      '/api/admin/reports/orders.csv?from=2024-03-10&to=2024-03-04',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(ERROR_CODE.validation);
    }
  });

  it('quotes per RFC 4180 and never writes a cell a spreadsheet would run as a formula', () => {
    const points = [
      { bucket_start: '=HYPERLINK("http://x","y")', started: 1, completed: 0 },
      { bucket_start: '+1', started: 0, completed: 0 },
      { bucket_start: '-1', started: 0, completed: 0 },
      { bucket_start: '@SUM(A1)', started: 0, completed: 0 },
      { bucket_start: 'a,b', started: 0, completed: 0 },
    ];
    expect(seriesCsv('installations', points).split('\r\n')).toEqual([
      'bucket_start,started,completed',
      `"'=HYPERLINK(""http://x"",""y"")",1,0`,
      `'+1,0,0`,
      `'-1,0,0`,
      `'@SUM(A1),0,0`,
      '"a,b",0,0',
      '',
    ]);
  });
});
