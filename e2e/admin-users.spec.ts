import { type Locator, type Page, expect, test } from '@playwright/test';
import { E2E_API, signIn } from './support';

/**
 * The admin Users screen end to end, as the demo admin, on the real API. The e2e database is shared by
 * every spec of a run, so the users made here carry a run suffix.
 */
const RUN = Date.now().toString(36).slice(-5);
const PAGER = `E2E Pager ${RUN}`;
/** With the 9 demo users, more than one page of 20. */
const PAGER_USERS = 12;

const ADDED = {
  name: `E2E Added ${RUN}`,
  email: `e2e.added.${RUN}@example.com`,
  username: `e2e.added.${RUN}`,
};

const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

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
    { apiUrl: E2E_API, prefix: PAGER, count },
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

  test('sorts on the server by a column header, kept in the URL', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/users?search=${encodeURIComponent(PAGER.toLowerCase())}`);
    await expect(rows(page)).toHaveCount(PAGER_USERS);
    const joined = page.getByRole('columnheader', { name: 'Joined' });
    await expect(joined).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toContainText(`${PAGER} ${PAGER_USERS - 1}`);

    const name = page.getByRole('columnheader', { name: 'Name' });
    await name.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(joined).not.toHaveAttribute('aria-sort');
    // By name: '… 0', '… 1', '… 10', '… 11', '… 2', …
    await expect(rows(page).first()).toContainText(`${PAGER} 0`);
    await expect(rows(page).nth(2)).toContainText(`${PAGER} 10`);
    // The keyboard: Enter on the header's button turns the order round.
    await name.getByRole('button').press('Enter');
    await expect(page).toHaveURL(/sort=name&order=desc/);
    await expect(rows(page).first()).toContainText(`${PAGER} 9`);
  });

  test('390 px: each user is a card with its e-mail, date and actions on screen; Sort by replaces the headers', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', '/admin/users');
    await page.getByLabel('Search').fill(PAGER.toLowerCase());
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('article');
    await expect(cards).toHaveCount(PAGER_USERS);
    await expect(page.getByRole('table')).toHaveCount(0);

    // Nothing is wider than the screen, and a card's data and actions are all inside it.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const card = cards.first();
    for (const part of [
      card.getByText(/@example\.com$/),
      card.locator('time'),
      card.getByRole('button', { name: /^Edit / }),
      card.getByRole('button', { name: /^Delete / }),
    ]) {
      await part.scrollIntoViewIfNeeded();
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await card.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await page.getByLabel('Sort by').selectOption({ label: 'Name (ascending)' });
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await expect(cards.first()).toContainText(`${PAGER} 0`);
  });

  test('between a phone and a desktop the table scrolls inside its region, by keyboard too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await signIn(page, 'admin', '/admin/users');
    const region = page.getByRole('region', { name: 'Users' });
    await expect(rows(page).first()).toBeVisible();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('add, edit and delete a user', async ({ page }) => {
    test.slow(); // three dialogs and five round trips
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('Name is required', { exact: true })).toBeVisible();
    await add.getByLabel(/^Name/).fill(ADDED.name);
    await add.getByLabel(/^Email/).fill(ADDED.email);
    await add.getByLabel(/^Username/).fill(ADDED.username);
    await add.getByLabel(/^Password/).fill('e2e-secret');
    await add.getByLabel(/^Mobile/).fill('+91 90000 12345');
    await expect(add.getByLabel(/^Role/)).toHaveValue('2');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'User added successfully')).toBeVisible();
    await expect(add).toBeHidden();

    await page.getByLabel('Search').fill(ADDED.email);
    const row = rows(page).filter({ hasText: ADDED.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Owner');

    // a taken e-mail is refused with a clear message
    await page.getByRole('button', { name: 'Add User' }).click();
    await add.getByLabel(/^Name/).fill('Someone');
    await add.getByLabel(/^Email/).fill(ADDED.email.toUpperCase());
    await add.getByLabel(/^Username/).fill(`other.${RUN}`);
    await add.getByLabel(/^Password/).fill('e2e-secret');
    await add.getByLabel(/^Mobile/).fill('+91 90000 12345');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert')).toHaveText('A user with this email already exists');
    await add.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Edit ${ADDED.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel(/^Name/).fill(`${ADDED.name} Renamed`);
    await edit.getByLabel(/^Role/).selectOption({ label: 'Electrician' });
    await edit.getByLabel(/^Status/).selectOption({ label: 'Inactive' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    const edited = rows(page).filter({ hasText: `${ADDED.name} Renamed` });
    await expect(edited).toContainText('Electrician');
    await expect(edited.getByText('Inactive')).toBeVisible();

    await edited.getByRole('button', { name: `Delete ${ADDED.name} Renamed` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
  });
});
