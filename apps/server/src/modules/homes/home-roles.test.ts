/**
 * THE HOME-ROLE WALK (issue 32, ADR 069): every route whose rule names a home action, called by each home role
 * — owner, member, guest, a guest past their end time, a non-member — answers as HOME_PERMISSIONS says: the
 * roles it names get past the auth hook (whatever the route then answers), the others 403; a home named by
 * someone without a live membership there is 404. Then BOLA between two homes and between two members.
 */
import {
  HOME_ROLES,
  HOMES_MESSAGES,
  homeRoleMay,
  PERMISSIONS,
  type HomeAction,
  type HomeRole,
  type RouteRule,
} from '@isaac/contract';
import type { Device } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { addMember, expire, homeWith, person, type Person } from '../../test/homes-world.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof homeWith>>;
let other: Awaited<ReturnType<typeof homeWith>>;
const people = {} as Record<HomeRole | 'expired' | 'stranger' | 'otherOwner', Person>;
let expiredMember: string;

beforeAll(async () => {
  t = await createTestApp();
  people.owner = await person(t, 'Omar Owner');
  people.member = await person(t, 'Asha Member');
  people.guest = await person(t, 'Gita Guest');
  people.expired = await person(t, 'Esha Expired');
  people.stranger = await person(t, 'Sam Stranger');
  people.otherOwner = await person(t, 'Bina Other');
  home = await homeWith(t, people.owner, 'A');
  other = await homeWith(t, people.otherOwner, 'B');
  const soon = new Date(Date.now() + 3_600_000);
  await addMember(t, home.homeId, people.member, 'member');
  await addMember(t, home.homeId, people.guest, 'guest', { rooms: [home.living], endsAt: soon });
  expiredMember = await addMember(t, home.homeId, people.expired, 'guest', {
    rooms: [home.living],
    endsAt: soon,
  });
  await expire(t, expiredMember);
});
afterAll(async () => t?.close());

const homeRoutes = Object.entries(PERMISSIONS as Record<string, RouteRule>).flatMap(([key, rule]) =>
  'home' in rule && rule.home !== undefined
    ? [{ key, action: rule.home as HomeAction, inPath: rule.homeIn === 'path' }]
    : [],
);

/**
 * A route's URL with its parameters filled with an id nothing has — except the home of a route that names
 * it in its path (`homeIn: 'path'`, ADR 072), which is the walk's home: the hook decides before any lookup,
 * so a role the action allows gets the route's own answer (404, 400, a refused delete of a home with
 * devices…) and the walk changes nothing.
 */
const NOBODY = '00000000-0000-4000-8000-000000000000';
/**
 * Valid bodies for the routes of a home named in the path, whose home is judged after validation (ADR 072),
 * chosen so that the owner's call changes nothing: the home's own name, an invitation of someone already in
 * it (409), a member that does not exist (404).
 */
const pathBodies = (): Record<string, Record<string, unknown>> => ({
  'PATCH /api/homes/:id': { name: "Omar Owner's home" },
  'POST /api/homes/:id/invitations': { email: people.member.user.email, role: 'member' },
  'PUT /api/homes/:id/members/:memberId': { role: 'member' },
});
const payloadOf = (key: string, method: string) => (method === 'GET' ? undefined : (pathBodies()[key] ?? {}));
function urlOf(key: string, inPath: boolean): { method: string; url: string } {
  const [method, path] = key.split(' ') as [string, string];
  return {
    method,
    url: path.replace(':id', inPath ? home.homeId : NOBODY).replace(':gangIndex', '0'),
  };
}

