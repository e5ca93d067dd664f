import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { allowTime, DEMO_USERS, apiSignIn, apiUrl, fillLogin, signIn } from './support';

/**
 * A household, not a login (issue 32): the demo owner invites a member by e-mail (the link from the outbox);
 * the member creates their account from it, toggles a purifier (the home's activity shows their name) and
 * gets no Add Device; they make a home of their own and switch between the two; a guest's access ends at
 * its time.
 */

const PASSWORD = 'a-good-password';

// Two people, sign-ups, sign-ins and the outbox: longer than the default test time.
allowTime(120_000);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

interface OutboxRow {
  _id: string;
  kind: string;
  to: string;
}

/** The link of the newest home invitation e-mailed to `to` (read through the admin's outbox API). */
async function invitationLink(request: APIRequestContext, api: string, to: string): Promise<string> {
  const token = await apiSignIn(request, api, DEMO_USERS.admin.email);
  const headers = { Authorization: `Bearer ${token}` };
  let found: OutboxRow | undefined;
  await expect
    .poll(
      async () => {
        const list = await request.get(`${api}/api/admin/outbox?page_size=100`, { headers });
        const { messages } = (await list.json()) as { messages: OutboxRow[] };
        found = messages.find((m) => m.to === to && m.kind === 'home_invitation');
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const detail = await request.get(`${api}/api/admin/outbox/${found!._id}`, { headers });
  const text = ((await detail.json()) as { text: string }).text;
  const link = /https?:\/\/\S+\/home-invite\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return new URL(link).pathname;
}

/** Bearer and CSRF headers of a person signed in to the API (the demo password, or another). */
async function apiHeaders(request: APIRequestContext, api: string, email: string, password: string) {
  const csrf = await request.get(`${api}/auth/csrf-token`);
  const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post(`${api}/auth/login`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email, password },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, 'X-CSRF-Token': csrfToken };
}

/** Signs up from an invitation link in the page, then signs in with the new account. */
async function signUpFrom(page: Page, path: string, name: string, email: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL('/owner/dashboard');
}

test('the owner invites a member, who signs up, toggles a purifier (named in the activity), adds no device, and switches homes', async ({
  page,
  browser,
  request,
}) => {
  const email = `asha-${Date.now()}@member.test`;
  // A name of this attempt's own: a retry's Asha toggles the purifier again, beside the first one's entry.
  const name = `Asha ${Date.now().toString(36).slice(-4)}`;
  await signIn(page, 'owner');
  await page.getByRole('link', { name: 'Members' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Members of / })).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption('member');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();

  const api = await apiUrl(page);
  const link = await invitationLink(request, api, email);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUpFrom(member, link, name, email);

  // The member controls the owner's devices, but may not add one.
  await member.goto('/owner/devices');
  const online = member
    .getByRole('article')
    .filter({ hasText: 'Online' })
    .filter({ hasText: 'ISAAC Air Purifier' })
    .first();
  await expect(online).toBeVisible({ timeout: 30_000 });
  const deviceName = ((await online.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  await online.getByRole('button', { name: /^Turn (On|Off)$/ }).click();
  await expect(toast(member, 'Device toggled successfully')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Add Device' })).toHaveCount(0);
  const asMember = await apiHeaders(request, api, email, PASSWORD);
  const refused = await request.post(`${api}/api/devices`, {
    headers: asMember,
    data: {
      name: 'Sneaky',
      model: 'ISAAC Air Purifier',
      serial_number: `SNEAK-${Date.now()}`,
      type: 'isaac',
    },
  });
  expect(refused.status()).toBe(403);

  // The owner's activity shows who did it.
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Home activity' })
      .getByText(new RegExp(`^${name} turned (on|off) ${deviceName}$`)),
  ).toBeVisible();

  // A home of her own beside it: the switcher moves between the two.
  const made = await request.post(`${api}/api/homes`, { headers: asMember, data: { name: "Asha's flat" } });
  expect(made.status()).toBe(201);
  await member.goto('/owner/devices');
  const switcher = member.getByLabel('Home', { exact: true });
  await expect(switcher).toHaveValue(/.+/);
  await expect(member.getByText('No devices found')).toBeVisible();
  await switcher.selectOption({ label: "Priya Sharma's home (member)" });
  await expect(member.getByRole('article').filter({ hasText: deviceName }).first()).toBeVisible();
  await switcher.selectOption({ label: "Asha's flat" });
  await expect(member.getByRole('article').filter({ hasText: deviceName })).toHaveCount(0);
  await memberContext.close();
});

test("a guest reaches the chosen room's devices until the end time, then nothing", async ({
  page,
  request,
}) => {
  await signIn(page, 'owner');
  const api = await apiUrl(page);
  const owner = await apiHeaders(request, api, DEMO_USERS.owner.email, 'isaac-demo');
  const homes = (await (await request.get(`${api}/api/homes`, { headers: owner })).json()) as {
    items: { _id: string; current: boolean }[];
  };
  const homeId = homes.items.find((h) => h.current)!._id;
  const rooms = (await (await request.get(`${api}/api/rooms?page_size=100`, { headers: owner })).json()) as {
    rooms: { _id: string; name: string; devices: { name: string }[] }[];
  };
  const room = rooms.rooms.find((r) => r.devices.length > 0)!;
  const email = `guest-${Date.now()}@guest.test`;
  const invited = await request.post(`${api}/api/homes/${homeId}/invitations`, {
    headers: owner,
    data: {
      email,
      role: 'guest',
      rooms: [room._id],
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLink(request, api, email);

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signUpFrom(page, link, 'Gita Guest', email);
  await page.goto('/owner/devices');
  const shown = page.getByRole('article').filter({ hasText: room.devices[0]!.name }).first();
  await expect(shown).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(room.devices.length);

  // The owner brings the end time forward to a moment from now; past it the home gives nothing: on the next
  // load the guest is back in a home of their own, with no devices.
  const members = (await (
    await request.get(`${api}/api/homes/${homeId}/members`, { headers: owner })
  ).json()) as {
    members: { _id: string; email: string }[];
  };
  const guest = members.members.find((m) => m.email === email)!;
  // A fresh sign-in: reading the invitation's e-mail above replaced this context's CSRF cookie.
  const changed = await request.put(`${api}/api/homes/${homeId}/members/${guest._id}`, {
    headers: await apiHeaders(request, api, DEMO_USERS.owner.email, 'isaac-demo'),
    data: { role: 'guest', rooms: [room._id], ends_at: new Date(Date.now() + 2_000).toISOString() },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.waitForLoadState('networkidle');
        return page.getByText('No devices found').isVisible();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);
  await expect(page.getByRole('article')).toHaveCount(0);
});
