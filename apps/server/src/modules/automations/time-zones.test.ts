/**
 * Schedules on the home's wall clock (issue 33: "a time on chosen days in the home's time zone, Asia/Kolkata
 * by default"): two homes, one in India and one in London, with the same 07:00 schedule fire at the UTC
 * instants their clocks say — across London's change to summer time and across midnight — a "between"
 * condition is read on the home's clock, and a home's new time zone moves its schedules' next runs.
 */
import { ROLE, type Automation, type AutomationDefinitionInput } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRuns, automations, homes, rooms } from '../../db/schema/index.ts';
import { authed, createTestApp, login, type TestApp } from '../../test/helpers.ts';

/** An owner of the tests: signs in again for each request (the clock moves by days, past a token's life). */
interface Owner {
  email: string;
  password: string;
  homeId: string;
}

let t: TestApp;
/** Sets the app's clock to an instant (the tests' story runs in March 2027). */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
const runDue = () => t.app.services.automationRunner.runDueSchedules();

/** An owner with a home of their own (made by their first room), in `timeZone`. */
async function ownerIn(timeZone: string): Promise<Owner> {
  const { user, password, token } = await t.signIn(ROLE.owner);
  const headers = await authed(t.app, token);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rooms',
    headers,
    payload: { name: 'Hall', type: 'living_room' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [room] = await t.db
    .select({ homeId: rooms.homeId })
    .from(rooms)
    .where(eq(rooms.id, res.json<{ room: { _id: string } }>().room._id));
  await t.db.update(homes).set({ timeZone }).where(eq(homes.id, room!.homeId));
  return { email: user.email, password, homeId: room!.homeId };
}

async function schedule(who: Owner, definition: Partial<AutomationDefinitionInput> & { name: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/automations',
    headers: await authed(t.app, await login(t.app, who.email, who.password)),
    payload: { actions: [{ kind: 'notify', message: definition.name }], ...definition },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ automation: Automation }>().automation;
}

const nextRunOf = async (id: string) =>
  (await t.db.select().from(automations).where(eq(automations.id, id)))[0]!.nextRunAt?.toISOString();
const runsOf = (id: string) =>
  t.db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.automationId, id))
    .orderBy(automationRuns.startedAt);

const DAILY = [0, 1, 2, 3, 4, 5, 6];

