import type { HomeActivity, HomeInvitation, HomeMembers, HomeSummary } from '@isaac/contract';
import { HOMES_MESSAGES } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, homeMembers } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, login, type TestApp } from '../../test/helpers.ts';
import { addMember, homesOf, homeWith, person, type Person } from '../../test/homes-world.ts';
import { linkOwner, registerTestClient } from '../../test/oauth-linking.ts';

let t: TestApp;
let owner: Person;
let home: Awaited<ReturnType<typeof homeWith>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'Omar Owner');
  home = await homeWith(t, owner, 'A');
});
afterAll(async () => t?.close());

const base = () => `/api/homes/${home.homeId}`;

/** The token of the newest home invitation e-mailed to `email` (the outbox's text carries the link). */
async function invitationToken(email: string): Promise<string> {
  const mails = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'home_invitation')));
  const text = mails.at(-1)?.text ?? '';
  return /\/home-invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
}

async function invite(email: string, body: Record<string, unknown> = { role: 'member' }) {
  return t.app.inject({
    method: 'POST',
    url: `${base()}/invitations`,
    headers: await owner.headers(),
    payload: { email, ...body },
  });
}

async function members(): Promise<HomeMembers> {
  const res = await t.app.inject({ method: 'GET', url: `${base()}/members`, headers: await owner.headers() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HomeMembers>();
}

describe('invitations', () => {
  it('an invitee without an account signs up from the link, joins as member, and the link works once', async () => {
    const email = `asha-${Date.now()}@test.isaac`;
    const made = await invite(email);
    expect(made.statusCode, made.body).toBe(201);
    expect((await members()).invitations.map((i) => i.email)).toContain(email);
    const token = await invitationToken(email);
    expect(token).not.toBe('');

    const view = await t.app.inject({ method: 'GET', url: `/api/home-invitations/${token}` });
    expect(view.json<HomeInvitation>()).toMatchObject({
      home_name: "Omar Owner's home",
      invited_by: 'Omar Owner',
      email,
      role: 'member',
      has_account: false,
    });

    const { headers } = await csrf(t.app);
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/api/home-invitations/${token}/sign-up`,
      headers,
      payload: { name: 'Asha', password: 'a-good-password', language: 'hi' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(signUp.json()).toEqual({ email, home_id: home.homeId });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/home-invitations/${token}/sign-up`,
      headers,
      payload: { name: 'Asha', password: 'a-good-password' },
    });
    expect(again.statusCode).toBe(410);

    const list = await members();
    expect(list.members.find((m) => m.email === email)).toMatchObject({ name: 'Asha', role: 'member' });
    expect(list.invitations.map((i) => i.email)).not.toContain(email);

    // The new account reaches the home at once (it is their current one), in the language it signed up in.
    const token2 = await login(t.app, email, 'a-good-password');
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(me.json().user.language).toBe('hi');
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: await authed(t.app, token2),
    });
    expect(devices.json<{ total: number }>().total).toBe(2);
  });

  it('a person with an account accepts signed in; another account cannot use their link (403)', async () => {
    const invitee = await person(t, 'Ishaan');
    const someoneElse = await person(t, 'Eve');
    expect((await invite(invitee.user.email)).statusCode).toBe(201);
    const token = await invitationToken(invitee.user.email);
    const view = await t.app.inject({ method: 'GET', url: `/api/home-invitations/${token}` });
    expect(view.json<HomeInvitation>().has_account).toBe(true);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/home-invitations/${token}/accept`,
      headers: await someoneElse.headers(),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<{ message: string }>().message).toBe(HOMES_MESSAGES.invitationOtherEmail);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/home-invitations/${token}/accept`,
      headers: await invitee.headers(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await homesOf(t, invitee)).map((h) => h._id)).toContain(home.homeId);
  });

  it('refuses a guest without rooms or an end, an unknown link (404), and someone who already has access (409)', async () => {
    const guest = await invite(`g-${Date.now()}@test.isaac`, { role: 'guest', rooms: [home.living] });
    expect(guest.statusCode).toBe(400);
    const noRooms = await invite(`g-${Date.now()}@test.isaac`, {
      role: 'guest',
      rooms: [],
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(noRooms.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/home-invitations/${'x'.repeat(40)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await invite(owner.user.email)).statusCode).toBe(409);
  });
});

