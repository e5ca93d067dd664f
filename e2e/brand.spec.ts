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
