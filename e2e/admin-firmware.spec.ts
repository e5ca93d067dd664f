import { type Device, type UpdateCheck } from '@isaac/contract';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { allowTime, DEMO_USERS, apiSignIn, apiUrl, esp32Image, signIn } from './support';

/**
 * Admin firmware (issue 10) end to end, as the demo admin on the real API: upload a firmware with
 * real progress, see it in the list, and the demo owner's update check (API) offers it; then delete it.
 * Versions carry a run number so that runs sharing a database never collide.
 */
const RUN = Number(Date.now().toString().slice(-6));
const VERSION = `50.${RUN}.0`;
const FILE = `skywalker-e2e-${RUN}.bin`;
/** Large enough for several progress events under the throttled upload below. */
const SIZE = 2 * 1024 * 1024;

const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

/** Records every aria-valuenow the upload progress bar shows (the bar lives only while uploading). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('admin firmware', () => {
  test('uploads a firmware with progress, lists it, and the owner update check offers it', async ({
    page,
    request,
  }) => {
    // Sign-in, a throttled 2 MB upload and the API checks: more than the default 30 s on a busy machine.
    allowTime(90_000);
    await signIn(page, 'admin', '/admin/devices');
    await page.getByRole('link', { name: 'Firmware' }).click();
    await expect(page).toHaveURL('/admin/devices/firmware');
    await expect(page.getByRole('heading', { level: 2, name: 'Firmware' })).toBeVisible();
    // The demo data has firmware for every type.
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('button', { name: 'Upload Firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Firmware' });
    await expect(dialog.getByLabel('Version')).toHaveValue('v1.1.0');

    // The browser refuses a wrong extension before sending anything.
    await dialog.getByLabel('Firmware file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not firmware'),
    });
    await expect(
      dialog.getByText('Invalid file type. Only .bin, .hex, .elf files are allowed'),
    ).toBeVisible();

    await dialog.getByLabel('Device type').selectOption('skywalker');
    await dialog.getByLabel('Version').fill(`v${VERSION}`);
    await dialog.getByLabel('Release notes').fill('E2E upload');
    await dialog.getByLabel('Firmware file').setInputFiles({
      name: FILE,
      mimeType: 'application/octet-stream',
      buffer: esp32Image(SIZE),
    });

    // A slow uplink (about 1 MB/s), so the upload takes long enough to report its progress.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await recordProgress(page);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('progressbar', { name: `Uploading ${FILE}` })).toBeVisible();

    await expect(
      toast(page, `Firmware ${FILE} (v${VERSION}, ${(SIZE / 1024).toFixed(1)} KB) uploaded successfully`),
    ).toBeVisible({
      timeout: 20_000,
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(dialog).toBeHidden();
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    // Real progress: several distinct values between 0 and 100, rising.
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const row = page
      .getByRole('table')
      .getByRole('row', { name: new RegExp(VERSION.replaceAll('.', '\\.')) });
    await expect(row).toContainText('SKYWALKER');
    await expect(row).toContainText(FILE);
    await expect(row).toContainText('2.0 MB');

    // A duplicate version for the type is refused by the server.
    await page.getByRole('button', { name: 'Upload Firmware' }).click();
    await dialog.getByLabel('Device type').selectOption('skywalker');
    await dialog.getByLabel('Version').fill(VERSION);
    await dialog.getByLabel('Firmware file').setInputFiles({
      name: 'again.bin',
      mimeType: 'application/octet-stream',
      buffer: esp32Image(1024),
    });
    await expect(dialog.getByText('again.bin · 1.0 KB')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const duplicate = `Firmware version ${VERSION} for skywalker already exists`;
    await expect(dialog.getByText(duplicate)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The demo owner's update check (API) offers the new version for a SKYWALKER device.
    const api = await apiUrl(page);
    const token = await apiSignIn(request, api, DEMO_USERS.owner.email);
    const headers = { Authorization: `Bearer ${token}` };
    const list = await request.get(`${api}/api/devices?type=skywalker&page_size=1`, { headers });
    expect(list.ok()).toBe(true);
    const [device] = ((await list.json()) as { devices: Device[] }).devices;
    if (!device) throw new Error('the demo owner has no SKYWALKER device');
    const csrf = await request.get(`${api}/auth/csrf-token`);
    const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
    const check = await request.post(`${api}/api/devices/${device._id}/check-updates`, {
      headers: { ...headers, 'X-CSRF-Token': csrfToken },
    });
    expect(check.ok()).toBe(true);
    expect((await check.json()) as UpdateCheck).toEqual({
      update_available: true,
      current_version: device.firmware_version,
      latest_version: VERSION,
    });

    // Withdrawn again (no device runs it): the list no longer has it.
    await row.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: 'Delete firmware' })
      .getByRole('button', { name: 'Delete Firmware' })
      .click();
    await expect(toast(page, 'Firmware deleted successfully')).toBeVisible();
    await expect(row).toBeHidden();
  });

  test('at 390 px every image is a card with its Delete action in view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', '/admin/devices/firmware');
    const cards = page.getByRole('list', { name: 'Uploaded firmware' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const remove = cards.first().getByRole('button', { name: /^Delete / });
    await expect(remove).toBeInViewport();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});
