import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
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

/** Signs in as a demo role through /login and waits for its dashboard. */
export async function signIn(page: Page, role: DemoRole): Promise<void> {
  const { email, dashboard } = DEMO_USERS[role];
  await page.goto('/login');
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(dashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Serious or critical axe-core findings (WCAG 2.1 A/AA) on the page as it is now. */
export async function axeFindings(page: Page): Promise<string[]> {
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

/** Signs in to the API directly (CSRF cookie + header, then the login) and returns the bearer token. */
export async function apiSignIn(request: APIRequestContext, api: string, email: string): Promise<string> {
  const csrf = await request.get(`${api}/auth/csrf-token`);
  expect(csrf.ok()).toBe(true);
  const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post(`${api}/auth/login`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
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
