import { type Locator, type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The admin Devices and Electricians screens end to end, as the demo admin, on the real API: search and
 * filter devices, bulk-assign devices to an electrician, assign (move) a customer with a date, and see
 * the electricians' counts change; then a pass at 390 px.
 */
const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

const electricianRow = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: 'Electricians table' }).getByRole('row', { name: new RegExp(name) });

/** An electrician's Customers and Devices counts, as the table shows them. */
async function countsOf(page: Page, name: string): Promise<{ customers: number; devices: number }> {
  const cells = electricianRow(page, name).getByRole('cell');
  await expect(cells.nth(1)).toHaveText(/^\d+$/);
  return {
    customers: Number(await cells.nth(1).textContent()),
    devices: Number(await cells.nth(2).textContent()),
  };
}

/** `YYYY-MM-DD` a week from now in India (the business's time zone). */
function nextWeek(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() + 7 * 86_400_000);
}

test.describe.configure({ mode: 'serial' });

test.describe('admin devices and electrician assignments', () => {
  test('devices: stat cards, search and filters kept in the URL', async ({ page }) => {
    await signIn(page, 'admin', '/admin/devices');
    const stats = page.getByRole('region', { name: 'Device statistics' });
    for (const label of ['Total Devices', 'Online', 'Offline', 'Device Types']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    const table = page.getByRole('region', { name: 'Devices table' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill('priya');
    await expect(page).toHaveURL(/search=priya/);
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows.first()).toContainText('Priya Sharma');
    for (const row of await rows.all()) await expect(row).toContainText('Priya Sharma');

    await page.getByLabel('Status').selectOption('online');
    await expect(page).toHaveURL(/status=online/);
    await expect(page).toHaveURL(/search=priya/);
    await expect(table.getByText('Offline', { exact: true })).toHaveCount(0);

    // Sorted on the server by a column header, kept beside the filters.
    const device = table.getByRole('columnheader', { name: 'Device', exact: true });
    await device.getByRole('button').click();
    await expect(page).toHaveURL(/search=priya&status=online&sort=name&order=asc/);
    await expect(device).toHaveAttribute('aria-sort', 'ascending');
    // The sorted rows arrive after the header changes (the previous rows stay on screen until then).
    const shown = () => rows.getByRole('rowheader').allTextContents();
    const byName = (list: string[]) =>
      list.every((name, i) => i === 0 || list[i - 1]!.localeCompare(name) <= 0);
    await expect.poll(async () => byName(await shown())).toBe(true);
    const names = await shown();
    expect(names.length).toBeGreaterThan(0);

    // The URL restores the filters and the sort on reload.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('priya');
    await expect(page.getByLabel('Status')).toHaveValue('online');
    await expect(device).toHaveAttribute('aria-sort', 'ascending');
    expect(await rows.getByRole('rowheader').allTextContents()).toEqual(names);
  });

  test('bulk-assign devices to an electrician; the counts change', async ({ page }) => {
    await signIn(page, 'admin', '/admin/electricians');
    const before = await countsOf(page, 'Suresh Patil');

    await page.goto('/admin/devices?assignment=available');
    const table = page.getByRole('region', { name: 'Devices table' });
    const checkboxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
    await expect(checkboxes.first()).toBeVisible();
    // Two available devices not yet with Suresh Patil.
    const candidates = table.getByRole('row').filter({ hasNot: page.getByText('Suresh Patil') });
    const picked: string[] = [];
    for (const row of await candidates.all()) {
      const box = row.getByRole('checkbox', { name: /^Select (?!all)/ });
      if ((await box.count()) === 0) continue;
      await box.check();
      picked.push((await row.getByRole('rowheader').textContent()) ?? '');
      if (picked.length === 2) break;
    }
    expect(picked).toHaveLength(2);
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toContainText('2 selected');

    await page.getByRole('button', { name: 'Assign to electrician' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Devices' });
    await dialog.getByLabel(/Electrician/).selectOption({ label: 'Suresh Patil' });
    await dialog.getByRole('button', { name: 'Assign Devices' }).click();
    await expect(toast(page, 'Devices assigned successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toContainText('Select devices');

    await page.goto('/admin/electricians');
    await expect.poll(async () => (await countsOf(page, 'Suresh Patil')).devices).toBe(before.devices + 2);
  });

  test('assign a customer with a date: they move to the new electrician', async ({ page }) => {
    await signIn(page, 'admin', '/admin/electricians');
    const ravi = await countsOf(page, 'Ravi Kumar');
    const suresh = await countsOf(page, 'Suresh Patil');

    await page.getByRole('button', { name: 'Assign Customers', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Customers' });
    await dialog.getByRole('button', { name: 'Assign Customers' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please select electrician, customers, and installation date',
    );

    await dialog.getByLabel(/Electrician/).selectOption({ label: 'Suresh Patil' });
    await dialog.getByLabel('Find customers').fill('sneha');
    await dialog.getByRole('checkbox', { name: /Sneha Reddy/ }).check();
    // typed the Indian way, dd/mm/yyyy, whatever the browser's locale
    await dialog.getByLabel(/Installation date/).fill(nextWeek().split('-').reverse().join('/'));
    await dialog.getByRole('button', { name: 'Assign Customers' }).click();

    await expect(toast(page, 'Customers assigned successfully')).toBeVisible();
    await expect(toast(page, 'Sneha Reddy moved from Ravi Kumar')).toBeVisible();
    await expect
      .poll(async () => (await countsOf(page, 'Suresh Patil')).customers)
      .toBe(suresh.customers + 1);
    expect((await countsOf(page, 'Ravi Kumar')).customers).toBe(ravi.customers - 1);

    // Suresh's customers list shows her with the date.
    await electricianRow(page, 'Suresh Patil')
      .getByRole('button', { name: /Show customers of Suresh Patil/ })
      .click();
    const list = page.getByRole('list', { name: 'Customers of Suresh Patil' });
    await expect(list).toContainText('Sneha Reddy');
    // the date in words, the Indian way (not the raw YYYY-MM-DD)
    const [y, m, d] = nextWeek().split('-').map(Number);
    const inWords = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(list).toContainText(inWords);
    await expect(list).not.toContainText(nextWeek());
  });

  test('at 390 px: every row is a card, nothing is cut off, the actions stay reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    for (const [path, label] of [
      ['/admin/devices', 'Devices table'],
      ['/admin/electricians', 'Electricians table'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('list', { name: label }).getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    // Electricians: a card's counts and its actions (at its bottom) are on screen and work.
    const ravi = page.getByRole('article', { name: /Ravi Kumar/ });
    await expect(ravi.getByRole('definition').first()).toBeVisible();
    const assign = ravi.getByRole('button', { name: 'Assign devices to Ravi Kumar' });
    await assign.scrollIntoViewIfNeeded();
    await expect(assign).toBeInViewport();
    await assign.click();
    await expect(page.getByRole('dialog', { name: 'Assign Devices' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/admin/devices');
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    for (const name of ['Assign to electrician', 'Unassign from electrician', 'Unassign from owner']) {
      await toolbar.getByRole('button', { name }).scrollIntoViewIfNeeded();
      await expect(toolbar.getByRole('button', { name })).toBeInViewport();
    }
    // Each card starts with its checkbox; select-all (above the cards) is reachable by keyboard.
    const first = page.getByRole('list', { name: 'Devices table' }).getByRole('article').first();
    await expect(first.getByRole('checkbox')).toBeVisible();
    const selectAll = page.getByRole('checkbox', { name: 'Select all devices on this page' });
    await selectAll.focus();
    await page.keyboard.press('Space');
    await expect(toolbar).toContainText(/\d+ selected/);
    await expect(first.getByRole('checkbox')).toBeChecked();
  });
});