describe('schedules in the home’s time zone', () => {
  let india: Owner;
  let london: Owner;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTOMATION_TICK_MS: '3600000' } });
    // Friday 26 March 2027, 12:00 UTC: London is on GMT (UTC+0) until Sunday 28 March, 01:00 UTC.
    setClock('2027-03-26T12:00:00Z');
    india = await ownerIn('Asia/Kolkata');
    london = await ownerIn('Europe/London');
  });
  afterAll(() => t?.close());

  it('07:00 every day fires at 07:00 on each home’s clock, across London’s change to summer time', async () => {
    const inIndia = await schedule(india, {
      name: 'Morning in India',
      trigger: { kind: 'schedule', time: '07:00', days: DAILY },
    });
    const inLondon = await schedule(london, {
      name: 'Morning in London',
      trigger: { kind: 'schedule', time: '07:00', days: DAILY },
    });
    // India is UTC+05:30 all year; London UTC+0 on Saturday, UTC+1 from Sunday.
    expect(inIndia.next_run_at).toBe('2027-03-27T01:30:00.000Z');
    expect(inLondon.next_run_at).toBe('2027-03-27T07:00:00.000Z');

    setClock('2027-03-27T01:30:01Z');
    expect(await runDue()).toBe(1);
    expect(await nextRunOf(inIndia._id)).toBe('2027-03-28T01:30:00.000Z');
    expect(await nextRunOf(inLondon._id)).toBe('2027-03-27T07:00:00.000Z');

    setClock('2027-03-27T07:00:01Z');
    expect(await runDue()).toBe(1);
    // Sunday 07:00 in London is summer time: an hour earlier in UTC.
    expect(await nextRunOf(inLondon._id)).toBe('2027-03-28T06:00:00.000Z');

    setClock('2027-03-28T06:00:01Z');
    expect(await runDue()).toBe(2); // India's (01:30 UTC, caught up) and London's
    // (the minute each run started: the test's clock keeps ticking with the real one)
    expect(
      (await runsOf(inLondon._id)).map((r) => [r.startedAt.toISOString().slice(0, 16), r.outcome]),
    ).toEqual([
      ['2027-03-27T07:00', 'ok'],
      ['2027-03-28T06:00', 'ok'],
    ]);
    expect(await nextRunOf(inLondon._id)).toBe('2027-03-29T06:00:00.000Z');
    expect(await nextRunOf(inIndia._id)).toBe('2027-03-29T01:30:00.000Z');
  });

  it('crosses midnight: Monday 00:30 in India is Sunday evening in UTC; Sunday 23:30 in London is 22:30 UTC', async () => {
    setClock('2027-03-28T12:00:00Z');
    const inIndia = await schedule(india, {
      name: 'Just after midnight',
      trigger: { kind: 'schedule', time: '00:30', days: [1] },
    });
    const inLondon = await schedule(london, {
      name: 'Late on Sunday',
      trigger: { kind: 'schedule', time: '23:30', days: [0] },
    });
    expect(inIndia.next_run_at).toBe('2027-03-28T19:00:00.000Z');
    expect(inLondon.next_run_at).toBe('2027-03-28T22:30:00.000Z');
  });

  it('reads a "between" condition on the home’s clock (a window across midnight)', async () => {
    setClock('2027-03-29T12:00:00Z'); // Monday
    const late = await schedule(london, {
      name: 'Late check',
      trigger: { kind: 'schedule', time: '23:45', days: DAILY },
      conditions: [{ kind: 'time_between', from: '23:00', to: '00:30' }],
    });
    const early = await schedule(london, {
      name: 'Morning check',
      trigger: { kind: 'schedule', time: '08:00', days: DAILY },
      conditions: [{ kind: 'time_between', from: '23:00', to: '00:30' }],
    });
    expect(late.next_run_at).toBe('2027-03-29T22:45:00.000Z');
    setClock('2027-03-29T22:45:01Z'); // 23:45 in London (04:15 on Tuesday in India)
    await runDue();
    expect((await runsOf(late._id)).map((r) => r.outcome)).toEqual(['ok']);
    setClock('2027-03-30T07:00:01Z'); // 08:00 in London
    await runDue();
    const [skipped] = await runsOf(early._id);
    expect(skipped).toMatchObject({ outcome: 'skipped' });
    expect(skipped!.steps[0]!.detail).toBe('Not between 23:00 and 00:30');
  });

  it('a home’s new time zone moves every schedule of the home to the new clock, in the change’s transaction', async () => {
    setClock('2027-04-01T12:00:00Z'); // Thursday
    const inLondon = await schedule(london, {
      name: 'Weekday morning in London',
      trigger: { kind: 'schedule', time: '07:00', days: [1, 2, 3, 4, 5] },
    });
    const morning = await schedule(india, {
      name: 'Weekday morning',
      trigger: { kind: 'schedule', time: '07:00', days: [1, 2, 3, 4, 5] },
    });
    expect(morning.next_run_at).toBe('2027-04-02T01:30:00.000Z');
    await t.db.transaction(async (tx) => {
      await tx.update(homes).set({ timeZone: 'Europe/London' }).where(eq(homes.id, india.homeId));
      await t.app.services.events.publish('home.time_zone_changed', {
        tx,
        homeId: india.homeId,
        timeZone: 'Europe/London',
      });
    });
    expect(await nextRunOf(morning._id)).toBe('2027-04-02T06:00:00.000Z');
    // The other home's schedules keep theirs.
    expect(await nextRunOf(inLondon._id)).toBe('2027-04-02T06:00:00.000Z');
    expect(inLondon.next_run_at).toBe('2027-04-02T06:00:00.000Z');
  });
});
