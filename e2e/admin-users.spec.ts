import { type Locator, type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The admin Users screen end to end, as the demo admin, on the real API. The e2e database is shared by
 * every spec of a run, so the users made here carry a run suffix.
 */
const RUN = Date.now().toString(36).slice(-5);
const PAGER = `E2E Pager ${RUN}`;
/** With the 9 demo users, more than one page of 20. */
const PAGER_USERS = 12;
const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;

const rows = (page: Page): Locator => page.getByRole('region', { name: 'Users' }).locator('tbody tr');

/** Adds users through the API with the signed-in admin's token and CSRF pair (as the web app sends them). */
async function addUsersThroughApi(page: Page, count: number): Promise<void> {
  const statuses = await page.evaluate(
    async ({ apiUrl, prefix, count }) => {
      const token = localStorage.getItem('isaac_auth_token') ?? '';
      const csrf = localStorage.getItem('csrf_token') ?? '';
      const out: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const key = `${prefix.toLowerCase().replaceAll(' ', '.')}.${i}`;
        const res = await fetch(`${apiUrl}/api/admin/users`, {
          method: 'POST',
          credentials: 'include',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            'X-CSRF-Token': csrf,
          },
          body: JSON.stringify({
            name: `${prefix} ${i}`,
            email: `${key}@example.com`,
            username: key,
            password: 'e2e-secret',
            mobile: '+91 90000 00000',
          }),
        });
        out.push(res.status);
      }
      return out;
    },
    { apiUrl: API_URL, prefix: PAGER, count },
  );
  expect(statuses).toEqual(Array.from({ length: count }, () => 201));
}

test.describe.configure({ mode: 'serial' });

test.describe('admin users', () => {
  test('search by part of a name in any case, role filter, and pages', async ({ page }) => {
    await signIn(page, 'admin');
    // Added before the screen loads (the screen's own changes refresh it; these come from elsewhere).
    await addUsersThroughApi(page, PAGER_USERS);
    await page.goto('/admin/users');
    await expect(rows(page).first()).toBeVisible();

    await page.getByLabel('Search').fill(`pager ${RUN.toUpperCase()}`);
    await expect(page).toHaveURL(new RegExp(`search=pager\\+${RUN.toUpperCase()}`));
    await expect(rows(page)).toHaveCount(PAGER_USERS);
    await expect(page.getByText(`${PAGER_USERS} users found`)).toBeVisible();
    await expect(rows(page).first()).toContainText(`${PAGER} ${PAGER_USERS - 1}`);
    await expect(rows(page).first().getByText('Active')).toBeVisible();

    // by part of the e-mail too
    await page.getByLabel('Search').fill(`${RUN}.3@EXAMPLE`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${PAGER} 3`);

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL('/admin/users');
    await page.getByLabel('Role').selectOption({ label: 'Admin' });
    await expect(page).toHaveURL('/admin/users?role=3');
    await expect(rows(page).filter({ hasText: 'admin@isaac.demo' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: PAGER })).toHaveCount(0);

    // the whole list is over 20 users now: the page buttons work
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    const pages = page.getByRole('navigation', { name: 'User pages' });
    await expect(pages.getByText(/^Showing 1–20 of \d+ users$/)).toBeVisible();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL('/admin/users?page=2');
    await expect(pages.getByText(/^Showing 21–\d+ of \d+ users$/)).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/admin/users');
  });

  test('390 px: filters, the table scrolls inside its region, actions stay reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(PAGER.toLowerCase());
    await expect(rows(page)).toHaveCount(PAGER_USERS);

    // The page itself never scrolls sideways; the table does, inside its region.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Users' });
    const scrollable = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrollable).toBe(true);

    // The actions column is pinned: the Edit button of a row is inside the screen without scrolling.
    const editButton = rows(page)
      .first()
      .getByRole('button', { name: /^Edit / });
    const box = await editButton.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await editButton.click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // Keyboard: the region takes focus and scrolls with the arrow keys.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
