import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, axeFindings, fillLogin, signIn } from './support';

/**
 * The admin dashboard and activity screens on the real API, as the demo admin. A refused sign-in made
 * here (wrong password for the demo electrician) must show up in the activity log.
 */
test.describe.configure({ mode: 'serial' });

test.describe('admin dashboard and activity', () => {
  test('dashboard: totals, system health checks, recent activity and quick actions', async ({ page }) => {
    await signIn(page, 'admin');
    const overview = page.getByRole('region', { name: 'Overview' });
    for (const label of ['Total Users', 'Total Devices', 'Active Sessions', 'System Health']) {
      await expect(overview.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(overview.getByText(/^\d+%$/)).toBeVisible();

    const health = page.getByRole('region', { name: 'System health' });
    for (const check of ['Database latency', 'Devices online', 'Server errors (last hour)']) {
      await expect(health.getByText(check, { exact: true })).toBeVisible();
    }
    const recent = page.getByRole('region', { name: 'Recent activity' });
    await expect(recent.getByText(/signed in/).first()).toBeVisible();

    await page.getByRole('link', { name: /Manage Users/ }).click();
    await expect(page).toHaveURL('/admin/users');
    expect(await axeFindings(page)).toEqual([]);
  });

  test('activity: a refused sign-in is recorded, filters live in the URL, details show the entry', async ({
    page,
    browser,
  }) => {
    // Someone types a wrong password for the electrician, in another browser context.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto('/login');
    await fillLogin(stranger, DEMO_USERS.electrician.email, `${DEMO_PASSWORD}-wrong`);
    await expect(stranger.getByText('Invalid email or password').first()).toBeVisible();
    await other.close();

    await signIn(page, 'admin', '/admin/activity');
    await page.getByLabel('Action').selectOption('auth.sign_in_failed');
    await expect(page).toHaveURL(/action=auth\.sign_in_failed/);
    const feed = page.getByRole('region', { name: 'Activity' });
    const item = feed.getByText(`Someone failed to sign in as ${DEMO_USERS.electrician.email}`).first();
    await expect(item).toBeVisible();
    await item.click();
    await expect(feed.getByText('Request', { exact: true }).first()).toBeVisible();

    // Reloading keeps the filter; clearing it shows everything again.
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('auth.sign_in_failed');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(feed.getByText(/signed in/).first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('activity at 390 px: filters and entries fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', '/admin/activity');
    await expect(
      page
        .getByRole('region', { name: 'Activity' })
        .getByText(/signed in/)
        .first(),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
