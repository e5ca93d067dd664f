import type { Installation } from '@isaac/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page, chromium, expect, test } from '@playwright/test';
import {
  allowTime,
  DEMO_USERS,
  apiSignIn,
  apiUrl,
  configureEveryDeviceWifi,
  drawSignature,
  signIn,
} from './support';

/**
 * The offline field app (issue 34, ADR 070), in Chromium with the network cut (`context.setOffline`): the
 * demo electrician opens today's installation (Kavya Iyer) and another customer's (Sneha Reddy, assigned
 * here by the admin), goes offline, advances the guided install's steps, configures WiFi, confirms the
 * training and captures the signature; the app loads offline after a reload; meanwhile the admin gives
 * Sneha to another electrician. Back online, the queue is sent in order: the server has every change of
 * Kavya's exactly once, and the change to Sneha's installation is shown as a conflict, not applied.
 */

// The offline app is the service worker's: this spec lets it install (the suite blocks it, ADR 077).
test.use({ serviceWorkers: 'allow' });

type Json = Record<string, unknown>;

async function api(request: APIRequestContext, base: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T = Json>(path: string): Promise<T> => {
      const res = await request.get(`${base}${path}`, { headers });
      expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
      return (await res.json()) as T;
    },
    post: async <T = Json>(path: string, data: unknown): Promise<T> => {
      // the CSRF cookie is the request context's, one for both callers: fetched anew for each change
      const csrf = (await (await request.get(`${base}/auth/csrf-token`)).json()) as { csrf_token: string };
      const res = await request.post(`${base}${path}`, {
        headers: { ...headers, 'X-CSRF-Token': csrf.csrf_token },
        data,
      });
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

async function openGuided(page: Page, customer: string): Promise<string> {
  await page.goto('/electrician/install');
  await page.getByRole('button', { name: new RegExp(`the installation for ${customer}`) }).click();
  await expect(page).toHaveURL(/installation=/);
  return new URL(page.url()).searchParams.get('installation') ?? '';
}

test('offline: the guided install queues every change, the app reloads offline, a conflict is shown', async ({
  page,
  context,
  request,
}) => {
  allowTime(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'electrician');
  const base = await apiUrl(page);
  const admin = await api(request, base, await apiSignIn(request, base, DEMO_USERS.admin.email));
  const electrician = await api(request, base, await apiSignIn(request, base, DEMO_USERS.electrician.email));

  // the admin gives Sneha Reddy to the demo electrician (whatever other specs did with her)
  const { electricians } = await admin.get<{ electricians: { _id: string; email: string }[] }>(
    '/api/admin/electricians?page=1&page_size=100',
  );
  const ravi = electricians.find((e) => e.email === DEMO_USERS.electrician.email)!;
  const suresh = electricians.find((e) => e.email === 'suresh.patil@isaac.demo')!;
  const { customers } = await admin.get<{ customers: { _id: string; name: string }[] }>(
    '/api/admin/customers?search=Sneha&page=1&page_size=10',
  );
  const sneha = customers.find((c) => c.name === 'Sneha Reddy')!;
  await admin.post(`/api/admin/electricians/${ravi._id}/customers`, {
    customer_ids: [sneha._id],
    installation_date: today(),
  });

  // the service worker takes the page; both installations are opened online (and kept on the phone)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const snehaId = await openGuided(page, 'Sneha Reddy');
  await expect(page.getByRole('heading', { name: 'Add devices' })).toBeVisible();
  const kavyaId = await openGuided(page, 'Kavya Iyer');
  await expect(page.getByRole('heading', { name: 'Add devices' })).toBeVisible();
  await expect(page.getByText(/Kavya Iyer · Step 1 of 7/)).toBeVisible();
  // the kept reads are written at most once a second
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline\./ })).toContainText(/as of \d/);

  // Kavya's installation, every step offline
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
  await next.click();
  await expect(page.getByRole('heading', { name: 'WiFi and Bluetooth' })).toBeVisible();
  await configureEveryDeviceWifi(page, 'Iyer-Home-2.4G', 'iyer-wifi-pass');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Check' })).toBeVisible();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Customer training' })).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  // one "saved on this phone" toast however many changes were saved in a row: a stack of them covered the
  // checklist at 390 px (and a pointer resting on a toast keeps it there)
  await expect(page.getByText('Saved on this phone: it is sent when you are back online')).toHaveCount(1);
  await page.getByRole('button', { name: 'Confirm training' }).click();
  await expect(page.getByRole('heading', { name: "Customer's signature" })).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expect(page.getByRole('heading', { name: 'Handover' })).toBeVisible();
  // completing needs the network, and the step says what it waits for
  await expect(page.getByRole('button', { name: 'Complete installation' })).toBeDisabled();
  await expect(page.getByText(/Completing needs the network/)).toBeVisible();
  await expect(page.getByText(/changes? saved on this phone, not sent yet/)).toBeVisible();
  const pending = page.getByText(/^\d+ changes? pending: sent in order when you are back online$/);
  await expect(pending).toBeVisible();

  // the app loads offline after a reload (service worker + kept reads + the queue in IndexedDB)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Handover' })).toBeVisible();
  await expect(pending).toBeVisible();

  // Sneha's installation, opened offline by its address: one step forward
  await page.goto(`/electrician/install?installation=${snehaId}`);
  await expect(page.getByRole('heading', { name: 'Add devices' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
  const queued = Number((await pending.textContent())?.match(/^\d+/)?.[0]);
  expect(queued).toBeGreaterThanOrEqual(9);

  // meanwhile the admin gives Sneha to another electrician
  await admin.post(`/api/admin/electricians/${suresh._id}/customers`, {
    customer_ids: [sneha._id],
    installation_date: today(),
  });

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 30_000 });
  const conflict = page.getByRole('alert').filter({ hasText: 'Not applied: Step: rooms' });
  await expect(conflict).toContainText('assigned this customer to another electrician');

  // the server has every change of Kavya's, each once
  const { installation } = await electrician.get<{ installation: Installation }>(
    `/api/electrician/installations/${kavyaId}`,
  );
  expect(installation).toMatchObject({
    guided_step: 'handover',
    customer_training_completed: true,
    signature: { signed_by: 'Kavya Iyer' },
  });
  expect(installation.devices.every((d) => !d.missing.includes('wifi'))).toBe(true);
  const { entries } = await admin.get<{ entries: { action: string; changes: Json }[] }>(
    `/api/admin/activity?entity_type=installation&entity_id=${kavyaId}&limit=100`,
  );
  const steps = entries
    .filter((e) => e.action === 'installation.updated' && 'guided_step' in e.changes)
    .map((e) => (e.changes.guided_step as { after: string }).after);
  expect(steps.sort()).toEqual(['check', 'configure', 'handover', 'rooms', 'signature', 'training']);
  const signed = entries.filter((e) => 'signed_by' in e.changes);
  expect(signed).toHaveLength(1);
  // Sneha's step change was not applied
  const snehas = await admin.get<{ entries: { action: string; changes: Json }[] }>(
    `/api/admin/activity?entity_type=installation&entity_id=${snehaId}&limit=100`,
  );
  expect(snehas.entries.filter((e) => 'guided_step' in e.changes)).toEqual([]);

  // the conflict is read and dismissed
  await conflict.getByRole('button', { name: /Dismiss/ }).click();
  await expect(conflict).toBeHidden();
});

