import { type Locator, type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * One brand mark and name everywhere (issue 30): the storefront, sign-in and the dashboards show the same
 * mark (the favicon's artwork) beside the same name, "Isaac" — never the purifier's product name "ISAAC".
 */
async function markAndName(page: Page, scope: Locator): Promise<{ name: string; mark: string }> {
  const brand = scope.locator('[data-brand-name]').first();
  await expect(brand).toBeVisible();
  const mark = scope.locator('svg[data-brand-mark]').first();
  await expect(mark).toBeVisible();
  return {
    name: (await brand.textContent()) ?? '',
    mark: await mark.evaluate((svg) => svg.innerHTML),
  };
}

test('the storefront header and footer, sign-in and the dashboard sidebar show one mark and name', async ({
  page,
}) => {
  await page.goto('/');
  const header = await markAndName(page, page.getByRole('banner'));
  const footer = await markAndName(page, page.getByRole('contentinfo'));
  await page.goto('/login');
  const login = await markAndName(page, page.locator('main'));
  await signIn(page, 'owner');
  const sidebar = await markAndName(page, page.getByRole('complementary').or(page.locator('aside')).first());

  expect(header.name).toBe('Isaac');
  for (const other of [footer, login, sidebar]) expect(other).toEqual(header);
});

test('/favicon.ico, which browsers ask for where a page names no icon, is an icon they draw', async ({
  page,
}) => {
  const response = await page.request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/vnd.microsoft.icon');
  // Rendered from favicon.svg by scripts/pwa-icons.mjs (16, 32 and 48 px).
  await page.goto('/robots.txt');
  const drawn = await page.evaluate(async () => {
    const image = new Image();
    image.src = '/favicon.ico';
    await image.decode();
    return image.naturalWidth;
  });
  expect(drawn).toBeGreaterThanOrEqual(16);
});
