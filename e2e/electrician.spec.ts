import type { Installation } from '@isaac/contract';
import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  allowTime,
  DEMO_PASSWORD,
  DEMO_USERS,
  apiSignIn,
  apiUrl,
  axeFindings,
  configureEveryDeviceWifi,
  drawSignature,
  fillLogin,
  signIn,
  testEveryDevice,
} from './support';

/**
 * The electrician area as the demo electrician (Ravi Kumar), on the real API and the demo data: the
 * dashboard and its connection test, configuring a device, a customer room with a device in it, and an
 * installation started, moved through phases and completed from the workflow. The e2e database is shared
 * by every spec of a run (admin-assignments moves Sneha Reddy away), so this uses Kavya Iyer and Rohan Gupta.
 */
const RUN = Date.now().toString(36).slice(-5);

const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

test('dashboard: the four figures, recent lists and a passing API connection test', async ({ page }) => {
  await signIn(page, 'electrician');
  await expect(page).toHaveURL('/electrician/dashboard');
  for (const label of ['Total Devices', 'Assigned Users', 'Total Installations', 'Active Sessions']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Recent installations' }).getByText('Kavya Iyer').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    page.getByText(/^Success — Connected: \d+ devices?, \d+ customers?, \d+ installations?$/),
  ).toBeVisible();
  await expect(page.getByText('Authentication: Signed in as Ravi Kumar')).toBeVisible();
});

