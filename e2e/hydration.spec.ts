import { type Page, expect, test } from '@playwright/test';
import { MSG } from '@isaac/contract';
import { DEMO_PASSWORD, DEMO_USERS, signIn } from './support';

/**
 * React hydrates the HTML that React prerendered, after the first paint (ADR 011, ADR 014). Hydration must
 * adopt that document as it is: the same elements (nothing re-created or duplicated), the same head tags,
 * the styles, and whatever the visitor typed before the scripts arrived; and a control that needs the
 * scripts must look unavailable until they have run.
 */

/** Before any script runs: tag every prerendered element of <main>, and count elements removed from it. */
async function watchPrerenderedMain(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { tagged: 0, removedFromMain: 0 };
    (window as unknown as { __hydrationWatch: typeof state }).__hydrationWatch = state;
    document.addEventListener('DOMContentLoaded', () => {
      const main = document.querySelector('main');
      if (!main) return;
      for (const element of main.querySelectorAll('*')) {
        (element as unknown as { __prerendered: boolean }).__prerendered = true;
        state.tagged++;
      }
      new MutationObserver((records) => {
        for (const record of records) {
          state.removedFromMain += [...record.removedNodes].filter((node) => node.nodeType === 1).length;
        }
      }).observe(main, { childList: true, subtree: true });
    });
  });
}

/** Waits until the page has hydrated: the newsletter's Subscribe button is disabled until then. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
}

for (const path of ['/', '/products/isaac-purifier', '/support/help-center', '/contact']) {
  test(`${path} hydrates the prerendered document without re-creating it`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await watchPrerenderedMain(page);
    await page.goto(path);
    const headBefore = await page.evaluate(() =>
      [
        ...document.head.querySelectorAll(
          'title, meta, link[rel="canonical"], script[type="application/ld+json"]',
        ),
      ]
        .map((element) => element.outerHTML)
        .join('\n'),
    );
    await hydrated(page);

    const after = await page.evaluate(() => {
      const main = document.querySelector('main');
      const elements = main ? [...main.querySelectorAll('*')] : [];
      return {
        counts: ['html', 'head', 'body', 'main', 'h1'].map(
          (tag) => document.getElementsByTagName(tag).length,
        ),
        doctype: document.doctype?.name,
        compatMode: document.compatMode,
        lang: document.documentElement.lang,
        stylesheets: document.styleSheets.length,
        bodyFont: getComputedStyle(document.body).webkitFontSmoothing,
        adopted: elements.filter(
          (element) => (element as unknown as { __prerendered?: boolean }).__prerendered,
        ).length,
        elements: elements.length,
        watch: (window as unknown as { __hydrationWatch: { tagged: number; removedFromMain: number } })
          .__hydrationWatch,
        head: [
          ...document.head.querySelectorAll(
            'title, meta, link[rel="canonical"], script[type="application/ld+json"]',
          ),
        ]
          .map((element) => element.outerHTML)
          .join('\n'),
      };
    });
    expect(after.counts).toEqual([1, 1, 1, 1, 1]);
    expect(after.doctype).toBe('html');
    expect(after.compatMode).toBe('CSS1Compat');
    expect(after.lang).toBe('en-IN');
    // Styled: the stylesheet is there (the inline copy is dropped only once it has loaded).
    expect(after.stylesheets).toBeGreaterThan(0);
    expect(after.bodyFont).toBe('antialiased');
    // Every prerendered element of <main> is still the same node, and none was removed.
    expect(after.watch.tagged).toBeGreaterThan(10);
    expect(after.adopted).toBe(after.watch.tagged);
    expect(after.watch.removedFromMain).toBe(0);
    // Title, description, canonical, Open Graph and JSON-LD are untouched.
    expect(after.head).toBe(headBefore);
    expect(errors).toEqual([]);
  });
}

/**
 * Typing into a prerendered contact form before its code has run: on /contact the whole page waits for the
 * browser entry; on the landing page the page hydrates first and the form's own chunk comes later (it is not
 * part of the first load), so React keeps the prerendered form until then.
 */
