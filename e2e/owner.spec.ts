import { type Locator, type Page, expect, test } from '@playwright/test';
import { allowTime, DEMO_PASSWORD, axeFindings, fillLogin, signIn } from './support';

/**
 * The owner area end to end, as the demo owner, on the real API. The e2e database is shared by every
 * spec of a run, so names carry a run suffix, the room made here is deleted again, and the password
 * change uses another seeded owner and is changed back at the end.
 */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const DEVICE = `E2E Purifier ${RUN}`;
const SERIAL = `E2E-ISC-${RUN}`;
const ROOM = `E2E Study ${RUN}`;
const ROOM_RENAMED = `E2E Library ${RUN}`;

/** A seeded owner nobody else signs in as (see apps/server/src/demo/data.ts). */
const PASSWORD_OWNER = { email: 'vikram.joshi@isaac.demo', name: 'Vikram Joshi' };
const NEW_PASSWORD = `new-pass-${RUN}`;

const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL('/owner/dashboard');
}

test.describe.configure({ mode: 'serial' });

test.describe('owner area', () => {
  test('dashboard: counts, quick actions, recent devices and rooms', async ({ page }) => {
    await signIn(page, 'owner');
    const overview = page.getByRole('region', { name: 'Overview' });
    for (const label of ['Total Devices', 'Lumos Devices', 'ISAAC Devices', 'Rooms']) {
      await expect(overview.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(overview.getByText(/^\d+$/)).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Recent devices' })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent devices' }).getByRole('listitem');
    await expect(recent.first()).toBeVisible();
    expect(await recent.count()).toBeLessThanOrEqual(6);
    await page.getByRole('link', { name: /Manage Rooms/ }).click();
    await expect(page).toHaveURL('/owner/rooms');
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
  });

  test('adds a device, refuses a duplicate serial, toggles it and checks for updates', async ({ page }) => {
    await signIn(page, 'owner');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL('/owner/devices');

    await page.getByRole('button', { name: 'Add Device' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByRole('button', { name: 'Add Device' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(DEVICE);
    await expect(dialog.getByLabel('Type')).toHaveValue('isaac');
    await dialog.getByLabel('Model').fill('ISAAC Air Purifier');
    await dialog.getByLabel('Serial number').fill(SERIAL);
    await dialog.getByRole('button', { name: 'Add Device' }).click();
    await expect(toast(page, 'Device added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const device = card(page, DEVICE);
    await expect(device).toBeVisible();
    await expect(device.getByText('Not in a room')).toBeVisible();

    // The serial number is unique: the server's 409 shows on the field.
    await page.getByRole('button', { name: 'Add Device' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Device' });
    await dialog.getByLabel('Name').fill(`${DEVICE} copy`);
    await dialog.getByLabel('Model').fill('ISAAC Air Purifier');
    await dialog.getByLabel('Serial number').fill(SERIAL);
    await dialog.getByRole('button', { name: 'Add Device' }).click();
    await expect(dialog.getByText('A device with this serial number already exists')).toBeVisible();
    await expect(dialog.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A device just added has not connected yet: it is Offline, and a command says so (nothing changes).
    await expect(device.getByText('Offline')).toBeVisible();
    await device.getByRole('button', { name: 'Turn On' }).click();
    await expect(toast(page, 'Device is offline')).toBeVisible();
    await expect(device.getByRole('button', { name: 'Turn On' })).toBeVisible();

    // An online purifier (a simulated device) acknowledges: Turn On / Turn Off follow the state it reports.
    const online = page
      .getByRole('article')
      .filter({ hasText: 'Online' })
      .filter({ hasText: 'ISAAC Air Purifier' })
      .first();
    const name = (await online.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const action = await online.getByRole('button', { name: /^Turn (On|Off)$/ }).textContent();
    const other = action?.includes('On') ? 'Turn Off' : 'Turn On';
    await online.getByRole('button', { name: /^Turn (On|Off)$/ }).click();
    await expect(card(page, name).getByRole('button', { name: other })).toBeVisible();
    await expect(toast(page, 'Device toggled successfully')).toBeVisible();
    await page.reload();
    await expect(card(page, name).getByRole('button', { name: other })).toBeVisible();

    // A new purifier reports its factory firmware, older than the newest stored release.
    await card(page, DEVICE).getByRole('button', { name: 'Check for Updates' }).click();
    await expect(toast(page, /Update available: 1\.0\.0 → \d+\.\d+\.\d+|Device is up to date/)).toBeVisible();
  });

  test('toggles one gang of a Lumos switch, filtered by type in the URL', async ({ page }) => {
    await signIn(page, 'owner', '/owner/devices');
    await page.getByLabel('Type').selectOption('lumos');
    await expect(page).toHaveURL('/owner/devices?type=lumos');
    // The grid sorts on the server from its Sort by menu, kept beside the filter.
    await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' });
    await expect(page).toHaveURL('/owner/devices?type=lumos&sort=name&order=asc');
    // (the server compares lower-cased names; the previous order shows until the sorted page arrives)
    const headings = page.getByRole('list', { name: 'Devices' }).getByRole('heading');
    await expect
      .poll(async () => {
        const lower = (await headings.allTextContents()).map((name) => name.toLowerCase());
        return lower.length > 1 && lower.join('|') === [...lower].sort().join('|');
      })
      .toBe(true);
    const lumos = page.getByRole('article').filter({ has: page.getByRole('switch', { name: 'Switch 2' }) });
    const sw = lumos.first();
    const gang = sw.getByRole('switch', { name: 'Switch 2' });
    const before = await gang.getAttribute('aria-checked');
    const after = before === 'true' ? 'false' : 'true';
    await gang.click();
    await expect(gang).toHaveAttribute('aria-checked', after);
    await expect(toast(page, 'Device toggled successfully')).toBeVisible();
    // The server kept it: a fresh load shows the same state.
    await page.reload();
    await expect(
      page
        .getByRole('article')
        .filter({ has: page.getByRole('switch', { name: 'Switch 2' }) })
        .first()
        .getByRole('switch', { name: 'Switch 2' }),
    ).toHaveAttribute('aria-checked', after);
    // Keyboard: Space toggles the focused switch back.
    const again = page
      .getByRole('article')
      .filter({ has: page.getByRole('switch', { name: 'Switch 2' }) })
      .first()
      .getByRole('switch', { name: 'Switch 2' });
    await again.focus();
    await page.keyboard.press('Space');
    await expect(again).toHaveAttribute('aria-checked', before ?? 'false');
  });

  test('names a switch of a Lumos device in its settings; the card and voice use the name', async ({
    page,
  }) => {
    await signIn(page, 'owner', '/owner/devices?type=lumos');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('switch', { name: 'Switch 1' }) })
      .first();
    const deviceName = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    await card.getByRole('button', { name: /Settings/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Switch 1').fill('');
    await dialog.getByRole('button', { name: 'Save the name of switch 1' }).click();
    await expect(dialog.getByText('Switch name is required')).toBeVisible();
    await dialog.getByLabel('Switch 1').fill('Ceiling light');
    await dialog.getByRole('button', { name: 'Save the name of switch 1' }).click();
    await expect(toast(page, 'Switch renamed')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    const renamed = page.getByRole('article').filter({ hasText: deviceName }).first();
    await expect(renamed.getByRole('switch', { name: 'Ceiling light' })).toBeVisible();
  });
  test('creates a room, assigns and unassigns a device, edits and deletes the room', async ({ page }) => {
    await signIn(page, 'owner', '/owner/rooms');
    await page.getByRole('button', { name: 'Add Room' }).click();
    const add = page.getByRole('dialog', { name: 'Add Room' });
    await expect(add.getByLabel('Room type')).toHaveValue('bedroom');
    await add.getByRole('button', { name: 'Create Room' }).click();
    await expect(add.getByText('Room name is required')).toBeVisible();
    await add.getByLabel('Room name').fill(ROOM);
    await add.getByLabel('Room type').selectOption('office');
    await add.getByRole('button', { name: 'Create Room' }).click();
    await expect(toast(page, 'Room created successfully')).toBeVisible();
    const room = card(page, ROOM);
    await expect(room).toBeVisible();
    await expect(room.getByText('Office', { exact: true })).toBeVisible();
    await expect(room.getByText('No devices', { exact: true })).toBeVisible();

    // Assign: the button waits for a room to be chosen.
    await page.goto('/owner/devices');
    await card(page, DEVICE)
      .getByRole('button', { name: `Settings for ${DEVICE}` })
      .click();
    let settings = page.getByRole('dialog', { name: `${DEVICE} settings` });
    await expect(settings.getByRole('button', { name: 'Assign' })).toBeDisabled();
    await expect(settings.getByText('Please select a room')).toBeVisible();
    await settings.getByLabel('Assign to room').selectOption({ label: ROOM });
    await settings.getByRole('button', { name: 'Assign' }).click();
    await expect(toast(page, 'Device assigned to room successfully')).toBeVisible();
    await expect(settings).toBeHidden();
    await expect(card(page, DEVICE).getByText(ROOM)).toBeVisible();

    // View Devices shows the room's devices.
    await page.goto('/owner/rooms');
    await expect(card(page, ROOM).getByText('1 device')).toBeVisible();
    await card(page, ROOM).getByRole('link', { name: 'View Devices' }).click();
    await expect(page).toHaveURL(/\/owner\/devices\?room_id=/);
    await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue(/.+/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, DEVICE)).toBeVisible();

    // Unassign.
    await card(page, DEVICE)
      .getByRole('button', { name: `Settings for ${DEVICE}` })
      .click();
    settings = page.getByRole('dialog', { name: `${DEVICE} settings` });
    await expect(settings.getByText(ROOM)).toBeVisible();
    await settings.getByRole('button', { name: 'Unassign' }).click();
    await expect(toast(page, 'Device unassigned from room successfully')).toBeVisible();
    await expect(page.getByText('No devices found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'Not in a room' });
    await expect(card(page, DEVICE)).toBeVisible();
    await expect(card(page, DEVICE).getByText('Not in a room')).toBeVisible();

    // Edit renames and retypes.
    await page.goto('/owner/rooms');
    await card(page, ROOM).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Room' });
    await expect(edit.getByLabel('Room name')).toHaveValue(ROOM);
    await edit.getByLabel('Room name').fill(ROOM_RENAMED);
    await edit.getByLabel('Room type').selectOption('other');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Room updated successfully')).toBeVisible();
    await expect(card(page, ROOM_RENAMED).getByText('Other', { exact: true })).toBeVisible();

    // Delete asks first and says the devices stay.
    await card(page, ROOM_RENAMED).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete room' });
    await expect(confirm).toContainText(ROOM_RENAMED);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, ROOM_RENAMED)).toBeVisible();
    await card(page, ROOM_RENAMED).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete room' })
      .getByRole('button', { name: 'Delete Room' })
      .click();
    await expect(toast(page, 'Room deleted successfully')).toBeVisible();
    await expect(card(page, ROOM_RENAMED)).toBeHidden();
  });

  test('settings: profile, sessions, and a password change that needs the new password', async ({
    page,
    browser,
  }) => {
    // Four sign-ins and two password changes (argon2 each): slow on a busy machine.
    allowTime(90_000);
    await signInAs(page, PASSWORD_OWNER.email, DEMO_PASSWORD);
    // A second sign-in elsewhere: the password change must end it.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInAs(other, PASSWORD_OWNER.email, DEMO_PASSWORD);

    await page.goto('/owner/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(PASSWORD_OWNER.email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

    // Profile: the new name shows in the sidebar at once.
    await page.getByLabel('Name').fill(`${PASSWORD_OWNER.name} E2E`);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(page.getByTestId('shell-user-name')).toHaveText(`${PASSWORD_OWNER.name} E2E`);
    await page.getByLabel('Name').fill(PASSWORD_OWNER.name);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByTestId('shell-user-name')).toHaveText(PASSWORD_OWNER.name);

    // Sessions: this device is marked, the other one can be ended.
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await expect(sessions.getByRole('button', { name: /End session/ }).first()).toBeVisible();

    // Password: confirmation must match, then the change ends every other session.
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
    await expect(page.getByText(/Your other sessions have been signed out/).first()).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The other browser was signed out.
    await other.goto('/owner/devices');
    await expect(other).toHaveURL('/login');
    await otherContext.close();

    // Sign out and in again: the old password no longer works, the new one does.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await fillLogin(page, PASSWORD_OWNER.email, DEMO_PASSWORD);
    await expect(page).toHaveURL('/login');
    await signInAs(page, PASSWORD_OWNER.email, NEW_PASSWORD);

    // Put the demo password back for later runs and other specs.
    await page.goto('/owner/settings');
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
  });

  test('390 px: the drawer opens the pages and the card grid is usable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'owner');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL('/owner/devices');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    // An online device (a simulated one acknowledges the commands).
    const first = page.getByRole('article').filter({ hasText: 'Online' }).first();
    await expect(first).toBeVisible();
    const power = first.getByRole('button', { name: /^Turn (On|Off)$/ });
    const label = (await power.textContent())?.trim();
    await power.click();
    await expect(
      first.getByRole('button', { name: label === 'Turn On' ? 'Turn Off' : 'Turn On' }),
    ).toBeVisible();
    await first.getByRole('button', { name: /^Turn (On|Off)$/ }).click();
    await expect(first.getByRole('button', { name: label ?? 'Turn On' })).toBeVisible();

    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rooms' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Room' });
    await expect(dialog.getByLabel('Room name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('the owner pages and dialogs have no serious or critical axe-core violations', async ({ page }) => {
    allowTime(60_000);
    await signIn(page, 'owner');
    for (const path of ['/owner/dashboard', '/owner/devices', '/owner/rooms', '/owner/settings']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      expect({ path, findings: await axeFindings(page) }).toEqual({ path, findings: [] });
    }
    await page.goto('/owner/devices');
    await page
      .getByRole('button', { name: /^Settings for / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });
});
