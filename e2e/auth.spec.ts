import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole, fillLogin, signInThroughLogin } from './support';

test.describe('sign-in', () => {
  for (const role of Object.keys(DEMO_USERS) as DemoRole[]) {
    test(`the ${role} demo account lands on its dashboard`, async ({ page }) => {
      const { email, dashboard } = DEMO_USERS[role];
      await page.goto('/login');
      await fillLogin(page, email, DEMO_PASSWORD);
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page).toHaveURL(dashboard);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  }

  test('shows the demo accounts because the server runs in demo mode', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
    await page.getByRole('button', { name: 'Use the owner demo account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/owner/dashboard');
  });

  test('signs in from a page opened at 127.0.0.1 while the API is configured as localhost', async ({
    page,
    baseURL,
  }) => {
    // playwright.config.ts serves the web at localhost and sets PUBLIC_API_URL=http://localhost:<port>.
    const web = new URL(baseURL ?? '');
    web.hostname = '127.0.0.1';
    const apiHosts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.port !== web.port) apiHosts.add(url.hostname);
    });
    await page.goto(new URL('/login', web).toString());
    await fillLogin(page, DEMO_USERS.owner.email, DEMO_PASSWORD);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(new URL(DEMO_USERS.owner.dashboard, web).toString());
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The API was called under the page's own name: same site, so the CSRF cookie went with the sign-in.
    expect([...apiHosts]).toEqual(['127.0.0.1']);
  });

  test('validation messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('wrong credentials keep the visitor on /login with a message', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, DEMO_USERS.owner.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('an already signed-in visitor of /login goes to the dashboard', async ({ page }) => {
    await signInThroughLogin(page, 'admin');
    await page.goto('/login');
    await expect(page).toHaveURL('/admin/dashboard');
  });
});

test.describe('route guard', () => {
  test('nobody signed in: a back-office URL goes to /login', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/login');
    await page.goto('/owner/devices');
    await expect(page).toHaveURL('/login');
  });

  test('a wrong-role URL goes to the own dashboard (owner → /admin/users)', async ({ page }) => {
    await signInThroughLogin(page, 'owner');
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/owner/dashboard');
  });

  test('an admin sent to /electrician lands on the admin dashboard', async ({ page }) => {
    await signInThroughLogin(page, 'admin');
    await page.goto('/electrician/installations');
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test("an electrician's /owner is their own home (ADR 033); an owner sent to /electrician lands on theirs", async ({
    page,
  }) => {
    await signInThroughLogin(page, 'electrician');
    await page.goto('/owner/rooms');
    await expect(page).toHaveURL('/owner/rooms');
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
    await expect(page.getByText(/error|forbidden|permission/i)).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInThroughLogin(page, 'owner');
    await page.goto('/electrician/installations');
    await expect(page).toHaveURL('/owner/dashboard');
  });

  test('/dashboard redirects by role and /dashboard/* goes to /dashboard', async ({ page }) => {
    await signInThroughLogin(page, 'electrician');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/electrician/dashboard');
    await page.goto('/dashboard/anything/else');
    await expect(page).toHaveURL('/electrician/dashboard');
  });

  test('an area index shows its dashboard', async ({ page }) => {
    await signInThroughLogin(page, 'admin');
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test('an unknown path goes to /login', async ({ page }) => {
    // Answered with 404 (the page that redirects), so crawlers and monitors see that it does not exist.
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('logout ends the session and goes to /login', async ({ page }) => {
    await signInThroughLogin(page, 'electrician');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/electrician/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('a stored token that the server no longer accepts is dropped with a message', async ({ page }) => {
    // Plant the stale token before the first page runs (set from /login, the login page itself could
    // meet the 401 first and the message would be lost with the next full page load).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('planted')) return;
      sessionStorage.setItem('planted', '1');
      localStorage.setItem('isaac_auth_token', 'not-a-real-token');
    });
    await page.goto('/owner/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isaac_auth_token'))).toBeNull();
  });

  test('/debug shows the signed-in user', async ({ page }) => {
    await signInThroughLogin(page, 'owner');
    await page.goto('/debug');
    await expect(page.getByRole('heading', { name: 'Debug' })).toBeVisible();
    const state = page.getByRole('region', { name: 'Authentication' });
    await expect(state.getByText('owner@isaac.demo')).toBeVisible();
    await expect(state.getByText('2 (owner)')).toBeVisible();
    await expect(state.getByText('/debug', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '/admin/dashboard' })).toBeVisible();
  });
});

test.describe('dashboard shell', () => {
  test('menu items change the page and its title', async ({ page }) => {
    await signInThroughLogin(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Users',
      'Devices',
      'Electricians',
      'Settings',
      'Reports',
      'Activity',
      'Orders',
      'Messages',
      'Installations',
      'Quotes',
      'Outbox',
    ]);
    await menu.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page).toHaveTitle(/^Reports/);
  });

  test.describe('on a 390 px wide screen', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the sidebar is a drawer behind a toggle', async ({ page }) => {
      await signInThroughLogin(page, 'electrician');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await menu.getByRole('link', { name: 'Installations' }).click();
      await expect(page).toHaveURL('/electrician/installations');
      await expect(page.getByRole('heading', { level: 1, name: 'Installations' })).toBeVisible();
      await expect(menu).toBeHidden();

      await toggle.click();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();
    });
  });
});
