import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_USERS, apiSignIn, apiUrl, signIn } from './support';

/**
 * Hindi (issue 34, ADR 073): the demo owner and the demo electrician choose हिन्दी in their settings, and
 * every screen of their area then speaks Hindi at a phone's width (390 px) without scrolling sideways. The
 * choice is stored on the account, so each test sets it back to "follow the browser" when it ends.
 */
const PHONE = { width: 390, height: 844 };
const DEVANAGARI = /[\u0900-\u097F]/;

/** Back to "follow the browser" through the API (whatever state the test left the page in). */
async function resetLanguage(request: APIRequestContext, api: string, email: string): Promise<void> {
  const token = await apiSignIn(request, api, email);
  const csrf = (await (await request.get(`${api}/auth/csrf-token`)).json()) as { csrf_token: string };
  const res = await request.patch(`${api}/api/account/profile`, {
    headers: { authorization: `Bearer ${token}`, 'X-CSRF-Token': csrf.csrf_token },
    data: { language: null },
  });
  expect(res.ok()).toBe(true);
}

/** Settings → Language → हिन्दी; the shell answers in Hindi, and says it saved in Hindi. */
async function chooseHindi(page: Page, settingsPath: string): Promise<void> {
  await page.goto(settingsPath);
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'भाषा सहेज ली गई' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'भाषा', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
}

/** A screen in Hindi: its title (the menu's Hindi name), its own words, and nothing wider than the phone. */
async function expectHindiScreen(page: Page, path: string, title: string, text: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.locator('main').getByText(text).first()).toBeVisible();
  await expect(page.locator('main')).toContainText(DEVANAGARI);
  // What loads after the first paint (lists, figures) is in before the width is measured.
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
}

test.describe('Hindi at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the owner chooses Hindi and every owner screen speaks it', async ({ page, request }) => {
    await signIn(page, 'owner');
    const api = await apiUrl(page);
    try {
      await chooseHindi(page, '/owner/settings');
      // The choice is the account's: a full reload keeps it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();

      await expectHindiScreen(page, '/owner/dashboard', 'डैशबोर्ड', 'जल्दी के काम');
      await expectHindiScreen(page, '/owner/devices', 'डिवाइस', 'आपके डिवाइस');
      // AQI bands in Hindi on the device cards (the demo purifier and sensor report PM2.5).
      await expect(
        page.getByText(/अच्छा|संतोषजनक|मध्यम|ख़राब|बहुत ख़राब|गंभीर|अभी कोई रीडिंग नहीं/).first(),
      ).toBeVisible();
      await expectHindiScreen(page, '/owner/rooms', 'कमरे', 'आपके कमरे');
      await expectHindiScreen(page, '/owner/automations', 'ऑटोमेशन', 'किसी टेम्पलेट से शुरू करें');
      await expectHindiScreen(page, '/owner/members', 'सदस्य', 'किसकी पहुँच है');
      await expectHindiScreen(page, '/owner/orders', 'ऑर्डर', 'आपके ऑर्डर');
      await expectHindiScreen(page, '/owner/settings', 'सेटिंग', 'पासवर्ड बदलें');

      // A dialog's common buttons, in Hindi.
      await page.goto('/owner/rooms');
      await page.getByRole('button', { name: 'कमरा जोड़ें' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'कमरा जोड़ें' });
      await expect(dialog.getByRole('button', { name: 'रद्द करें' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'बंद करें' })).toBeVisible();
      await dialog.getByRole('button', { name: 'रद्द करें' }).click();
    } finally {
      await resetLanguage(request, api, DEMO_USERS.owner.email);
    }
  });

  test('the electrician chooses Hindi and every electrician screen speaks it', async ({ page, request }) => {
    await signIn(page, 'electrician');
    const api = await apiUrl(page);
    try {
      await chooseHindi(page, '/electrician/settings');
      await expectHindiScreen(page, '/electrician/dashboard', 'डैशबोर्ड', 'API कनेक्शन टेस्ट');
      await expectHindiScreen(page, '/electrician/devices', 'डिवाइस', 'सौंपे गए डिवाइस');
      await expectHindiScreen(page, '/electrician/users', 'ग्राहक', 'आज के इंस्टॉलेशन');
      await expectHindiScreen(page, '/electrician/rooms', 'कमरे', /ग्राहक मोड में खोलें|अभी कोई कमरा नहीं/);
      await expectHindiScreen(page, '/electrician/installations', 'इंस्टॉलेशन', 'हर 30 सेकंड में रीफ़्रेश होता है।');
      await expectHindiScreen(page, '/electrician/customer-mode', 'ग्राहक मोड', /ग्राहक/);
      await expectHindiScreen(page, '/electrician/workflow', 'काम की प्रगति', /इसके चरणों|चरणों से आगे/);
      await expectHindiScreen(
        page,
        '/electrician/install',
        'इंस्टॉल करें',
        /आज आप किसके घर में इंस्टॉल कर रहे हैं\?|करने के लिए कोई इंस्टॉलेशन नहीं/,
      );
      await expectHindiScreen(page, '/electrician/settings', 'सेटिंग', 'पासवर्ड बदलें');
    } finally {
      await resetLanguage(request, api, DEMO_USERS.electrician.email);
    }
  });

  test('before sign-in the page follows the language chosen on it, and keeps it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'हिन्दी' })).toBeEnabled();
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'अपने खाते में साइन इन करें' })).toBeVisible();
    // Remembered on this browser: a new visit hydrates in English, then shows Hindi again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'अपने खाते में साइन इन करें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  });
});

test.describe('a browser set to Hindi', () => {
  test.use({ viewport: PHONE, locale: 'hi-IN' });

  test('shows the sign-in page in Hindi without being asked', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'अपने खाते में साइन इन करें' })).toBeVisible();
    await expect(page.getByLabel('पासवर्ड', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
