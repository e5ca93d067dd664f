import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { allowTime, DEMO_PASSWORD, DEMO_USERS, apiUrl, fillLogin } from './support';

/**
 * A home's settings on a phone (issue 32): a new owner with no home creates one in London and a second one
 * (each becomes current; the switcher shows it), changes a home's time zone, is told why a home with a device
 * stays, and deletes the other after confirming — at 390 px, by keyboard-reachable controls.
 */

test.use({ viewport: { width: 390, height: 844 } });
allowTime(90_000);

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Bearer and CSRF headers of a person signed in to the API. */
async function apiHeaders(request: APIRequestContext, api: string, email: string, password: string) {
  const csrf = await request.get(`${api}/auth/csrf-token`);
  const { csrf_token: csrfToken } = (await csrf.json()) as { csrf_token: string };
  const login = await request.post(`${api}/auth/login`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email, password },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, 'X-CSRF-Token': csrfToken };
}

test('an owner creates two homes, changes a time zone, keeps the home with a device and deletes the other', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const api = await apiUrl(page);
  const stamp = Date.now();
  const email = `homes-${stamp}@owner.test`;
  const password = 'a-good-password';
  const admin = await apiHeaders(request, api, DEMO_USERS.admin.email, DEMO_PASSWORD);
  const made = await request.post(`${api}/api/admin/users`, {
    headers: admin,
    data: {
      name: 'Meera Menon',
      email,
      username: `homes-${stamp}`,
      password,
      mobile: '9876543210',
      role: 2,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await fillLogin(page, email, password);
  await expect(page).toHaveURL('/owner/dashboard');
  await page.goto('/owner/settings');
  const homes = page.getByRole('region', { name: 'Homes' });
  await expect(homes.getByText('No home yet')).toBeVisible();

  // The first home, in London.
  await homes.getByRole('button', { name: 'Create a home' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create a home' });
  await dialog.getByLabel('Home name').fill('Sea View');
  await dialog.getByLabel('Time zone').selectOption('Europe/London');
  await dialog.getByRole('button', { name: 'Create home' }).click();
  await expect(toast(page, 'Sea View created')).toBeVisible();
  const list = homes.getByRole('list', { name: 'Your homes' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Sea View' })).toContainText(
    'Time zone: Europe/London',
  );

  // A second one becomes current: the switcher shows it.
  await homes.getByRole('button', { name: 'Create a home' }).click();
  dialog = page.getByRole('dialog', { name: 'Create a home' });
  await dialog.getByLabel('Home name').fill('Parents’ flat');
  await expect(dialog.getByLabel('Time zone')).toHaveValue('Asia/Kolkata');
  await dialog.getByRole('button', { name: 'Create home' }).click();
  await expect(toast(page, 'Parents’ flat created')).toBeVisible();
  const switcher = page.getByLabel('Home', { exact: true });
  await expect(switcher.locator('option:checked')).toHaveText('Parents’ flat');

  // A device in Parents' flat (the current home).
  const owner = await apiHeaders(request, api, email, password);
  const device = await request.post(`${api}/api/devices`, {
    headers: owner,
    data: { name: 'Hall Purifier', model: 'ISAAC Air Purifier', serial_number: `HS-${stamp}`, type: 'isaac' },
  });
  expect(device.status(), await device.text()).toBe(201);

  // Sea View moves to Dubai's clock.
  await list.getByRole('button', { name: 'Edit Sea View' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit home' });
  await dialog.getByLabel('Time zone').selectOption('Asia/Dubai');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Home updated')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Sea View' })).toContainText(
    'Time zone: Asia/Dubai',
  );

  // The home with a device stays, and says why.
  await list.getByRole('button', { name: 'Delete Parents’ flat' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete home' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete home' }).click();
  await expect(toast(page, 'This home still has devices')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // The other goes, from the keyboard.
  await list.getByRole('button', { name: 'Delete Sea View' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Delete home' });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete home' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Sea View deleted')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Parents’ flat');
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
