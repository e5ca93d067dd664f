import {
  ADMIN_MSG,
  businessDate,
  ERROR_CODE,
  ROLE,
  type InstallationAddress,
  type InstallationJob,
  type InstallationJobBoard,
} from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  devices,
  electricianCustomers,
  emailOutbox,
  installationDevices,
  installationJobs,
  installations,
  notifications,
  orders,
} from '../../db/schema/index.ts';
import { authed, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { BOARD_CLOSED_LIMIT, INSTALLATION_JOB_MESSAGES } from './service.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.signIn(ROLE.admin);
  admin = await authed(t.app, token);
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => businessDate(new Date(t.clock.now().getTime() + days * DAY_MS));
const ADDRESS: InstallationAddress = {
  city: 'Bengaluru',
  pincode: '560038',
  address: '12 MG Road, Indiranagar',
};

const board = async (): Promise<InstallationJobBoard> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/installation-jobs', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InstallationJobBoard>();
};
const jobOn = async (id: string) => (await board()).jobs.find((job) => job._id === id);
const assign = (id: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/installation-jobs/${id}/assign`, headers, payload });

let orderCounter = 0;
/** A paid order that needs installation and its job (as the payment's conversion writes them). */
async function paidJob(options: { customerName?: string; cancelled?: boolean; createdAt?: Date } = {}) {
  const { user: customer } = await t.createUser({ role: ROLE.owner, name: options.customerName });
  orderCounter += 1;
  const [order] = await t.db
    .insert(orders)
    .values({
      provider: 'sandbox',
      providerOrderId: `order_jobs_${process.pid}_${orderCounter}`,
      receipt: `rcpt_${orderCounter}`,
      amountPaise: 1_499_900,
      status: 'paid',
      items: [{ catalog_id: 'lumos-4', name: 'Lumos 4-gang switch', quantity: 2, unit_paise: 749_950 }],
      notes: { product: 'Lumos 4-gang switch' },
      customerName: customer.name,
      customerEmail: customer.email,
      customerId: customer.id,
      needsInstallation: true,
      installationAddress: ADDRESS,
      paidAt: t.clock.now(),
    })
    .returning();
  const [job] = await t.db
    .insert(installationJobs)
    .values({
      orderId: order!.id,
      customerId: customer.id,
      address: ADDRESS,
      cancelledAt: options.cancelled ? t.clock.now() : null,
      createdAt: options.createdAt,
    })
    .returning();
  return { customer, order: order!, job: job! };
}

const electrician = async (name = 'Ravi Kumar') => {
  const { user, password } = await t.createUser({ role: ROLE.electrician, name });
  return { user, password };
};
const emailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('GET /api/admin/installation-jobs', () => {
  it('shows a new job unassigned, with its order, customer and address, and counts it', async () => {
    const { job, order, customer } = await paidJob({ customerName: 'Priya Sharma' });
    const result = await board();
    expect(result.jobs.find((j) => j._id === job.id)).toEqual({
      _id: job.id,
      state: 'unassigned',
      order_id: order.providerOrderId,
      product: 'Lumos 4-gang switch',
      customer: { _id: customer.id, name: 'Priya Sharma', email: customer.email },
      address: ADDRESS,
      electrician: null,
      installation_date: null,
      installation_id: null,
      created_at: job.createdAt.toISOString(),
    } satisfies InstallationJob);
    expect(result.counts.unassigned).toBeGreaterThanOrEqual(1);
    expect(Object.keys(result.counts).sort()).toEqual(
      ['cancelled', 'completed', 'in_progress', 'scheduled', 'unassigned'].sort(),
    );
  });

  it('follows the installation: scheduled, in progress, completed (and the completion e-mail is written)', async () => {
    const { job, customer } = await paidJob({ customerName: 'Arjun Mehta' });
    const { user: el, password } = await electrician('Farhan Ali');
    const date = inDays(2);

    const res = await assign(job.id, { electrician_id: el.id, installation_date: date });
    expect(res.statusCode, res.body).toBe(200);
    const assigned = res.json<InstallationJob>();
    expect(assigned).toMatchObject({
      state: 'scheduled',
      electrician: { _id: el.id, name: 'Farhan Ali' },
      installation_date: date,
    });
    expect(await jobOn(job.id)).toEqual(assigned);

    // The electrician's pending installation, at the address, and the customer with the electrician.
    const [installation] = await t.db
      .select()
      .from(installations)
      .where(eq(installations.id, assigned.installation_id!));
    expect(installation).toMatchObject({
      electricianId: el.id,
      customerId: customer.id,
      status: 'pending',
      installationDate: date,
      notes: '12 MG Road, Indiranagar, Bengaluru 560038',
    });
    const [assignment] = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, customer.id));
    expect(assignment).toMatchObject({ electricianId: el.id, installationDate: date, status: 'assigned' });

    // The scheduled e-mail, and the activity record.
    const scheduled = await emailsTo(customer.email);
    expect(scheduled.map((m) => m.kind)).toEqual(['installation_scheduled']);
    expect(scheduled[0]?.text).toContain('Farhan Ali');
    // And in the customer's notifications (the bell).
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.kind, 'installation_scheduled')));
    expect(told?.body).toBe(`Farhan Ali will install your devices on ${date}.`);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'installation_job.assigned'))
      .orderBy(auditLog.at);
    expect(record).toBeDefined();

    // A device of the installation, for the completion e-mail's count.
    const [device] = await t.db
      .insert(devices)
      // configured by the completion rule: WiFi set, seen online, and (below) tested from the installation
      .values({
        name: 'Hall switch',
        model: 'Lumos',
        serialNumber: `JOB-${process.pid}-1`,
        type: 'lumos',
        wifiConfigured: true,
        isConnected: true,
      })
      .returning();
    await t.db
      .insert(installationDevices)
      .values({ installationId: installation!.id, deviceId: device!.id, testedAt: new Date() });

    const headers = await authed(t.app, await login(t.app, el.email, password));
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/electrician/installations/${installation!.id}/start`,
      headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await jobOn(job.id))?.state).toBe('in_progress');

    // Once started, the job can no longer be reassigned.
    const late = await assign(job.id, { electrician_id: el.id, installation_date: inDays(3) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: ERROR_CODE.conflict,
      message: INSTALLATION_JOB_MESSAGES.underWay,
    });

    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/electrician/installations/${installation!.id}/complete`,
      headers,
      payload: { notes: 'All switches working' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const done = await board();
    expect(done.jobs.find((j) => j._id === job.id)?.state).toBe('completed');
    expect(done.counts.completed).toBeGreaterThanOrEqual(1);

    const mails = await emailsTo(customer.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['installation_completed', 'installation_scheduled']);
    const completion = mails.find((m) => m.kind === 'installation_completed');
    expect(completion?.text).toContain(`${t.config.webOrigin}/owner/dashboard`);
  });

  it('shows the newest 50 cancelled jobs but counts them all', async () => {
    const { job, customer } = await paidJob({ cancelled: true });
    expect((await jobOn(job.id))?.state).toBe('cancelled');
    // 50 more cancelled orders of the same customer, cancelled later: the first one drops off the board.
    const later = new Date(t.clock.now().getTime() + 60_000);
    const more = await t.db
      .insert(orders)
      .values(
        Array.from({ length: BOARD_CLOSED_LIMIT }, (_, i) => ({
          provider: 'sandbox' as const,
          providerOrderId: `order_jobs_${process.pid}_bulk_${i}`,
          receipt: `rcpt_bulk_${i}`,
          amountPaise: 100_000,
          status: 'refunded' as const,
          items: [],
          notes: { product: 'Lumos 1-gang switch' },
          customerId: customer.id,
          needsInstallation: true,
          installationAddress: ADDRESS,
        })),
      )
      .returning({ id: orders.id });
    await t.db
      .insert(installationJobs)
      .values(
        more.map((o) => ({ orderId: o.id, customerId: customer.id, address: ADDRESS, cancelledAt: later })),
      );
    const result = await board();
    const cancelled = result.jobs.filter((j) => j.state === 'cancelled');
    expect(cancelled).toHaveLength(BOARD_CLOSED_LIMIT);
    expect(cancelled.some((j) => j._id === job.id)).toBe(false);
    expect(result.counts.cancelled).toBeGreaterThanOrEqual(BOARD_CLOSED_LIMIT + 1);
    // Open jobs are all there, newest first.
    const created = result.jobs.map((j) => j.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('searches a customer or an order id, counting what it finds; sorts both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    // Explicit, distinct creation times: jobs inserted back to back can tie on the default now().
    const at = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000);
    const bela = await paidJob({ customerName: `bela ${tag}`, createdAt: at(1) });
    const asha = await paidJob({ customerName: `Asha ${tag}`, createdAt: at(2) });
    const chitra = await paidJob({ customerName: `chitra ${tag}`, createdAt: at(3) });
    const { user: el } = await electrician();
    for (const [{ job }, days] of [
      [bela, 3],
      [chitra, 1],
    ] as const) {
      expect(
        (await assign(job.id, { electrician_id: el.id, installation_date: inDays(days) })).statusCode,
      ).toBe(200);
    }
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/installation-jobs?search=${tag}&${query}`,
        headers: admin,
      });
    const jobs = (body: unknown) => (body as InstallationJobBoard).jobs;
    const id = (job: InstallationJob) => job._id;
    await expectSortedBy(get, jobs, 'created_at', id, [bela.job.id, asha.job.id, chitra.job.id]);
    await expectSortedBy(get, jobs, 'customer_name', id, [asha.job.id, bela.job.id, chitra.job.id]);
    // Asha's job has no date yet: last either way.
    for (const [order, ids] of [
      ['asc', [chitra.job.id, bela.job.id, asha.job.id]],
      ['desc', [bela.job.id, chitra.job.id, asha.job.id]],
    ] as const) {
      const res = await get(`sort=installation_date&order=${order}`);
      expect(jobs(res.json()).map(id)).toEqual(ids);
    }
    await expectBadSortRefused(get);

    const found = (await get('')).json<InstallationJobBoard>();
    expect(found.counts).toMatchObject({ unassigned: 1, scheduled: 2, in_progress: 0 });
    const byOrder = await t.app.inject({
      method: 'GET',
      url: `/api/admin/installation-jobs?search=${asha.order.providerOrderId}`,
      headers: admin,
    });
    expect(jobs(byOrder.json()).map(id)).toEqual([asha.job.id]);
  });

  it('is for admins only', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { token } = await t.signIn(role);
      const headers = await authed(t.app, token);
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/installation-jobs', headers });
      expect(res.statusCode).toBe(403);
      const { job } = await paidJob();
      const { user: el } = await electrician();
      const post = await assign(job.id, { electrician_id: el.id, installation_date: inDays(1) }, headers);
      expect(post.statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/installation-jobs/:id/assign', () => {
  it('refuses a date in the past', async () => {
    const { job } = await paidJob();
    const { user: el } = await electrician();
    const res = await assign(job.id, { electrician_id: el.id, installation_date: inDays(-1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ADMIN_MSG.installationDateInPast,
      details: [{ path: 'installation_date', message: ADMIN_MSG.installationDateInPast }],
    });
  });

  it('refuses someone who is not an active electrician', async () => {
    const { job } = await paidJob();
    const { user: ownerUser } = await t.createUser({ role: ROLE.owner });
    const { user: inactive } = await t.createUser({ role: ROLE.electrician, status: 'inactive' });
    for (const id of [ownerUser.id, inactive.id, 'no-such-user']) {
      const res = await assign(job.id, { electrician_id: id, installation_date: inDays(1) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({
        message: INSTALLATION_JOB_MESSAGES.notAnElectrician,
        details: [{ path: 'electrician_id' }],
      });
    }
    expect((await jobOn(job.id))?.state).toBe('unassigned');
  });

  it('refuses a cancelled job (409) and an unknown one (404)', async () => {
    const { job, customer } = await paidJob({ cancelled: true });
    const { user: el } = await electrician();
    const res = await assign(job.id, { electrician_id: el.id, installation_date: inDays(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: INSTALLATION_JOB_MESSAGES.cancelled });
    expect(await emailsTo(customer.email)).toEqual([]);
    const unknown = await assign('no-such-job', { electrician_id: el.id, installation_date: inDays(1) });
    expect(unknown.statusCode).toBe(404);
  });

  it('reassigns and reschedules while pending: the same installation moves, and the customer is told again', async () => {
    const { job, customer } = await paidJob();
    const { user: first } = await electrician('Ravi Kumar');
    const { user: second } = await electrician('Suresh Patil');
    const one = (
      await assign(job.id, { electrician_id: first.id, installation_date: inDays(1) })
    ).json<InstallationJob>();
    const res = await assign(job.id, { electrician_id: second.id, installation_date: inDays(4) });
    expect(res.statusCode, res.body).toBe(200);
    const two = res.json<InstallationJob>();
    expect(two).toMatchObject({
      state: 'scheduled',
      electrician: { _id: second.id, name: 'Suresh Patil' },
      installation_date: inDays(4),
      installation_id: one.installation_id,
    });
    const rows = await t.db.select().from(installations).where(eq(installations.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      electricianId: second.id,
      installationDate: inDays(4),
      status: 'pending',
    });
    const [assignment] = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, customer.id));
    expect(assignment).toMatchObject({ electricianId: second.id, installationDate: inDays(4) });
    const mails = await emailsTo(customer.email);
    expect(mails.map((m) => m.kind)).toEqual(['installation_scheduled', 'installation_scheduled']);
  });
});
