import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, apiSignIn, apiUrl } from './support';

/**
 * Voice-assistant linking end to end (issue 12), as the demo voice client (a public OAuth client with
 * PKCE, seeded on DEMO starts): /voice-demo → /login in OAuth mode → consent → back with a code → token
 * exchange → SYNC and EXECUTE against the Google fulfillment → the owner's devices screen shows the change;
 * Unlink in settings makes the token useless.
 */

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

interface OwnerDevice {
  _id: string;
  name: string;
  is_connected: boolean;
  power_on: boolean;
}

test('the demo voice client links the demo owner, turns a purifier on by EXECUTE, and Unlink refuses its token', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const api = await apiUrl(page);
  const ownerToken = await apiSignIn(request, api, DEMO_USERS.owner.email);
  const bearer = { authorization: `Bearer ${ownerToken}` };
  const list = await request.get(`${api}/api/devices?type=isaac&page_size=100`, { headers: bearer });
  const purifier = ((await list.json()) as { devices: OwnerDevice[] }).devices.find((d) => d.is_connected);
  expect(purifier, 'the demo owner has an online purifier').toBeDefined();
  if (purifier!.power_on) {
    const { csrf_token: csrf } = (await (await request.get(`${api}/auth/csrf-token`)).json()) as {
      csrf_token: string;
    };
    const off = await request.post(`${api}/api/devices/${purifier!._id}/toggle`, {
      headers: { ...bearer, 'X-CSRF-Token': csrf },
    });
    expect(off.ok()).toBe(true);
  }

  await page.goto('/voice-demo');
  await page.getByRole('button', { name: 'Link with Isaac' }).click();
  await expect(page).toHaveURL(/\/login\?client_id=isaac-voice-demo/);
  await expect(page.getByRole('note')).toContainText('You are linking Demo voice client');
  await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in and link' }).click();

  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole('heading', { name: 'Link Demo voice client?' })).toBeVisible();
  await expect(page.getByText('See your devices and rooms, and turn them on and off')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Authorization successful! Redirecting...')).toBeVisible();

  await expect(page).toHaveURL(/\/voice-demo\?code=isaac_ac_/);
  await expect(page.getByText('The state came back unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Exchange the code for tokens' }).click();
  await expect(page.getByText(/^Linked\. Access token isaac_at_/)).toBeVisible();

  await page.getByRole('button', { name: 'SYNC', exact: true }).click();
  const synced = page.getByRole('list', { name: 'Synced devices' });
  await expect(synced.getByText(purifier!.name, { exact: true }).first()).toBeVisible();
  await page
    .getByRole('button', { name: `Turn on ${purifier!.name}` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /Last answer: EXECUTE/ })).toBeVisible();
  await expect(page.getByTestId('demo-answer')).toContainText('"status": "SUCCESS"');
  const accessToken = await page.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('isaac.voice-demo') ?? '{}') as {
          tokens?: { access_token: string };
        }
      ).tokens?.access_token,
  );
  expect(accessToken).toMatch(/^isaac_at_/);

  // The owner (signed in by the linking) sees the purifier on.
  await page.goto('/owner/devices');
  await expect(card(page, purifier!.name).first().getByRole('button', { name: 'Turn Off' })).toBeVisible();

  // Unlink in settings: the same token is refused at once.
  await page.goto('/owner/settings');
  const linked = page.getByRole('region', { name: 'Linked services' });
  await expect(linked.locator('li p').filter({ hasText: /^Linked .* · last used / })).toBeVisible();
  await linked.getByRole('button', { name: /Unlink\s*Demo voice client/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Unlink/ })
    .click();
  await expect(page.getByText('Demo voice client unlinked')).toBeVisible();
  const refused = await request.post(`${api}/api/voice/google`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { requestId: 'after-unlink', inputs: [{ intent: 'action.devices.SYNC' }] },
  });
  expect(refused.status()).toBe(401);
});

test("/login with a redirect URI the client has not registered shows the spec's message and no form", async ({
  page,
}) => {
  await page.goto(
    '/login?client_id=isaac-voice-demo&redirect_uri=https%3A%2F%2Fevil.example%2Fcallback&response_type=code&state=x',
  );
  await expect(page.getByRole('alert')).toHaveText('Invalid redirect URL. Please try again.');
  await expect(page.getByLabel('Email')).toBeHidden();
});

test('the consent screen works at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/voice-demo');
  await page.getByRole('button', { name: 'Link with Isaac' }).click();
  await expect(page.getByRole('note')).toContainText('You are linking Demo voice client');
  await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in and link' }).click();
  await expect(page.getByRole('heading', { name: 'Link Demo voice client?' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/voice-demo\?error=access_denied/);
  await expect(page.getByRole('alert')).toContainText('access_denied');
});
