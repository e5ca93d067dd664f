import { HOME_HEADER, ROLE, type HomeRole, type HomeSummary } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { devices, homeMembers, rooms, type UserRow } from '../db/schema/index.ts';
import { authed, type TestApp } from './helpers.ts';

/** A signed-in person of the homes tests, with request headers (bearer, CSRF) and, when given, a home named. */
export interface Person {
  user: UserRow;
  password: string;
  token: string;
  headers: (home?: string | null) => Promise<Record<string, string>>;
}

export async function person(t: TestApp, name: string): Promise<Person> {
  const signed = await t.signIn(ROLE.owner, { name });
  return {
    ...signed,
    headers: async (home) => ({
      ...(await authed(t.app, signed.token)),
      ...(home ? { [HOME_HEADER]: home } : {}),
    }),
  };
}

/** The caller's homes (GET /api/homes). */
export async function homesOf(t: TestApp, who: Person): Promise<HomeSummary[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/homes', headers: await who.headers() });
  if (res.statusCode !== 200) throw new Error(`GET /api/homes: ${res.statusCode} ${res.body}`);
  return res.json<{ items: HomeSummary[] }>().items;
}

/** Adds a membership straight to the table (the invitation flow has its own tests). */
export async function addMember(
  t: TestApp,
  homeId: string,
  who: Person,
  role: HomeRole,
  terms: { rooms?: string[]; endsAt?: Date | null } = {},
): Promise<string> {
  const [row] = await t.db
    .insert(homeMembers)
    .values({ homeId, userId: who.user.id, role, rooms: terms.rooms ?? [], endsAt: terms.endsAt ?? null })
    .returning({ id: homeMembers.id });
  return row!.id;
}

/** Ends a guest's time (as the clock passing it would). */
export async function expire(t: TestApp, memberId: string): Promise<void> {
  await t.db
    .update(homeMembers)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(homeMembers.id, memberId));
}

let serial = 0;

/**
 * A home made the way the product makes one: its owner adds a room (their first home is made then), then
 * two rooms with a purifier each. The home's id is the owner's current one.
 */
export async function homeWith(t: TestApp, owner: Person, label: string) {
  const headers = await owner.headers();
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/rooms',
    headers,
    payload: { name: `${label} Living Room`, type: 'living_room' },
  });
  if (made.statusCode !== 201) throw new Error(`room: ${made.statusCode} ${made.body}`);
  const living = made.json<{ room: { _id: string } }>().room._id;
  const [row] = await t.db.select({ homeId: rooms.homeId }).from(rooms).where(eq(rooms.id, living));
  const homeId = row!.homeId;
  const [bedroom] = await t.db
    .insert(rooms)
    .values({ homeId, userId: owner.user.id, name: `${label} Bedroom`, type: 'bedroom' })
    .returning();
  const device = async (name: string, roomId: string) => {
    serial += 1;
    const [d] = await t.db
      .insert(devices)
      .values({
        homeId,
        userId: owner.user.id,
        roomId,
        name,
        model: 'ISAAC Air Purifier',
        type: 'isaac',
        serialNumber: `HOMES-${process.pid}-${serial}-${label}`,
        isConnected: true,
        fanSpeed: 'medium',
      })
      .returning();
    return d!.id;
  };
  return {
    homeId,
    living,
    bedroom: bedroom!.id,
    livingPurifier: await device(`${label} Living Room Purifier`, living),
    bedroomPurifier: await device(`${label} Bedroom Purifier`, bedroom!.id),
  };
}
