import { type Page, expect, test } from '@playwright/test';
import { PUBLIC_ROUTES } from '../apps/web/app/public-routes';
import { allowTime, signIn } from './support';

/**
 * The web origin's Content-Security-Policy (apps/server/src/web-server.ts): every page runs, hydrates and
 * works under it, with no script, style, request or frame refused. And unknown paths answer 404.
 */

/** Collects every CSP violation the page reports, from the event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}: ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Waits until React has hydrated the document (its root container is attached to `document`). */
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/** The build's stylesheet as the web server inlines it: a <style>, then its link, disabled. */
const INLINED_STYLESHEET = 'style + link[rel="stylesheet"][disabled]';

/** The paths of the stylesheets the page requests. */
function watchStylesheets(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

/** The inlined stylesheet's link is disabled, so the browser never fetches (nor parses) a second copy. */
async function expectInlinedStylesheetNotFetched(page: Page, requested: string[]): Promise<void> {
  const href = await page.locator(INLINED_STYLESHEET).getAttribute('href');
  expect(href).toMatch(/^\/assets\/.+\.css$/);
  expect(requested).not.toContain(href);
}

test('every public page and /login load, hydrate and run with no CSP violation', async ({ page }) => {
  allowTime(120_000);
  const violations = await watchViolations(page);
  const stylesheets = watchStylesheets(page);
  for (const path of PUBLIC_ROUTES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self' 'sha256-");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    await hydrated(page);
    // Styled by the inlined stylesheet, which hydration keeps; its link stays disabled (one copy of the rules).
    await expect(page.locator(INLINED_STYLESHEET)).toHaveCount(1);
    expect(violations, path).toEqual([]);
  }
  await expectInlinedStylesheetNotFetched(page, stylesheets);
});

test('the owner area runs with no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const stylesheets = watchStylesheets(page);
  await signIn(page, 'owner');
  for (const [link, heading] of [
    ['Devices', 'Devices'],
    ['Rooms', 'Rooms'],
    ['Settings', 'Settings'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.locator(INLINED_STYLESHEET)).toHaveCount(1);
  // A full load of a back-office page (the SPA fallback) too.
  const response = await page.goto('/owner/devices');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The app rendered over the fallback's skeleton and kept its inlined stylesheet.
  await expect(page.locator(INLINED_STYLESHEET)).toHaveCount(1);
  expect(violations).toEqual([]);
  await expectInlinedStylesheetNotFetched(page, stylesheets);
});

test('an unknown path answers 404 with the page that sends the visitor to /login', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  // Back-office routes are pages of the app (200), however deep the splat.
  for (const path of ['/owner/rooms', '/admin/users', '/electrician', '/dashboard/x/y', '/debug']) {
    const page200 = await page.request.get(path);
    expect(page200.status(), path).toBe(200);
  }
  for (const path of ['/owner/nope', '/admin/users/extra', '/products/unknown']) {
    const page404 = await page.request.get(path);
    expect(page404.status(), path).toBe(404);
  }
  expect(violations).toEqual([]);
});