describe('every home route × every home role', () => {
  it('covers the owner API (devices, rooms, dashboard, automations, telemetry, installations) and the homes named in paths', () => {
    const keys = homeRoutes.map((r) => r.key);
    for (const key of [
      'GET /api/devices',
      'POST /api/devices',
      'POST /api/rooms',
      'GET /api/automations',
      'PATCH /api/homes/:id',
      'DELETE /api/homes/:id',
      'GET /api/homes/:id/members',
      'POST /api/homes/:id/invitations',
    ])
      expect(keys).toContain(key);
    // Every route naming a home in its path has its action (only switching is open to every role).
    const inPath = Object.keys(PERMISSIONS).filter((k) => k.includes('/api/homes/:id'));
    expect(inPath.filter((k) => !homeRoutes.some((r) => r.key === k && r.inPath))).toEqual([
      'POST /api/homes/:id/switch',
    ]);
    expect(homeRoutes.length).toBeGreaterThanOrEqual(28);
  });

  for (const role of HOME_ROLES) {
    it(`${role}: the actions HOME_PERMISSIONS gives the role pass the hook; the others are 403`, async () => {
      const headers = await people[role].headers(home.homeId);
      const wrong: string[] = [];
      for (const { key, action, inPath } of homeRoutes) {
        const { method, url } = urlOf(key, inPath);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          payload: payloadOf(key, method),
        });
        const refused =
          res.statusCode === 403 && res.json<{ message: string }>().message === HOMES_MESSAGES.notAllowed;
        if (refused === homeRoleMay(role, action)) wrong.push(`${key} → ${res.statusCode}`);
        // A member of the home named in the path finds it (only a non-member's home is "not found").
        const lost =
          res.statusCode === 404 && res.json<{ message: string }>().message === HOMES_MESSAGES.notFound;
        if (inPath && lost) wrong.push(`${key} → 404 for a ${role}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  for (const who of ['expired', 'stranger'] as const) {
    it(`${who === 'expired' ? 'a guest past their end time' : 'a non-member'}: every home route naming the home is 404`, async () => {
      const headers = await people[who].headers(home.homeId);
      const wrong: string[] = [];
      for (const { key, inPath } of homeRoutes) {
        const { method, url } = urlOf(key, inPath);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers,
          payload: payloadOf(key, method),
        });
        if (res.statusCode !== 404 || res.json<{ message: string }>().message !== HOMES_MESSAGES.notFound)
          wrong.push(`${key} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

const deviceIds = async (who: Person, homeId?: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: await who.headers(homeId) });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ devices: Device[] }>()
    .devices.map((d) => d._id)
    .sort();
};
const toggle = async (who: Person, deviceId: string, homeId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/devices/${deviceId}/toggle`,
    headers: await who.headers(homeId),
  });

describe('what each role reaches', () => {
  it('owner and member see every device of the home; a guest only their rooms’; nobody sees the other home’s', async () => {
    const all = [home.livingPurifier, home.bedroomPurifier].sort();
    expect(await deviceIds(people.owner)).toEqual(all);
    expect(await deviceIds(people.member)).toEqual(all);
    expect(await deviceIds(people.guest)).toEqual([home.livingPurifier]);
    expect(await deviceIds(people.expired)).toEqual([]);
    expect(await deviceIds(people.stranger)).toEqual([]);
    expect(await deviceIds(people.otherOwner)).toEqual([other.livingPurifier, other.bedroomPurifier].sort());
  });

  it('a member controls devices; a guest only in their rooms (404 elsewhere); past the end time, nothing', async () => {
    expect((await toggle(people.member, home.bedroomPurifier)).statusCode).toBe(200);
    expect((await toggle(people.guest, home.livingPurifier)).statusCode).toBe(200);
    expect((await toggle(people.guest, home.bedroomPurifier)).statusCode).toBe(404);
    expect((await toggle(people.expired, home.livingPurifier)).statusCode).toBe(404);
  });

  it('a member may not add a device or a room (403), nor manage members', async () => {
    const headers = await people.member.headers();
    const device = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { name: 'X', model: 'ISAAC Air Purifier', serial_number: `M-${Date.now()}`, type: 'isaac' },
    });
    expect(device.statusCode).toBe(403);
    const room = await t.app.inject({ method: 'POST', url: '/api/rooms', headers, payload: { name: 'Den' } });
    expect(room.statusCode).toBe(403);
    const members = await t.app.inject({ method: 'GET', url: `/api/homes/${home.homeId}/members`, headers });
    expect(members.statusCode).toBe(403);
  });
});

describe('BOLA', () => {
  it('between two homes: the other owner cannot reach this home’s devices, by id or by naming the home', async () => {
    expect((await toggle(people.otherOwner, home.livingPurifier)).statusCode).toBe(404);
    expect((await toggle(people.otherOwner, home.livingPurifier, home.homeId)).statusCode).toBe(404);
    expect((await toggle(people.owner, other.livingPurifier)).statusCode).toBe(404);
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/homes/${home.homeId}/members`,
      headers: await people.otherOwner.headers(),
    });
    expect(members.statusCode).toBe(404);
  });

  it('between two members: one cannot change, end or list the other (403), nor see the activity', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/homes/${home.homeId}/members`,
      headers: await people.owner.headers(),
    });
    const guestRow = list
      .json<{ members: { _id: string; user_id: string }[] }>()
      .members.find((m) => m.user_id === people.guest.user.id)!;
    const headers = await people.member.headers();
    const base = `/api/homes/${home.homeId}`;
    const change = await t.app.inject({
      method: 'PUT',
      url: `${base}/members/${guestRow._id}`,
      headers,
      payload: { role: 'member' },
    });
    expect(change.statusCode).toBe(403);
    const end = await t.app.inject({ method: 'DELETE', url: `${base}/members/${guestRow._id}`, headers });
    expect(end.statusCode).toBe(403);
    const activity = await t.app.inject({ method: 'GET', url: `${base}/activity`, headers });
    expect(activity.statusCode).toBe(403);
    // The guest still has access: nothing was changed.
    expect(await deviceIds(people.guest)).toEqual([home.livingPurifier]);
  });
});
