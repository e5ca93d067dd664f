import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { CSRF_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@isaac/contract';
import { TIMING_SLACK } from './settings';

export const DEMO_PASSWORD = 'isaac-demo';

/** This test's time limit: `ms`, stretched by TEST_TIMING_SLACK (a passing test takes no longer). */
export function allowTime(ms: number): void {
  test.setTimeout(ms * TIMING_SLACK);
}

export const DEMO_USERS = {
  admin: { email: 'admin@isaac.demo', dashboard: '/admin/dashboard' },
  electrician: { email: 'electrician@isaac.demo', dashboard: '/electrician/dashboard' },
  owner: { email: 'owner@isaac.demo', dashboard: '/owner/dashboard' },
} as const;

export type DemoRole = keyof typeof DEMO_USERS;

/** Fills the /login form the way a person would and submits it. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in as a demo role through /login, the way a person does, and waits for its dashboard. */
export async function signInThroughLogin(page: Page, role: DemoRole): Promise<void> {
  const { email, dashboard } = DEMO_USERS[role];
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(dashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The API of this run's e2e server (playwright.config.ts starts it on E2E_API_PORT). */
export const E2E_API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;

/**
 * Opens `path` (the role's dashboard unless given) as a demo role that is already signed in: the session
 * comes from the API, as a returning visitor's does, so a test not about signing in skips loading /login
 * and a dashboard it does not look at (auth.spec.ts and signInThroughLogin cover the form). The page's own
 * requests share the browser's cookies, so the CSRF cookie of the sign-in is the page's too. A page that
 * has already been somewhere signs in through /login instead: the form also clears what a previous user of
 * the browser left (kept reads, outbox), which a token written from outside would not.
 */
export async function signIn(page: Page, role: DemoRole, path?: string): Promise<void> {
  const { email, dashboard } = DEMO_USERS[role];
  if (page.url() !== 'about:blank') {
    await signInThroughLogin(page, role);
    if (path && path !== dashboard) await page.goto(path);
    return;
  }
  const { token, csrfToken } = await apiSession(page.request, E2E_API, email);
  // A file of the web's origin with no scripts: somewhere to write the origin's storage before the app runs.
  await page.goto('/robots.txt');
  await page.evaluate(
    (stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    },
    { [TOKEN_STORAGE_KEY]: token, [CSRF_STORAGE_KEY]: csrfToken },
  );
  await page.goto(path ?? dashboard);
  if (!path || path === dashboard)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Serious or critical axe-core findings (WCAG 2.1 A/AA) on the page as it is now, once its CSS transitions
 * have run: a colour caught halfway through a hover's or a panel's transition is no state a person reads,
 * and judging it made the contrast check depend on when the analysis started.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The API base the web uses (the server writes it into the page's runtime configuration). */
export async function apiUrl(page: Page): Promise<string> {
  const url = await page.evaluate(
    () => (window as unknown as { __ISAAC_CONFIG__?: { apiUrl?: string } }).__ISAAC_CONFIG__?.apiUrl,
  );
  if (!url) throw new Error('window.__ISAAC_CONFIG__.apiUrl is missing');
  return url;
}

/**
 * Signs in to the API directly (CSRF cookie + header, then the login): the bearer token and the CSRF token.
 * `request` keeps the CSRF cookie (a page's `page.request` shares it with the page).
 */
export async function apiSession(
  request: APIRequestContext,
  api: string,
  email: string,
): Promise<{ token: string; csrfToken: string }> {
  const csrf = await request.get(`${api}/auth/csrf-token`);
  expect(csrf.ok()).toBe(true);
  const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post(`${api}/auth/login`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), `sign-in of ${email}`).toBe(true);
  return { token: ((await login.json()) as { token: string }).token, csrfToken };
}

/** Signs in to the API directly and returns the bearer token. */
export async function apiSignIn(request: APIRequestContext, api: string, email: string): Promise<string> {
  return (await apiSession(request, api, email)).token;
}

/** An ESP32 application image as far as the server's content check goes: 0xE9, then bytes. */
export function esp32Image(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x5a);
  bytes[0] = 0xe9;
  return bytes;
}

/** Guided install, WiFi step: configures every device listed (both fields), each dialog closing. */
export async function configureEveryDeviceWifi(page: Page, ssid: string, password: string): Promise<void> {
  const configureButtons = page.getByRole('button', { name: /^Configure/ });
  const count = await configureButtons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    await configureButtons.nth(i).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('WiFi SSID').fill(ssid);
    await dialog.getByLabel('WiFi password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Configure WiFi' }).click();
    await expect(dialog).toBeHidden();
  }
}

/**
 * Sends each listed device its test command (issue 34) and waits for its answer: the button gives way to
 * "Answered the test" once the simulated device has acknowledged it through the device plane.
 */
export async function testEveryDevice(scope: Page | Locator): Promise<void> {
  const tests = scope.getByRole('button', { name: /^Send a test command to / });
  await expect(tests.first()).toBeVisible();
  for (let left = await tests.count(); left > 0; left -= 1) {
    await tests.first().click();
    await expect(tests).toHaveCount(left - 1, { timeout: 15_000 });
  }
}

/** Guided install, signature step: draws a signature on the pad the way a finger would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Signature area/ });
  // the pad library loads with the step: a stroke before it has attached would be lost
  await expect(pad).toHaveAttribute('aria-busy', 'false');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature area');
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -40],
    [120, 30],
    [180, -30],
    [240, 20],
  ] as const) {
    await page.mouse.move(box.x + dx, box.y + 100 + dy, { steps: 5 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAccessibleName('Signature area, signed');
}
