import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { demoDeviceSecret } from '../apps/server/src/device-plane/credentials';
import { E2E_JWT_SECRET, e2eMqttPort } from './settings';
import { DEMO_USERS, apiSignIn, apiUrl, signIn } from './support';

/**
 * Devices that are really connected (issue 13), as the demo owner: the demo devices run in the simulator
 * inside the server; one device in five is offline. A device that connects with its credentials comes
 * Online, and goes Offline when it disappears; a sensor's air-quality chart draws its readings.
 */

interface OwnerDevice {
  _id: string;
  name: string;
  type: string;
  serial_number: string;
  is_connected: boolean;
}

test('an offline demo device connects with its credentials (Online), then vanishes (Offline)', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const api = await apiUrl(page);
  const token = await apiSignIn(request, api, DEMO_USERS.owner.email);
  const list = await request.get(`${api}/api/devices?page_size=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const offline = ((await list.json()) as { devices: OwnerDevice[] }).devices.find((d) => !d.is_connected);
  expect(offline, 'the demo owner has an offline device').toBeDefined();

  await signIn(page, 'owner', '/owner/devices');
  const card = page.getByRole('article', { name: offline!.name, exact: true });
  await expect(card.getByText('Offline')).toBeVisible();

  const port = e2eMqttPort(Number(new URL(api).port));
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: offline!._id,
    username: offline!._id,
    password: demoDeviceSecret(E2E_JWT_SECRET, offline!.serial_number),
    reconnectPeriod: 0,
  });
  // The broker's presence reaches the database a moment after the connection: reload until it shows. Each
  // reload gets time to fetch and draw the list (a shorter wait failed every reload on a busy CI machine).
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('Online')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });

  device.end(true); // gone without a goodbye: the broker notices, the card says so
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('Offline')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
});

test('a sensor shows its air quality (AQI band in words) and its chart draws the readings', async ({
  page,
}) => {
  await signIn(page, 'owner', '/owner/devices?type=skywalker');
  const sensor = page.getByRole('article').filter({ hasText: 'Online' }).first();
  await expect(sensor.getByText(/AQI \d+ · PM2\.5 \d+ µg\/m³/)).toBeVisible();
  await sensor.getByRole('button', { name: /^Air quality chart of / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('air-quality-chart').locator('canvas').first()).toBeVisible();
  // With no hover the legend shows the latest reading, not dashes (issue 30).
  await expect(dialog.locator('.u-legend .u-series').nth(1).locator('.u-value')).toHaveText(/^\d+(\.\d+)?$/);
  await expect(dialog.getByText(/^PM2\.5 over the last 24 hours: average \d+/)).toBeVisible();
  await dialog.getByRole('button', { name: '7 days' }).click();
  await expect(dialog.getByText(/^PM2\.5 over the last 7 days: average \d+/)).toBeVisible();
});

test('the owner dashboard shows the air of each room that has a sensor', async ({ page }) => {
  await signIn(page, 'owner');
  const air = page.getByRole('region', { name: 'Air quality' });
  await expect(air.getByText(/AQI \d+ · PM2\.5 \d+ µg\/m³/).first()).toBeVisible();
  await expect(air.getByText(/^(Good|Satisfactory|Moderate|Poor|Very Poor|Severe)$/).first()).toBeVisible();
});
