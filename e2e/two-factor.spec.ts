import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { allowTime, DEMO_PASSWORD, DEMO_USERS, fillLogin, signIn } from './support';

/**
 * The code of an authenticator whose clock runs one 30-second step ahead: the server accepts the next step's
 * code too (±1 step, ADR 028), and it is newer than any code accepted so far, so no test waits for a step.
 */
const aheadCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test.describe('two-factor sign-in (TOTP)', () => {
  test('the demo admin enrols in settings, signs in with a generated code, makes new recovery codes, and turns it off', async ({
    page,
  }) => {
    allowTime(120_000);
    await signIn(page, 'admin', '/admin/settings');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    const setup = section.getByRole('form', { name: 'Set up two-factor sign-in' });
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // The authenticator app, played by otplib.
    const enrolCode = generateSync({ secret });
    await setup.getByLabel('Authentication code').fill(enrolCode);
    await setup.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const [recoveryCode = '', otherRecoveryCode = ''] = await codes.allTextContents();
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await expect(section.getByText(/Recovery codes left: 10/)).toBeVisible();

    // Sign out, then in: the password alone now asks for the code.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await fillLogin(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
    const codeField = page.getByLabel('Authentication code');
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();

    // A wrong code is refused and the step stays.
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert').first()).toContainText('Invalid or expired code');

    // The code used to turn it on cannot be used again (a code is accepted once per step)…
    await codeField.fill(enrolCode);
    const replay = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/auth/'));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    expect((await replay).ok()).toBe(false);
    await expect(page.getByRole('alert').first()).toContainText('Invalid or expired code');
    // …a newer step's code signs in.
    await codeField.fill(aheadCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(DEMO_USERS.admin.dashboard);

    // New recovery codes for the password and a recovery code (ADR 085): shown once, the old ones gone.
    await page.goto('/admin/settings');
    await section.getByRole('button', { name: 'New recovery codes' }).click();
    const renew = section.getByRole('form', { name: 'New recovery codes' });
    await renew.getByLabel('Password').fill(DEMO_PASSWORD);
    await renew.getByLabel('Code or recovery code').fill(recoveryCode);
    await renew.getByRole('button', { name: 'Make new codes' }).click();
    await expect(section.getByText(/The old recovery codes no longer work/)).toBeVisible();
    await expect(codes).toHaveCount(10);
    const newCodes = await codes.allTextContents();
    expect(newCodes.filter((code) => code === recoveryCode || code === otherRecoveryCode)).toEqual([]);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section.getByText(/Recovery codes left: 10/)).toBeVisible();
    // The bell tells of it (a security notice, written with the new codes), linking to these settings.
    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    // The newest first (a retry of this test on the same server finds the earlier attempt's too).
    const notice = page.getByRole('link', { name: /New recovery codes were made/ }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('href', /\/admin\/settings/);
    await page.keyboard.press('Escape');

    // Turn it off again with the password and a recovery code (the demo admin signs in as before): an old
    // one is refused, a new one works.
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    const off = section.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await off.getByLabel('Password').fill(DEMO_PASSWORD);
    await off.getByLabel('Code or recovery code').fill(otherRecoveryCode);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off.getByRole('alert')).toContainText('recovery code');
    await off.getByLabel('Code or recovery code').fill(newCodes[0] ?? '');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });
});
