import { ERROR_CODE, MSG, ROLE, type AdminUserList, type User, ADMIN_MSG } from '@isaac/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices, orders, rooms, sessions, users } from '../../db/schema/index.ts';
import { authed, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { escapeLike } from '../../db/like.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { ADMIN_USER_MESSAGES } from './service.ts';

let t: TestApp;
let admin: { user: { id: string }; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(ROLE.admin);
});
afterAll(() => t.close());

async function signedIn(role: number, options: Parameters<TestApp['createUser']>[0] = {}) {
  const { user, token } = await t.signIn(role, options);
  return { user, token, headers: await authed(t.app, token) };
}

/** A marker unique to one test, so searches and totals see only that test's users. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const key = `${marker()}${counter}`;
  return {
    name: `New Person ${key}`,
    email: `new.${key}@example.com`,
    username: `new.${key}`,
    password: 'secret-1',
    mobile: '+91 98450 12345',
    ...overrides,
  };
}

const list = (query = '', headers = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers });
const create = (payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/users', headers, payload });
const update = (id: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers, payload });
const remove = (id: string, headers = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers });
const endSessions = (id: string, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/sessions/revoke`, headers });
const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/current-user', headers: { authorization: `Bearer ${token}` } });

/** The edit body of an existing user, with `changes`. */
function editOf(user: User, changes: Record<string, unknown> = {}) {
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    mobile: user.mobile ?? '+91 98450 00000',
    role: user.role,
    status: user.status,
    ...changes,
  };
}

async function created(payload: object = newUser()): Promise<User> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ user: User }>().user;
}

describe('role walk: only admins', () => {
  it('owners and electricians get 403 on every admin users route', async () => {
    const target = await created();
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { headers } = await signedIn(role);
      const answers = [
        await list('', headers),
        await create(newUser(), headers),
        await update(target._id, editOf(target, { name: 'Nope' }), headers),
        await remove(target._id, headers),
        await endSessions(target._id, headers),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toBe(ERROR_CODE.forbidden);
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target._id));
    expect(row?.name).toBe(target.name);
  });
});

