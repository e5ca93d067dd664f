/**
 * Alerts reach the household (issue 32): a notification about a home's device goes to every member who sees
 * the device — its owners and members, a guest only for a device in their rooms and before their end — not
 * to the person who added it alone; a guest of another room, a removed member, a guest past their end and a
 * stranger hear nothing. An automation's failure goes to those who manage the home's automations.
 */
import type { NotificationKind } from '@isaac/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, devices, homeMembers, notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { addMember, expire, homeWith, person, type Person } from '../../test/homes-world.ts';

const MINUTE = 60_000;
let t: TestApp;
let home: Awaited<ReturnType<typeof homeWith>>;
const people = {} as Record<
  'owner' | 'member' | 'guest' | 'bedroomGuest' | 'removed' | 'expired' | 'stranger',
  Person
>;

beforeAll(async () => {
  t = await createTestApp({ env: { ALERTS_TICK_MS: '3600000', AUTOMATION_TICK_MS: '3600000' } });
  for (const [key, name] of [
    ['owner', 'Omar Owner'],
    ['member', 'Asha Member'],
    ['guest', 'Gita Guest'],
    ['bedroomGuest', 'Bela Bedroom'],
    ['removed', 'Rita Removed'],
    ['expired', 'Esha Expired'],
    ['stranger', 'Sam Stranger'],
  ] as const) {
    people[key] = await person(t, name);
  }
  home = await homeWith(t, people.owner, 'N');
  await homeWith(t, people.stranger, 'X');
  const later = new Date(Date.now() + 24 * 60 * MINUTE);
  await addMember(t, home.homeId, people.member, 'member');
  await addMember(t, home.homeId, people.guest, 'guest', { rooms: [home.living], endsAt: later });
  await addMember(t, home.homeId, people.bedroomGuest, 'guest', { rooms: [home.bedroom], endsAt: later });
  await expire(
    t,
    await addMember(t, home.homeId, people.expired, 'guest', { rooms: [home.living], endsAt: later }),
  );
  // A member whose access the owner ended.
  const removed = await addMember(t, home.homeId, people.removed, 'member');
  const ended = await t.app.inject({
    method: 'DELETE',
    url: `/api/homes/${home.homeId}/members/${removed}`,
    headers: await people.owner.headers(),
  });
  expect(ended.statusCode, ended.body).toBe(200);
});
afterAll(async () => t?.close());

/** Who of the world got a notification of `kind` whose title matches. */
async function told(kind: NotificationKind, title: RegExp): Promise<string[]> {
  const ids = Object.values(people).map((p) => p.user.id);
  const rows = await t.db
    .select({ userId: notifications.userId, title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.kind, kind), inArray(notifications.userId, ids)));
  const names = Object.entries(people);
  return names
    .filter(([, p]) => rows.some((r) => r.userId === p.user.id && title.test(r.title)))
    .map(([key]) => key)
    .sort();
}

const runAlerts = () => t.app.services.deviceAlerts.runOnce();

describe('a home’s device alerts reach everyone who sees the device', () => {
  it('offline: the owner, a member and the living room’s guest — nobody else', async () => {
    await t.db
      .update(devices)
      .set({ isConnected: false, disconnectedAt: new Date(t.clock.now().getTime() - 20 * MINUTE) })
      .where(eq(devices.id, home.livingPurifier));
    await runAlerts();
    await runAlerts();
    expect(await told('device_offline', /^N Living Room Purifier is offline$/)).toEqual([
      'guest',
      'member',
      'owner',
    ]);
    const owners = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.owner.user.id), eq(notifications.kind, 'device_offline')));
    expect(owners).toHaveLength(1);
  });

  it('filter life: the bedroom purifier’s alert goes to the bedroom’s guest, not the living room’s', async () => {
    await t.db.update(devices).set({ filterLife: 15 }).where(eq(devices.id, home.bedroomPurifier));
    await runAlerts();
    expect(await told('filter_low', /^N Bedroom Purifier: filter life low$/)).toEqual([
      'bedroomGuest',
      'member',
      'owner',
    ]);
  });

  it('the air at home: each member as they see it — the living room’s poor air, not for the bedroom’s guest', async () => {
    await t.db
      .update(devices)
      .set({ pm25: 110, airQualityAt: t.clock.now() })
      .where(eq(devices.id, home.livingPurifier));
    await runAlerts();
    expect(await told('air_quality', /^Air quality at Omar Owner's home is Poor$/)).toEqual([
      'guest',
      'member',
      'owner',
    ]);
  });

  it('a firmware update: the device’s audience', async () => {
    await t.app.services.events.publish('device.firmware_updated', {
      deviceId: home.bedroomPurifier,
      version: '9.9.9',
    });
    expect(await told('firmware_updated', /^N Bedroom Purifier is up to date$/)).toEqual([
      'bedroomGuest',
      'member',
      'owner',
    ]);
  });

  it('an automation that fails: the home’s owners and members (who manage automations), not its guests', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/automations',
      headers: await people.member.headers(),
      payload: {
        name: 'Living room on',
        trigger: { kind: 'schedule', time: '07:00', days: [1] },
        actions: [{ kind: 'device', device_id: home.livingPurifier, command: { kind: 'power', on: true } }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(automations)
      .where(eq(automations.id, made.json<{ automation: { _id: string } }>().automation._id));
    // Its device has gone meanwhile (a device no longer in the home): the step fails.
    const gone = '00000000-0000-4000-8000-00000000dead';
    const definition = {
      ...row!.definition,
      actions: [{ kind: 'device' as const, device_id: gone, command: { kind: 'power' as const, on: true } }],
    };
    const { outcome } = await t.app.services.automationRunner.run(
      { ...row!, definition, timeZone: 'Asia/Kolkata' },
      'Test',
    );
    expect(outcome).toBe('failed');
    expect(await told('automation_failed', /^“Living room on” could not finish$/)).toEqual([
      'member',
      'owner',
    ]);
  });

  it('nothing reached the removed member (their membership is gone) or the stranger', async () => {
    const left = await t.db
      .select()
      .from(homeMembers)
      .where(and(eq(homeMembers.homeId, home.homeId), eq(homeMembers.userId, people.removed.user.id)));
    expect(left).toEqual([]);
    const heard = await t.db
      .select()
      .from(notifications)
      .where(
        inArray(notifications.userId, [
          people.removed.user.id,
          people.stranger.user.id,
          people.expired.user.id,
        ]),
      );
    expect(heard).toEqual([]);
  });
});