test('every electrician screen has no serious or critical axe-core violations', async ({ page }) => {
  allowTime(90_000); // sign-in and an axe walk of every screen (over the default 30 s on a busy machine)
  await signIn(page, 'electrician');
  for (const path of [
    'dashboard',
    'devices',
    'users',
    'rooms',
    'installations',
    'customer-mode',
    'workflow',
    'install',
  ]) {
    await page.goto(`/electrician/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await axeFindings(page), path).toEqual([]);
  }
});

test('configures WiFi (both fields required) and pairs Bluetooth from Assigned Devices', async ({ page }) => {
  await signIn(page, 'electrician', '/electrician/devices');
  const row = page
    .getByRole('region', { name: 'Assigned devices' })
    .locator('tbody tr')
    .filter({ hasText: 'Kavya Iyer' })
    .first();
  await row.getByRole('button', { name: /Configure/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('WiFi SSID').fill(`Iyer-Home-${RUN}`);
  await dialog.getByRole('button', { name: 'Configure WiFi' }).click();
  await expect(dialog.getByText('WiFi SSID and password are required')).toBeVisible();
  await dialog.getByLabel('WiFi password', { exact: true }).fill('a-long-wifi-secret');
  await dialog.getByRole('button', { name: 'Configure WiFi' }).click();
  await expect(toast(page, 'Device configured successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Configured', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /Configure/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pair Bluetooth' }).click();
  await expect(row.getByText('Paired', { exact: true })).toBeVisible();
});

test("customer mode: create a room in a customer's home and assign a device to it", async ({ page }) => {
  await signIn(page, 'electrician', '/electrician/customer-mode');
  await page
    .getByRole('navigation', { name: 'Customers' })
    .getByRole('button', { name: /Kavya Iyer/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Kavya Iyer' })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Room' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Room' });
  await create.getByRole('button', { name: 'Create Room' }).click();
  await expect(create.getByText('Room name is required')).toBeVisible();
  const roomName = `Study ${RUN}`;
  await create.getByLabel('Room name').fill(roomName);
  await create.getByRole('button', { name: 'Create Room' }).click();
  await expect(toast(page, 'Room created successfully')).toBeVisible();

  await page
    .getByRole('button', { name: /^Assign to room/ })
    .first()
    .click();
  const assign = page.getByRole('dialog');
  await expect(assign.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
  await expect(assign.locator('p').filter({ hasText: 'Please select a room' })).toBeVisible();
  await assign.getByLabel('Room').selectOption({ label: roomName });
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(toast(page, 'Device assigned to room successfully')).toBeVisible();
  await expect(page.getByText(roomName).first()).toBeVisible();
});

test('an installation: Start from Assigned Customers, phases and Complete in the workflow (390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'electrician', '/electrician/users');
  // At 390 px each customer is a card, its action at the bottom.
  const cards = page.getByRole('list', { name: 'Assigned customers' });
  await cards
    .getByRole('article', { name: /Rohan Gupta/ })
    .getByRole('button', { name: 'Start installation for Rohan Gupta' })
    .click();
  await expect(toast(page, 'Installation started successfully')).toBeVisible();
  await expect(page).toHaveURL('/electrician/workflow');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const card = page.getByRole('article', { name: 'Rohan Gupta' });
  await expect(card.getByText('In progress', { exact: true })).toBeVisible();
  await expect(card.getByText(/^INST-\d{8}-\d{3}$|· INST-\d{8}-\d{3}/)).toBeVisible();
  await card.getByRole('button', { name: /Update Phase/ }).click();
  const phase = page.getByRole('dialog', { name: 'Update Installation Phase' });
  await phase.getByRole('button', { name: 'Update Phase' }).click();
  await expect(phase.getByText('Please choose a phase')).toBeVisible();
  await phase.getByLabel('Phase').selectOption({ label: 'Post-installation' });
  await phase.getByLabel('Notes (optional)').fill('Switches wired');
  await phase.getByRole('button', { name: 'Update Phase' }).click();
  await expect(toast(page, 'Installation phase updated')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');

  // one completion rule on every path (issue 30): a device without WiFi blocks it, and the dialog says which
  await card.getByRole('button', { name: /Complete/ }).click();
  let complete = page.getByRole('dialog', { name: 'Complete Installation' });
  await expect(complete.getByRole('alert')).toContainText(/Not configured yet: .*\(WiFi not set[,)]/);
  await expect(complete.getByRole('button', { name: 'Complete Installation' })).toBeDisabled();
  await complete.getByRole('button', { name: 'Cancel' }).click();
  const api = await apiUrl(page);
  const headers = { Authorization: `Bearer ${await apiSignIn(request, api, DEMO_USERS.electrician.email)}` };
  const mine = (await (
    await request.get(`${api}/electrician/installations?page=1&page_size=100`, { headers })
  ).json()) as { installations: Installation[] };
  const rohan = mine.installations.find(
    (i) => i.customer.name === 'Rohan Gupta' && i.status === 'in_progress',
  );
  const csrf = (await (await request.get(`${api}/auth/csrf-token`)).json()) as { csrf_token: string };
  for (const d of rohan!.devices.filter((d) => d.missing.includes('wifi'))) {
    const res = await request.post(`${api}/api/electrician/devices/${d.device_id}/configure`, {
      headers: { ...headers, 'X-CSRF-Token': csrf.csrf_token },
      data: { configuration_type: 'wifi', data: { ssid: 'Gupta-Home', password: 'gupta-wifi-pass' } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.reload();
  // WiFi set and online: each device still answers a test command before the installation completes
  await card.getByRole('button', { name: /Complete/ }).click();
  complete = page.getByRole('dialog', { name: 'Complete Installation' });
  await expect(complete.getByRole('alert')).toContainText(/no test command answered yet/);
  await expect(complete.getByRole('button', { name: 'Complete Installation' })).toBeDisabled();
  await testEveryDevice(complete);
  await expect(complete.getByRole('alert')).toHaveCount(0);
  await complete.getByLabel('Handover notes (optional)').fill('Remote and manuals handed over');
  await complete.getByLabel(/trained/).check();
  await complete.getByRole('button', { name: 'Complete Installation' }).click();
  await expect(toast(page, 'Installation completed successfully')).toBeVisible();
  await expect(card.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Remote and manuals handed over')).toBeVisible();

  // At 390 px each installation is a card: its status beside the customer, on screen.
  await page.goto('/electrician/installations');
  const installation = page
    .getByRole('list', { name: 'Installations' })
    .getByRole('article', { name: /Rohan Gupta/ })
    .first();
  await expect(installation.getByText('Completed')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a guided install at 390 px: devices by serial, configure, check, training, a drawn signature; the customer sees the record', async ({
  page,
  request,
}) => {
  // every step of a real install, each device answering its test command through the device plane
  allowTime(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'electrician');
  // a device of the electrician's stock (not in anyone's home yet)
  const api = await apiUrl(page);
  const token = await apiSignIn(request, api, DEMO_USERS.electrician.email);
  const list = await request.get(`${api}/electrician/devices?page=1&page_size=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const stock = (
    (await list.json()) as {
      devices: { device: { serial_number: string; is_connected: boolean }; customer: unknown }[];
    }
  ).devices.find((d) => d.customer === null && d.device.is_connected); // online: it can be configured
  expect(stock, 'the demo electrician has stock').toBeTruthy();

  await page.goto('/electrician/install');
  await page.getByRole('button', { name: /the installation for Vikram Joshi/ }).click();
  await expect(page.getByRole('heading', { name: 'Add devices' })).toBeVisible();
  await page.getByLabel('Serial number').fill(stock!.device.serial_number);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Device added to the installation')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'WiFi and Bluetooth' })).toBeVisible();

  // the stepper's names are on the screen, not only for screen readers
  const steps = page.getByRole('list', { name: 'Steps' });
  for (const name of ['Devices', 'Rooms', 'Configure', 'Check', 'Training', 'Signature', 'Handover'])
    await expect(steps.getByText(new RegExp(`^${name}`))).toBeVisible();

  // resumable: a reload comes back to the same step (kept on the server)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'WiFi and Bluetooth' })).toBeVisible();
  // the Check step names what is missing: Bluetooth alone is not configured
  await page
    .getByRole('button', { name: /^Configure/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pair Bluetooth' }).click();
  // pairing keeps the dialog open, WiFi comes next
  await expect(dialog.getByText('Paired. Now give it the WiFi below.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Check' })).toBeVisible();
  await expect(page.getByText(/Not configured: WiFi not set/).first()).toBeVisible();
  await expect(page.getByText(/^Not ready: .*\(WiFi not set/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'WiFi and Bluetooth' })).toBeVisible();
  await configureEveryDeviceWifi(page, 'Joshi-Home-2.4G', 'joshi-wifi-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Check' })).toBeVisible();
  await testEveryDevice(page);
  await expect(page.getByText(/Not configured/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Customer training' })).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Confirm training' }).click();

  await expect(page.getByRole('heading', { name: "Customer's signature" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save signature' })).toBeDisabled();
  await drawSignature(page);
  // The phone turned: the canvas is sized again for its new width and the strokes drawn again, not
  // stretched (its pixels keep the on-screen proportions) and not lost.
  const viewport = page.viewportSize()!;
  const canvasShape = () =>
    page.getByRole('img', { name: 'Signature area, signed' }).evaluate((el: HTMLCanvasElement) => {
      const pixels = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
      let inked = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) inked += 1;
      return { onScreen: el.offsetWidth / el.offsetHeight, stored: el.width / el.height, inked };
    });
  await page.setViewportSize({ width: 844, height: 390 });
  await expect
    .poll(async () => {
      const shape = await canvasShape();
      return Math.abs(shape.onScreen - shape.stored) < 0.02 && shape.inked > 0;
    })
    .toBe(true);
  await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expect(toast(page, 'Signature saved')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Handover' })).toBeVisible();
  await page.getByLabel('Handover notes').fill('Manuals and remote with the family');
  await page.getByRole('button', { name: 'Complete installation' }).click();
  await expect(page.getByRole('heading', { name: 'Installation completed' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByText(/^INST-\d{8}-\d{3} · (\d+) of \1 devices configured$/)).toBeVisible();

  // the workflow card shows who signed, and the signature
  await page.goto('/electrician/workflow');
  const signedCard = page
    .getByRole('article', { name: 'Vikram Joshi' })
    .filter({ hasText: 'Manuals and remote' });
  await expect(signedCard.getByText(/^Vikram Joshi, /)).toBeVisible();
  await expect(signedCard.getByRole('img', { name: 'Signature of Vikram Joshi' })).toBeVisible();

  // the customer sees the new device and the record with the signature
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await fillLogin(page, 'vikram.joshi@isaac.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL('/owner/dashboard');
  const record = page
    .getByRole('article', { name: 'Installation by Ravi Kumar' })
    .filter({ hasText: 'Manuals and remote' });
  await expect(record.getByRole('img', { name: 'Signature of Vikram Joshi' })).toBeVisible();
  await page.goto('/owner/devices');
  await expect(page.getByText(stock!.device.serial_number).first()).toBeVisible();
});

test("the owner sees who may work in their home and revokes the electrician's access", async ({ page }) => {
  await signIn(page, 'owner', '/owner/settings');
  const section = page.getByRole('region', { name: 'Electricians with access' });
  const ravi = section.getByRole('listitem').filter({ hasText: 'Ravi Kumar' });
  await expect(ravi).toBeVisible();
  // the demo installation was completed more than the grace period ago
  await expect(ravi.getByText('Read-only')).toBeVisible();
  await ravi.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Electrician access revoked')).toBeVisible();
  await expect(section.getByText('No electrician has access to your home')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, 'electrician', '/electrician/users');
  await expect(
    page.getByRole('region', { name: 'Assigned customers' }).getByRole('row', { name: /Kavya Iyer/ }),
  ).toBeVisible();
  await expect(page.getByText('Priya Sharma')).toHaveCount(0);
});
