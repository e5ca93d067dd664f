/**
 * A home's settings (issue 32, ADR 072): create a home in a time zone, rename it, change its time zone (its
 * schedules move to the new clock, issue 33), delete it — the owners only; a home with devices or
 * installation records is kept (409); every change is in the activity log.
 */
import { HOMES_MESSAGES, ROLE, type Automation, type HomeSummary } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, automations, homes, installations, rooms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { addMember, homesOf, homeWith, person, type Person } from '../../test/homes-world.ts';

let t: TestApp;
let owner: Person;
let member: Person;
let guest: Person;
let stranger: Person;
let home: Awaited<ReturnType<typeof homeWith>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTOMATION_TICK_MS: '3600000' } });
  owner = await person(t, 'Omar Owner');
  member = await person(t, 'Asha Member');
  guest = await person(t, 'Gita Guest');
  stranger = await person(t, 'Sam Stranger');
  home = await homeWith(t, owner, 'S');
  await addMember(t, home.homeId, member, 'member');
  await addMember(t, home.homeId, guest, 'guest', {
    rooms: [home.living],
    endsAt: new Date(Date.now() + 3_600_000),
  });
});
afterAll(async () => t?.close());

const call = async (
  who: Person,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: await who.headers(), payload });

const create = (who: Person, body: Record<string, unknown>) => call(who, 'POST', '/api/homes', body);

const auditOf = (homeId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'home'), eq(auditLog.entityId, homeId)));

describe('creating a home', () => {
  it('in a time zone: the caller its owner, their current home, recorded', async () => {
    const res = await create(member, { name: 'Asha’s flat', time_zone: 'Europe/London' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ items: HomeSummary[] }>().items.find((h) => h.current)!;
    expect(made).toMatchObject({ name: 'Asha’s flat', time_zone: 'Europe/London', role: 'owner' });
    expect((await homesOf(t, member)).map((h) => h.name)).toEqual(['Asha’s flat', "Omar Owner's home"]);
    const [entry] = await auditOf(made._id);
    expect(entry).toMatchObject({
      action: 'home.created',
      actorName: 'Asha Member',
      entityName: 'Asha’s flat',
    });
    // Back to the shared home for the tests below.
    await call(member, 'POST', `/api/homes/${home.homeId}/switch`);
  });

  it('in Asia/Kolkata unless given; an unknown zone or a blank name is 400', async () => {
    const res = await create(stranger, { name: 'Sam’s house' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ items: HomeSummary[] }>().items[0]).toMatchObject({ time_zone: 'Asia/Kolkata' });
    const bad = await create(stranger, { name: 'Moon base', time_zone: 'Moon/Tranquility' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string; message: string }[] }>().details).toContainEqual(
      expect.objectContaining({ message: HOMES_MESSAGES.badTimeZone }),
    );
    expect((await create(stranger, { name: '   ' })).statusCode).toBe(400);
  });
});

