import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The admin Reports screen end to end, as the demo admin, on the real API and the demo seed (which has
 * eight weeks of storefront orders and installations of the last two weeks, apps/server/src/demo/data.ts).
 * Other specs may add orders in the same run, so totals are checked to be there, not to be a number.
 */
const figure = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The first whole number after `label` in a chart's text summary ("Paid orders: 18 in total."). */
async function total(region: Locator, label: string): Promise<number> {
  const text = (await region.locator('figcaption').textContent()) ?? '';
  const match = new RegExp(`${label}: ₹?([\\d,]+) in total`).exec(text);
  return match ? Number(match[1]?.replace(/,/g, '')) : Number.NaN;
}

test.describe('admin reports', () => {
  test('charts of the demo data, a data table, range changes and a CSV download', async ({ page }) => {
    await signIn(page, 'admin', '/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');

    // the demo seed's paid orders and installations are drawn (uPlot's canvas) and summed in words
    const orders = figure(page, 'Orders and revenue');
    await expect(orders.locator('.uplot canvas').first()).toBeVisible();
    expect(await total(orders, 'Paid orders')).toBeGreaterThan(0);
    expect(await total(orders, 'Revenue')).toBeGreaterThan(0);
    const installations = figure(page, 'Installations');
    await expect(installations.locator('.uplot canvas').first()).toBeVisible();
    expect(await total(installations, 'Started')).toBeGreaterThan(0);
    await expect(figure(page, 'Devices added').locator('.uplot canvas').first()).toBeVisible();
    await expect(page.getByText(/\d+ of \d+ devices \(history is not kept\)/)).toBeVisible();

    // the table alternative: one row per week of the range (13 or 14 weeks in 90 days) plus the header
    await orders.getByText('Show data table').click();
    const rows = orders.getByRole('table').getByRole('row');
    await expect(rows).not.toHaveCount(0);
    expect(await rows.count()).toBeGreaterThanOrEqual(14);

    // by day over the last 30 days: the URL keeps the choice
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByLabel('Group by').selectOption('day');
    await expect(page).toHaveURL('/admin/reports?range=30&bucket=day');
    await expect(page.getByText(/\(UTC\), by day/)).toBeVisible();
    // the table stays open while the range changes
    await expect(orders.locator('details')).toHaveAttribute('open', '');
    await expect(orders.getByRole('table').getByRole('row')).toHaveCount(31);
    expect(await total(orders, 'Paid orders')).toBeGreaterThan(0);

    // the CSV of the orders series, as the browser saves it
    const downloading = page.waitForEvent('download');
    await orders.getByRole('button', { name: 'Download Orders and revenue CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^isaac-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-day\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('bucket_start,paid_orders,revenue_paise,revenue_inr');
    expect(lines.filter((line) => /^\d{4}-\d{2}-\d{2},\d+,\d+,\d+\.\d{2}$/.test(line))).toHaveLength(30);
    expect(lines.slice(1, -1).some((line) => !line.startsWith(`${line.slice(0, 10)},0,`))).toBe(true);

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  });

  test('a custom range refused as the API would refuse it, then applied', async ({ page }) => {
    await signIn(page, 'admin', '/admin/reports');
    await page.getByRole('button', { name: 'Custom' }).click();
    const form = page.getByRole('form', { name: 'Custom date range' });
    await form.getByLabel('From').fill('2026-03-10');
    await form.getByLabel('To').fill('2026-03-01');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText('The start date must be on or before the end date')).toBeVisible();
    await form.getByLabel('To').fill('2026-03-16');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/admin/reports?range=custom&from=2026-03-10&to=2026-03-16&bucket=week');
    await expect(page.getByText('10 Mar 2026 – 16 Mar 2026 (UTC), by week')).toBeVisible();
  });

  test('390 px: the controls and charts fit, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', '/admin/reports');
    const orders = figure(page, 'Orders and revenue');
    await expect(orders.locator('.uplot canvas').first()).toBeVisible();
    const box = await orders.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await expect(orders.getByRole('button', { name: 'Download Orders and revenue CSV' })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('chart legends (issue 30)', () => {
  test('show the latest values without hovering, and a tap on a touch screen selects a point', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, 'admin', '/admin/reports');
    const orders = figure(page, 'Orders and revenue');
    const chart = orders.locator('.uplot');
    await expect(chart.locator('canvas').first()).toBeVisible();
    // The legend's first value is the x of the point it shows; none of its values is a dash.
    const values = chart.locator('.u-legend .u-value');
    await expect(values.first()).not.toHaveText(/^[–-]?$/);
    const latest = (await values.allTextContents()).map((v) => v.trim());
    expect(latest.every((v) => v !== '' && v !== '–' && v !== '--')).toBe(true);

    // A tap near the left edge of the plot selects an earlier point: the legend follows it.
    const over = chart.locator('.u-over');
    const box = (await over.boundingBox())!;
    await over.tap({ position: { x: Math.max(4, box.width * 0.1), y: box.height / 2 } });
    await expect(values.first()).not.toHaveText(latest[0]!);
    await expect(values.first()).not.toHaveText(/^[–-]?$/);
    await context.close();
  });
});