test('owner offline: the device list reads with its age after a reload; commands say they need the network', async ({
  page,
  context,
}) => {
  allowTime(90_000);
  await signIn(page, 'owner');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // a repeat visit of a signed-in page: its HTML comes from the service worker (the network refreshes it)
  const visit = await page.goto('/owner/devices');
  expect(visit?.fromServiceWorker()).toBe(true);
  const devices = page.getByRole('list', { name: 'Devices' });
  await expect(devices.getByRole('heading').first()).toBeVisible();
  const names = await devices.getByRole('heading').allTextContents();
  await page.waitForTimeout(1500); // the kept reads are written at most once a second

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Offline\./ })).toContainText(
    /as of .+\((just now|\d+ min ago)\)\. Commands to your devices need the network/,
  );
  expect(await devices.getByRole('heading').allTextContents()).toEqual(names);
  await devices
    .getByRole('button', { name: /^Turn (On|Off)$/ })
    .first()
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are offline: this needs the network' }).first(),
  ).toBeVisible();
  await context.setOffline(false);
});

test('the PWA is installable: manifest and service worker pass the installability checks', async ({
  browserName,
}, testInfo) => {
  allowTime(90_000);
  // A persistent profile: Chrome never offers to install from an incognito one (Playwright's contexts).
  const dir = mkdtempSync(join(tmpdir(), 'isaac-pwa-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    expect(browserName).toBe('chromium');
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'owner');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Json;
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
    // The checks Lighthouse's installability audit ran (Lighthouse 12 dropped it): Chrome's own, over CDP.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