describe('GET /api/admin/users', () => {
  it('searches by part of a name or of an e-mail, whatever the case', async () => {
    const m = marker();
    const asha = await created(newUser({ name: `Asha ${m} Verma`, email: `asha.v.${m}@example.com` }));
    const ravi = await created(newUser({ name: `Ravi Iyer`, email: `ravi.${m}@Example.com` }));
    await created(newUser({ name: 'Someone Else' }));

    const byName = (
      await list(`?search=${`SHA ${m} ver`.toUpperCase().replaceAll(' ', '%20')}`)
    ).json<AdminUserList>();
    expect(byName.users.map((u) => u._id)).toEqual([asha._id]);

    const byEmail = (await list(`?search=${m.toUpperCase()}@EXAMPLE`)).json<AdminUserList>();
    expect(byEmail.users.map((u) => u._id)).toEqual([ravi._id, asha._id]);
    expect(byEmail.total).toBe(2);
    // stored lowercased, presented without the hash
    expect(byEmail.users[0]?.email).toBe(`ravi.${m}@example.com`);
    expect(byEmail.users[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(byEmail)).not.toContain('argon2');
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    const m = marker();
    const percent = await created(newUser({ name: `Fifty%${m}` }));
    await created(newUser({ name: `Fiftyx${m}` }));
    const res = (await list(`?search=${encodeURIComponent(`y%${m}`)}`)).json<AdminUserList>();
    expect(res.users.map((u) => u._id)).toEqual([percent._id]);
    expect((await list(`?search=${encodeURIComponent(`_${m}`)}`)).json<AdminUserList>().total).toBe(0);
    expect(escapeLike('a\\b%c_d')).toBe('a\\\\b\\%c\\_d');
  });

  it('pages through the results with the real total', async () => {
    const m = marker();
    const made: User[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await created(newUser({ name: `Pager ${m} ${i}` })));
    const newestFirst = made.map((u) => u._id).reverse();

    const first = (await list(`?search=${m}&page=1&page_size=2`)).json<AdminUserList>();
    expect(first).toMatchObject({ page: 1, page_size: 2, total: 5 });
    expect(first.users.map((u) => u._id)).toEqual(newestFirst.slice(0, 2));
    const third = (await list(`?search=${m}&page=3&page_size=2`)).json<AdminUserList>();
    expect(third).toMatchObject({ page: 3, total: 5 });
    expect(third.users.map((u) => u._id)).toEqual(newestFirst.slice(4));
    const past = (await list(`?search=${m}&page=9&page_size=2`)).json<AdminUserList>();
    expect(past).toMatchObject({ users: [], total: 5 });
  });

  it('filters by role and by status', async () => {
    const m = marker();
    const electrician = await created(newUser({ name: `Filter ${m} A`, role: ROLE.electrician }));
    const ownerUser = await created(newUser({ name: `Filter ${m} B` }));
    const inactive = await created(newUser({ name: `Filter ${m} C` }));
    expect((await update(inactive._id, editOf(inactive, { status: 'inactive' }))).statusCode).toBe(200);

    const electricians = (await list(`?search=${m}&role=1`)).json<AdminUserList>();
    expect(electricians.users.map((u) => u._id)).toEqual([electrician._id]);
    const owners = (await list(`?search=${m}&role=2&status=active`)).json<AdminUserList>();
    expect(owners.users.map((u) => u._id)).toEqual([ownerUser._id]);
    const inactives = (await list(`?search=${m}&status=inactive`)).json<AdminUserList>();
    expect(inactives.users.map((u) => [u._id, u.status])).toEqual([[inactive._id, 'inactive']]);
  });

  it('sorts by a column of the table, both ways (names and e-mails whatever the case); refuses another sort', async () => {
    const m = marker();
    const charlie = await created(
      newUser({ name: `charlie ${m}`, email: `c.${m}@example.com`, role: ROLE.electrician }),
    );
    const alpha = await created(newUser({ name: `Alpha ${m}`, email: `b.${m}@example.com` }));
    // An admin, inactive: the last-active-admin tests count only the active ones.
    const bravo = await created(
      newUser({ name: `bravo ${m}`, email: `a.${m}@example.com`, role: ROLE.admin }),
    );
    expect((await update(bravo._id, editOf(bravo, { status: 'inactive' }))).statusCode).toBe(200);
    const get = (query: string) => list(`?search=${m}&${query}`);
    const users = (body: unknown) => (body as AdminUserList).users;
    const id = (user: User) => user._id;
    await expectSortedBy(get, users, 'name', id, [alpha._id, bravo._id, charlie._id]);
    await expectSortedBy(get, users, 'email', id, [bravo._id, alpha._id, charlie._id]);
    await expectSortedBy(get, users, 'role', id, [charlie._id, alpha._id, bravo._id]);
    await expectSortedBy(get, users, 'created_at', id, [charlie._id, alpha._id, bravo._id]);
    await expectBadSortRefused(get);
  });

  it('refuses bad filters and page sizes (400)', async () => {
    for (const query of [
      '?role=7',
      '?role=admin',
      '?status=gone',
      '?page=0',
      '?page_size=1000',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(ERROR_CODE.validation);
    }
  });
});

describe('POST /api/admin/users', () => {
  it('adds a user who can then sign in; role defaults to 2 (owner)', async () => {
    const input = newUser({ email: `  Mixed.${marker()}@Example.COM ` });
    const user = await created(input);
    expect(user).toMatchObject({
      name: input.name,
      email: String(input.email).trim().toLowerCase(),
      username: input.username,
      mobile: input.mobile,
      role: ROLE.owner,
      status: 'active',
    });
    const token = await login(t.app, user.email, input.password);
    expect((await currentUser(token)).json().user._id).toBe(user._id);
  });

  it('keeps a chosen role', async () => {
    expect((await created(newUser({ role: ROLE.electrician }))).role).toBe(ROLE.electrician);
  });

  it('requires every field and the sign-in password policy (400 with field details)', async () => {
    const res = await create({
      name: ' ',
      email: 'not-an-email',
      username: 'has space',
      password: '12345',
      mobile: '',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ details: { path: string; message: string }[] }>().details;
    expect(paths).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: MSG.emailInvalid },
        expect.objectContaining({ path: 'username' }),
        { path: 'password', message: MSG.passwordTooShort },
        { path: 'mobile', message: 'Mobile is required' },
      ]),
    );
    expect((await create({ ...newUser(), role: 4 })).statusCode).toBe(400);
    const { password: _omitted, ...noPassword } = newUser();
    expect((await create(noPassword)).statusCode).toBe(400);
  });

  it('answers 409 with a clear message for a taken e-mail or username', async () => {
    const first = newUser();
    await created(first);
    const sameEmail = await create(newUser({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      error: ERROR_CODE.conflict,
      message: ADMIN_USER_MESSAGES.emailTaken,
      details: [{ path: 'email', message: ADMIN_USER_MESSAGES.emailTaken }],
    });
    const sameUsername = await create(newUser({ username: first.username }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().message).toBe(ADMIN_USER_MESSAGES.usernameTaken);
  });

  it('two adds of the same e-mail at once: one 201, one 409', async () => {
    const input = newUser();
    const answers = await Promise.all([create(input), create({ ...input, username: `${input.username}x` })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('edits the details, role and status', async () => {
    const user = await created();
    const m = marker();
    const res = await update(
      user._id,
      editOf(user, {
        name: 'Renamed Person',
        email: `renamed.${m}@example.com`,
        username: `renamed.${m}`,
        mobile: '+91 90000 00000',
        role: ROLE.electrician,
        status: 'inactive',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({
      _id: user._id,
      name: 'Renamed Person',
      email: `renamed.${m}@example.com`,
      username: `renamed.${m}`,
      role: ROLE.electrician,
      status: 'inactive',
    });
  });

  it('validates the body (400) and answers 404 for an unknown id', async () => {
    const user = await created();
    const bad = await update(user._id, editOf(user, { status: 'banned', email: 'x' }));
    expect(bad.statusCode).toBe(400);
    const missing = await update('00000000-0000-4000-8000-000000000000', editOf(user));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_USER_MESSAGES.notFound);
  });

  it("answers 409 for another user's e-mail or username, and keeps one's own", async () => {
    const a = await created();
    const b = await created();
    expect((await update(b._id, editOf(b, { email: a.email }))).json().message).toBe(
      ADMIN_USER_MESSAGES.emailTaken,
    );
    const clash = await update(b._id, editOf(b, { username: a.username }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(ADMIN_USER_MESSAGES.usernameTaken);
    expect((await update(b._id, editOf(b, { name: 'Same keys' }))).statusCode).toBe(200);
  });

  it('a role change ends that user’s sessions at once: the old token gets 401', async () => {
    const person = await signedIn(ROLE.owner);
    const second = await login(t.app, person.user.email, 'test-password');
    const [presented] = (await list(`?search=${encodeURIComponent(person.user.email)}`)).json<AdminUserList>()
      .users;
    if (!presented) throw new Error('user not listed');
    expect((await currentUser(person.token)).statusCode).toBe(200);

    const res = await update(person.user.id, editOf(presented, { role: ROLE.electrician }));
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [person.token, second]) {
      const after = await currentUser(token);
      expect(after.statusCode).toBe(401);
      expect(after.json().error).toBe(ERROR_CODE.authorizationRequired);
    }
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, person.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('deactivation ends the sessions; an edit of other fields keeps them', async () => {
    const person = await signedIn(ROLE.owner);
    const [presented] = (await list(`?search=${encodeURIComponent(person.user.email)}`)).json<AdminUserList>()
      .users;
    if (!presented) throw new Error('user not listed');
    expect((await update(person.user.id, editOf(presented, { name: 'Still here' }))).statusCode).toBe(200);
    expect((await currentUser(person.token)).statusCode).toBe(200);
    expect((await update(person.user.id, editOf(presented, { status: 'inactive' }))).statusCode).toBe(200);
    expect((await currentUser(person.token)).statusCode).toBe(401);
    // reactivated, the old session stays ended; a new sign-in works
    expect((await update(person.user.id, editOf(presented, { status: 'active' }))).statusCode).toBe(200);
    expect((await currentUser(person.token)).statusCode).toBe(401);
    expect((await currentUser(await login(t.app, person.user.email, 'test-password'))).statusCode).toBe(200);
  });

  it('an admin cannot demote or deactivate themself (403), and keeps their session', async () => {
    const me = await signedIn(ROLE.admin);
    const [presented] = (
      await list(`?search=${encodeURIComponent(me.user.email)}`, me.headers)
    ).json<AdminUserList>().users;
    if (!presented) throw new Error('admin not listed');
    const demote = await update(me.user.id, editOf(presented, { role: ROLE.owner }), me.headers);
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe(ADMIN_USER_MESSAGES.selfDemote);
    const deactivate = await update(me.user.id, editOf(presented, { status: 'inactive' }), me.headers);
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe(ADMIN_USER_MESSAGES.selfDeactivate);
    expect(
      (await update(me.user.id, editOf(presented, { name: 'Admin Renamed' }), me.headers)).statusCode,
    ).toBe(200);
    expect((await currentUser(me.token)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes an owner: their devices stay, available; their orders stay; their token gets 401', async () => {
    const person = await signedIn(ROLE.owner);
    const roomRes = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: person.headers,
      payload: { name: 'Den' },
    });
    const room = roomRes.json().room;
    const deviceRes = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: person.headers,
      payload: { name: 'Purifier', model: 'ISAAC', serial_number: `DEL-${marker()}` },
    });
    const device = deviceRes.json().device;
    await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device._id}/assign-room`,
      headers: person.headers,
      payload: { room_id: room._id },
    });
    const [order] = await t.db
      .insert(orders)
      .values({
        providerOrderId: `order_${marker()}`,
        receipt: `receipt_${Date.now()}`,
        provider: 'sandbox',
        amountPaise: 399900,
        items: [],
        customerName: person.user.name,
        customerEmail: person.user.email,
        customerPhone: '',
      })
      .returning();

    const res = await remove(person.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.userDeleted });

    expect(await t.db.select().from(users).where(eq(users.id, person.user.id))).toEqual([]);
    const [kept] = await t.db.select().from(devices).where(eq(devices.id, device._id));
    expect(kept).toMatchObject({ userId: null, roomId: null, serialNumber: device.serial_number });
    expect(await t.db.select().from(rooms).where(eq(rooms.id, room._id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, order?.id ?? '')),
    ).toHaveLength(1);
    expect((await currentUser(person.token)).statusCode).toBe(401);
    expect((await remove(person.user.id)).statusCode).toBe(404);
  });

  it('an admin cannot delete themself (403)', async () => {
    const me = await signedIn(ROLE.admin);
    const res = await remove(me.user.id, me.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_USER_MESSAGES.selfDelete);
    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(1);
  });

  it('another admin can be deleted while an active admin remains', async () => {
    const other = await signedIn(ROLE.admin);
    expect((await remove(other.user.id)).statusCode).toBe(200);
    expect((await currentUser(other.token)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/users/:id/sessions/revoke', () => {
  it('ends every session of the user', async () => {
    const person = await signedIn(ROLE.electrician);
    const second = await login(t.app, person.user.email, 'test-password');
    const res = await endSessions(person.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Ended 2 sessions', sessions_ended: 2 });
    expect((await currentUser(person.token)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(401);
    expect((await endSessions(person.user.id)).json()).toEqual({
      message: 'Ended 0 sessions',
      sessions_ended: 0,
    });
  });

  it('an admin ending their own keeps the current one', async () => {
    const me = await signedIn(ROLE.admin);
    const other = await login(t.app, me.user.email, 'test-password');
    const res = await endSessions(me.user.id, me.headers);
    expect(res.json()).toEqual({ message: 'Ended 1 session', sessions_ended: 1 });
    expect((await currentUser(me.token)).statusCode).toBe(200);
    expect((await currentUser(other)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await endSessions('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('activity log', () => {
  const entriesOf = (userId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.entityId, userId)).orderBy(auditLog.at);

  it('records create, edit, role change, sessions ended and delete with the admin as actor, never the password', async () => {
    const created = await create(newUser());
    expect(created.statusCode).toBe(201);
    const user = created.json<{ user: User }>().user;
    expect(
      await update(user._id, editOf(user, { name: 'Renamed Person', role: ROLE.electrician })),
    ).toMatchObject({
      statusCode: 200,
    });
    expect((await endSessions(user._id)).statusCode).toBe(200);
    expect((await remove(user._id)).statusCode).toBe(200);

    const entries = await entriesOf(user._id);
    expect(entries.map((e) => e.action)).toEqual([
      'user.created',
      'user.role_changed',
      'user.updated',
      'user.sessions_ended',
      'user.deleted',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: admin.user.id,
        actorRole: ROLE.admin,
        channel: 'api',
        entityType: 'user',
      });
      expect(JSON.stringify(entry.changes)).not.toMatch(/secret-1|argon2/);
    }
    expect(entries[1]?.changes).toEqual({ role: { before: ROLE.owner, after: ROLE.electrician } });
    expect(entries[2]?.changes).toEqual({ name: { before: user.name, after: 'Renamed Person' } });
    expect(entries[3]?.changes).toEqual({ sessions_ended: { before: null, after: 0 } });
    expect(entries[4]?.entityName).toBe('Renamed Person');
  });

  it('records nothing for a refused change (duplicate e-mail 409, self-delete 403)', async () => {
    const first = (await create(newUser())).json<{ user: User }>().user;
    const second = (await create(newUser())).json<{ user: User }>().user;
    const before = await entriesOf(second._id);
    const clash = await update(second._id, editOf(second, { email: first.email }));
    expect(clash.statusCode).toBe(409);
    expect(await entriesOf(second._id)).toHaveLength(before.length);

    expect((await remove(admin.user.id)).statusCode).toBe(403);
    expect((await entriesOf(admin.user.id)).filter((e) => e.action === 'user.deleted')).toHaveLength(0);
  });
});