describe('changing a home', () => {
  it('the owner renames it; the members see the new name; the activity names the change', async () => {
    const res = await call(owner, 'PATCH', `/api/homes/${home.homeId}`, { name: 'Sea View' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ items: HomeSummary[] }>().items.find((h) => h._id === home.homeId)?.name).toBe(
      'Sea View',
    );
    expect((await homesOf(t, member)).find((h) => h._id === home.homeId)?.name).toBe('Sea View');
    const changed = (await auditOf(home.homeId)).find((e) => e.action === 'home.changed');
    expect(changed?.changes).toEqual({ name: { before: "Omar Owner's home", after: 'Sea View' } });
  });

  it('a new time zone moves every schedule of the home to the new clock', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/automations',
      headers: await owner.headers(),
      payload: {
        name: 'Weekday mornings',
        trigger: { kind: 'schedule', time: '07:00', days: [1, 2, 3, 4, 5] },
        actions: [{ kind: 'notify', message: 'Good morning' }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const before = made.json<{ automation: Automation }>().automation;
    // 07:00 in India is 01:30 UTC.
    expect(before.next_run_at).toMatch(/T01:30:00\.000Z$/);
    const res = await call(owner, 'PATCH', `/api/homes/${home.homeId}`, { time_zone: 'Asia/Dubai' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ items: HomeSummary[] }>().items.find((h) => h._id === home.homeId)?.time_zone).toBe(
      'Asia/Dubai',
    );
    const [row] = await t.db.select().from(automations).where(eq(automations.id, before._id));
    // 07:00 in Dubai (UTC+4) is 03:00 UTC, on the same weekday as before.
    expect(row!.nextRunAt!.toISOString()).toBe(before.next_run_at!.replace('T01:30', 'T03:00'));
    const changed = (await auditOf(home.homeId)).find(
      (e) => e.action === 'home.changed' && 'time_zone' in e.changes,
    );
    expect(changed?.changes).toEqual({ time_zone: { before: 'Asia/Kolkata', after: 'Asia/Dubai' } });
  });

  it('nothing to change, or an unknown zone, is 400; the same values change nothing', async () => {
    const url = `/api/homes/${home.homeId}`;
    const empty = await call(owner, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(HOMES_MESSAGES.nothingToChange);
    expect((await call(owner, 'PATCH', url, { time_zone: 'Nowhere/At_All' })).statusCode).toBe(400);
    const entries = (await auditOf(home.homeId)).length;
    expect((await call(owner, 'PATCH', url, { name: 'Sea View' })).statusCode).toBe(200);
    expect((await auditOf(home.homeId)).length).toBe(entries);
  });

  it('a member or a guest may not (403); someone outside the home gets 404', async () => {
    const url = `/api/homes/${home.homeId}`;
    for (const who of [member, guest]) {
      const res = await call(who, 'PATCH', url, { name: 'Mine now' });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(HOMES_MESSAGES.notAllowed);
      expect((await call(who, 'DELETE', url)).statusCode).toBe(403);
    }
    expect((await call(stranger, 'PATCH', url, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', url)).statusCode).toBe(404);
    const [row] = await t.db.select().from(homes).where(eq(homes.id, home.homeId));
    expect(row!.name).toBe('Sea View');
  });
});

describe('deleting a home', () => {
  it('is refused while it has devices (409, the home and its rooms stay)', async () => {
    const res = await call(owner, 'DELETE', `/api/homes/${home.homeId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(HOMES_MESSAGES.hasDevices);
    expect(await t.db.select().from(rooms).where(eq(rooms.homeId, home.homeId))).toHaveLength(2);
  });

  it('is refused while it has installation records (an electrician’s signed work)', async () => {
    const made = await create(owner, { name: 'Installed flat' });
    const flat = made.json<{ items: HomeSummary[] }>().items.find((h) => h.current)!;
    const { user: electrician } = await t.createUser({ role: ROLE.electrician });
    await t.db
      .insert(installations)
      .values({ electricianId: electrician.id, customerId: owner.user.id, homeId: flat._id });
    const res = await call(owner, 'DELETE', `/api/homes/${flat._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(HOMES_MESSAGES.hasInstallations);
  });

  it('a home without devices goes with its rooms, automations and members; the next home becomes current', async () => {
    const made = await create(owner, { name: 'Holiday flat', time_zone: 'Asia/Singapore' });
    const flat = made.json<{ items: HomeSummary[] }>().items.find((h) => h.current)!;
    const headers = await owner.headers();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rooms', headers, payload: { name: 'Den' } }))
        .statusCode,
    ).toBe(201);
    const automation = await t.app.inject({
      method: 'POST',
      url: '/api/automations',
      headers,
      payload: {
        name: 'Holiday evenings',
        trigger: { kind: 'schedule', time: '19:00', days: [0, 6] },
        actions: [{ kind: 'notify', message: 'Evening' }],
      },
    });
    expect(automation.statusCode, automation.body).toBe(201);
    await addMember(t, flat._id, member, 'member');

    const res = await call(owner, 'DELETE', `/api/homes/${flat._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const left = res.json<{ items: HomeSummary[] }>().items;
    expect(left.map((h) => h._id)).not.toContain(flat._id);
    expect(left.filter((h) => h.current)).toHaveLength(1);
    expect(await t.db.select().from(rooms).where(eq(rooms.homeId, flat._id))).toEqual([]);
    expect(await t.db.select().from(automations).where(eq(automations.homeId, flat._id))).toEqual([]);
    expect((await homesOf(t, member)).map((h) => h._id)).not.toContain(flat._id);
    const [entry] = (await auditOf(flat._id)).filter((e) => e.action === 'home.deleted');
    expect(entry).toMatchObject({ actorName: 'Omar Owner', entityName: 'Holiday flat' });
    // Gone: a second delete finds nothing.
    expect((await call(owner, 'DELETE', `/api/homes/${flat._id}`)).statusCode).toBe(404);
  });
});