const typedBeforeScripts = [
  { path: '/contact', held: '**/assets/entry.client-*.js', pageHydratedFirst: false },
  { path: '/', held: '**/assets/ContactForm-*.js', pageHydratedFirst: true },
];
for (const { path, held: heldScript, pageHydratedFirst } of typedBeforeScripts) {
  test(`${path}: text typed before the form's scripts arrive is kept by hydration and sent`, async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(heldScript, async (route) => {
      await held;
      await route.continue();
    });
    let sent: Record<string, string> | undefined;
    await page.route('**/api/contact', async (route) => {
      sent = route.request().postDataJSON() as Record<string, string>;
      await route.continue();
    });

    await page.goto(path);
    if (pageHydratedFirst) await hydrated(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await form.getByLabel('Name').fill('Asha Rao');
    await form.getByLabel('Email').fill('asha.rao@example.com');
    await form.getByLabel('Message').fill('Typed while the page was still loading');
    release();

    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(form.getByLabel('Name')).toHaveValue('Asha Rao');
    await expect(form.getByLabel('Message')).toHaveValue('Typed while the page was still loading');
    await form.getByLabel('Subject').selectOption('technical-support');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(MSG.contactSuccess)).toBeVisible();
    expect(sent).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      message: 'Typed while the page was still loading',
    });
  });
}

test('/login: controls that need the scripts are disabled until then, and typed credentials are kept', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/entry.client-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login');
  const show = page.getByRole('button', { name: 'Show password' });
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  // Painted, but not interactive yet: the buttons say so instead of swallowing a click.
  await expect(show).toBeDisabled();
  await expect(signInButton).toBeDisabled();
  expect(await show.evaluate((button) => Number(getComputedStyle(button).opacity))).toBeLessThan(1);
  await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  release();

  await expect(show).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_USERS.owner.email);
  await show.click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await signInButton.click();
  await expect(page).toHaveURL(DEMO_USERS.owner.dashboard);
});

/**
 * Before any script runs: records every element a layout shift moves, from the first paint on (its outerHTML
 * cut short, and the landmark it sits in); `shiftedElements` reads the list.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { __shifted: string[] }).__shifted = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources?: { node?: Node | null }[] }[]) {
        for (const source of entry.sources ?? []) {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          if (element) {
            const landmark = element.closest('header, main, nav, aside')?.localName ?? 'body';
            moved.push(`${landmark}: ${element.outerHTML.slice(0, 120)}`);
          }
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The elements layout shifts have moved so far, those inside `landmark` when given (shifts reach their observer
 * a task after their frame).
 */
async function shiftedElements(page: Page, landmark?: string): Promise<string[]> {
  return page.evaluate(
    (landmark) =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            const moved = (window as unknown as { __shifted: string[] }).__shifted;
            resolve(landmark ? moved.filter((line) => line.startsWith(`${landmark}: `)) : moved);
          }, 200),
        ),
      ),
    landmark,
  );
}

test("the owner's header keeps its place while the signed-in area loads", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await watchLayoutShifts(page);
  await signIn(page, 'owner');
  // The home arrives with the homes' list, after the shell has painted: its name, or a switcher once the
  // owner has joined another household (households.spec.ts may have run first on this server).
  const header = page.locator('header');
  await expect(header.getByTestId('current-home').or(header.getByLabel('Home'))).toBeVisible();
  await expect(header.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  expect(await shiftedElements(page, 'header')).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`/login at ${width} px: nothing moves while it hydrates and its demo sign-ins arrive`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await watchLayoutShifts(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
    expect(await shiftedElements(page)).toEqual([]);
  });
}

// The dashboards, and pages whose forms open in dialogs (their code, and zod, load when one opens).
const ZOD_FREE_PAGES = [
  ['owner', undefined],
  ['electrician', undefined],
  ['admin', undefined],
  ['owner', '/owner/devices'],
  ['admin', '/admin/users'],
] as const;

for (const [role, path] of ZOD_FREE_PAGES) {
  test(`${path ?? `the ${role}'s dashboard`} loads no zod on a first visit (ADR 083)`, async ({ page }) => {
    // Every script the page itself fetches (the service worker's precache is not the page's first load).
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && !response.request().serviceWorker())
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await signIn(page, role, path);
    // and whatever the page loads once it shows (its reads, a lazy part)
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(10);
    // A built schema reads its definition through `._zod`; the minifier keeps property names.
    expect(loaded.filter(({ body }) => body.includes('._zod')).map(({ url }) => url)).toEqual([]);
  });
}