describe('members: change a role, end access', () => {
  it('the owner makes a member a guest of one room, then ends their access: other homes and the session keep working', async () => {
    const member = await person(t, 'Meera');
    const theirOwn = await homeWith(t, member, 'M');
    const memberId = await addMember(t, home.homeId, member, 'member');
    const inA = async () =>
      t.app.inject({ method: 'GET', url: '/api/devices', headers: await member.headers(home.homeId) });
    expect((await inA()).json<{ total: number }>().total).toBe(2);

    const change = await t.app.inject({
      method: 'PUT',
      url: `${base()}/members/${memberId}`,
      headers: await owner.headers(),
      payload: {
        role: 'guest',
        rooms: [home.living],
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await inA()).json<{ total: number }>().total).toBe(1);

    const end = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${memberId}`,
      headers: await owner.headers(),
    });
    expect(end.statusCode, end.body).toBe(200);
    expect((await inA()).statusCode).toBe(404);
    // Their own home, same session: untouched.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: await member.headers(theirOwn.homeId),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<{ total: number }>().total).toBe(2);
    expect((await homesOf(t, member)).map((h) => h._id)).toEqual([theirOwn.homeId]);
  });

  it('a home keeps an owner: the last owner cannot be demoted or removed (409)', async () => {
    const [row] = await t.db
      .select({ id: homeMembers.id })
      .from(homeMembers)
      .where(and(eq(homeMembers.homeId, home.homeId), eq(homeMembers.userId, owner.user.id)));
    const demote = await t.app.inject({
      method: 'PUT',
      url: `${base()}/members/${row!.id}`,
      headers: await owner.headers(),
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(409);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${row!.id}`,
      headers: await owner.headers(),
    });
    expect(remove.statusCode).toBe(409);
  });
});

describe('switching homes', () => {
  it('a person makes a home of their own beside the one they were invited to, and switches back', async () => {
    const asha = await person(t, 'Asha N');
    await addMember(t, home.homeId, asha, 'member');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/homes',
      headers: await asha.headers(),
      payload: { name: "Asha's flat" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const items = made.json<{ items: HomeSummary[] }>().items;
    expect(items.map((h) => [h.name, h.role, h.current])).toEqual([
      ["Asha's flat", 'owner', true],
      ["Omar Owner's home", 'member', false],
    ]);
    const empty = await t.app.inject({ method: 'GET', url: '/api/devices', headers: await asha.headers() });
    expect(empty.json<{ total: number }>().total).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/homes/${home.homeId}/switch`,
      headers: await asha.headers(),
    });
    const back = await t.app.inject({ method: 'GET', url: '/api/devices', headers: await asha.headers() });
    expect(back.json<{ total: number }>().total).toBe(2);
  });

  it('the person’s requests reach the home they switched to, remembered without a header', async () => {
    const both = await person(t, 'Bela');
    const own = await homeWith(t, both, 'Bela');
    await addMember(t, home.homeId, both, 'member');
    const names = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/rooms', headers: await both.headers() });
      return res
        .json<{ rooms: { name: string }[] }>()
        .rooms.map((r) => r.name)
        .sort();
    };
    expect(await names()).toEqual(['Bela Bedroom', 'Bela Living Room']);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/homes/${home.homeId}/switch`,
      headers: await both.headers(),
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json<{ items: HomeSummary[] }>().items.find((h) => h.current)?._id).toBe(home.homeId);
    expect(await names()).toEqual(['A Bedroom', 'A Living Room']);
    // A home named in the header wins over the remembered one.
    const named = await t.app.inject({
      method: 'GET',
      url: '/api/rooms',
      headers: await both.headers(own.homeId),
    });
    expect(named.json<{ total: number }>().total).toBe(2);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/homes/${own.homeId}/switch`,
      headers: await owner.headers(),
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('who did it, and voice per member', () => {
  it('a member’s command and their voice command show their name on the home’s activity; ending access ends voice', async () => {
    const asha = await person(t, 'Asha');
    const memberId = await addMember(t, home.homeId, asha, 'member');
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${home.livingPurifier}/toggle`,
      headers: await asha.headers(),
    });
    expect(toggled.statusCode, toggled.body).toBe(200);

    const client = await registerTestClient(t, 'Google Home');
    const { access_token } = await linkOwner(t, client, asha);
    const google = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/voice/google',
        headers: { authorization: `Bearer ${access_token}` },
        payload: body as object,
      });
    const sync = await google({ requestId: 's1', inputs: [{ intent: 'action.devices.SYNC' }] });
    expect(sync.statusCode, sync.body).toBe(200);
    const synced = sync.json<{ payload: { devices: { id: string }[] } }>().payload.devices.map((d) => d.id);
    expect(synced).toEqual(expect.arrayContaining([home.livingPurifier, home.bedroomPurifier]));
    const execute = await google({
      requestId: 'e1',
      inputs: [
        {
          intent: 'action.devices.EXECUTE',
          payload: {
            commands: [
              {
                devices: [{ id: home.bedroomPurifier }],
                execution: [{ command: 'action.devices.commands.OnOff', params: { on: true } }],
              },
            ],
          },
        },
      ],
    });
    expect(execute.statusCode, execute.body).toBe(200);

    const activity = await t.app.inject({
      method: 'GET',
      url: `${base()}/activity`,
      headers: await owner.headers(),
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const texts = activity.json<{ items: HomeActivity[] }>().items.map((i) => i.text);
    expect(texts).toContain('Asha turned on A Bedroom Purifier via Google Home');
    expect(texts.some((x) => x.startsWith('Asha turned ') && x.includes('A Living Room Purifier'))).toBe(
      true,
    );

    // Ending Asha's access ends her assistant's reach into the home at once.
    const end = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${memberId}`,
      headers: await owner.headers(),
    });
    expect(end.statusCode).toBe(200);
    const after = await google({ requestId: 's2', inputs: [{ intent: 'action.devices.SYNC' }] });
    expect(after.json<{ payload: { devices: unknown[] } }>().payload.devices).toEqual([]);
  });
});
