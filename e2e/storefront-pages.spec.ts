import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { axeFindings } from './support';

/**
 * Storefront pages: every public route renders its own content and SEO tags, the header and mobile menu
 * behave, the help-center search filters as you type, and axe-core finds no serious or critical issue.
 */
const PAGES = [
  { path: '/', h1: 'Clean Air. Delivered.', text: 'Launch offer from ₹99,000 base' },
  { path: '/products/isaac-purifier', h1: 'ISAAC Autonomous Air Purifier', text: '₹89,999' },
  { path: '/products/skywalker-sensor', h1: 'SKYWALKER Air-Quality Sensor', text: '₹3,999' },
  { path: '/products/accessories', h1: 'Accessories', text: 'Filter Bundle Pack' },
  { path: '/products/replacement-filters', h1: 'Replacement Filters', text: '15% off every filter' },
  { path: '/support/help-center', h1: 'Help Center', text: 'Frequently asked questions' },
  { path: '/support/installation-guide', h1: 'Installation Guide', text: 'Cleaning the pre-filter' },
  { path: '/support/warranty', h1: 'Warranty', text: '90 days' },
  { path: '/support/contact-support', h1: 'Contact Support', text: 'Available 24/7' },
  { path: '/company/about-us', h1: 'About Us', text: 'Our story' },
  { path: '/company/careers', h1: 'Careers', text: 'Hardware Engineer' },
  { path: '/company/press', h1: 'Press', text: 'Press releases' },
  { path: '/company/investors', h1: 'Investors', text: 'Key metrics' },
  { path: '/legal/privacy-policy', h1: 'Privacy Policy', text: '2 years after the device is deactivated' },
  { path: '/legal/terms-of-service', h1: 'Terms of Service', text: 'Returns and cancellations' },
  { path: '/legal/cookie-policy', h1: 'Cookie Policy', text: 'Strictly necessary' },
  { path: '/legal/gdpr', h1: 'GDPR', text: 'International transfers' },
  { path: '/contact', h1: 'Contact Us', text: 'Business hours' },
] as const;

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Hydrated: the header's menu button reacts only once React owns the page.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.waitForLoadState('networkidle');
}

test.describe('every public page', () => {
  for (const { path, h1, text } of PAGES) {
    test(`${path} renders its content, landmarks and SEO tags, with no serious axe-core finding`, async ({
      page,
    }) => {
      await visit(page, path);
      const headings = page.getByRole('heading', { level: 1 });
      await expect(headings).toHaveCount(1);
      await expect(headings).toHaveText(h1);
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();

      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
      if (path !== '/')
        await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute('href', '/');

      await expect(page).toHaveTitle(/Isaac/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toMatch(/^https?:\/\//);
      expect(new URL(canonical ?? '').pathname).toBe(path);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Isaac/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '');
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);

      expect(await axeFindings(page)).toEqual([]);
    });
  }
});

test('the landing page lists six products, sells fixed prices and quotes the rest', async ({ page }) => {
  await visit(page, '/');
  const products = page.locator('#products article');
  await expect(products).toHaveCount(6);
  await expect(products.getByRole('button', { name: /^Buy Now/ })).toHaveCount(2);
  await expect(products.getByRole('link', { name: 'Request a Quote' })).toHaveCount(4);
  await expect(page.getByText('From ₹1,24,000')).toBeVisible();
  await expect(page.getByText('Custom Quote')).toBeVisible();
  await expect(page.getByText('Prices may vary with additional requirements.')).toBeVisible();
  await expect(page.getByText('Homes Protected').last()).toBeVisible();

  await page.getByRole('link', { name: 'See it work' }).click();
  await expect(page).toHaveURL(/#technology$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Technology' })).toBeInViewport();
});

test('static sections arrive as HTML and load no code, and render after a client-side navigation', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const staticChunk = /\/assets\/(Hero|TechnologySection|AboutSection|FooterNav|ContactDetails)-/;

  await visit(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Clean Air. Delivered.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Technology' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  expect(scripts.filter((path) => staticChunk.test(path))).toEqual([]);
  // Scripts come after the HTML: the page is interactive (hydrated) once they have run.
  expect(scripts.some((path) => path.includes('/entry.client-'))).toBe(true);

  // From a product page, the header's home link navigates in the browser: the sections load on demand.
  await visit(page, '/products/isaac-purifier');
  await page.getByRole('link', { name: 'Isaac home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clean Air. Delivered.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'About Isaac' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  expect(scripts.some((path) => /\/assets\/TechnologySection-/.test(path))).toBe(true);
});

test('a launch-offer package leads to a preselected quote request', async ({ page }) => {
  await visit(page, '/');
  await page.getByRole('link', { name: /Get a quote for 3 BHK Advanced/ }).click();
  await expect(page).toHaveURL(/\/contact\?subject=product-inquiry&product=automation-3bhk-advanced$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Quote request: 3 BHK Advanced Automation Package' }),
  ).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('product-inquiry');
});

test('the skip link is the first stop for keyboard users and moves focus to the content', async ({
  page,
}) => {
  await visit(page, '/products/accessories');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.getByRole('main')).toBeFocused();
});

test('the header turns opaque after scrolling more than 20 px', async ({ page }) => {
  await visit(page, '/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-opaque', 'false');
  expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    'rgba(0, 0, 0, 0)',
  );

  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-opaque', 'true');
  await expect
    .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
    .not.toBe('rgba(0, 0, 0, 0)');
  expect(await header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');

  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-opaque', 'false');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, closes on Escape and on a link click', async ({ page }) => {
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Products',
      'Technology',
      'About',
      'Contact',
      'Get Isaac',
    ]);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#about$/);
    await expect(page.getByRole('heading', { level: 2, name: 'About Isaac' })).toBeInViewport();
  });

  test('the open mobile menu has no serious or critical axe-core violations', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every page fits the screen without horizontal scrolling', async ({ page }) => {
    for (const { path } of PAGES) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the help-center search filters articles and FAQs as you type', async ({ page }) => {
  await visit(page, '/support/help-center');
  const search = page.getByRole('searchbox', { name: 'Search help articles and FAQs' });
  const status = page.getByRole('status').filter({ hasText: /result/ });
  await expect(page.locator('details')).toHaveCount(6);

  await search.pressSequentially('wifi');
  await expect(status).toHaveText('3 results for “wifi”');
  await expect(page.getByRole('link', { name: 'Connecting ISAAC to Wi-Fi' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ISAAC does not connect to Wi-Fi' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unboxing and charging ISAAC' })).toHaveCount(0);
  await expect(page.locator('details')).toHaveCount(1);

  await page.getByText('Does ISAAC need Wi-Fi?').click();
  await expect(page.getByText(/2\.4 GHz Wi-Fi network/)).toBeVisible();

  await search.fill('xylophone');
  await expect(status).toHaveText('0 results for “xylophone”');
  await expect(page.getByText('No results for “xylophone”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.locator('details')).toHaveCount(6);
});

test('the filter schedule cleans washable filters and replaces the others', async ({ page }) => {
  await visit(page, '/products/replacement-filters');
  const schedule = page.getByRole('table', { name: /replace or clean/ });
  const rows = schedule.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('HEPA Filter');
  await expect(rows.nth(0)).toContainText('6 months');
  await expect(rows.nth(1)).toContainText('3 months');
  await expect(rows.nth(2)).toContainText('2 months');
  await expect(schedule.getByRole('button', { name: /^Replace Now/ })).toHaveCount(2);
  await expect(schedule.getByRole('link', { name: /^Clean Now/ })).toHaveCount(1);

  await page.getByRole('button', { name: 'Replace Now: add a HEPA Filter to the cart' }).click();
  await expect(page.getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();

  await schedule.getByRole('link', { name: /^Clean Now/ }).click();
  await expect(page).toHaveURL(/\/support\/installation-guide#cleaning-the-pre-filter$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Cleaning the pre-filter' })).toBeVisible();
});

test('footer links reach every group of pages', async ({ page }) => {
  await visit(page, '/');
  const footer = page.getByRole('contentinfo');
  for (const group of ['Products', 'Support', 'Company', 'Legal']) {
    await expect(footer.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
    'href',
    '/legal/cookie-policy',
  );
  await expect(footer.locator('a[href="#"]')).toHaveCount(0);
});

test('sitemap.xml and robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset');
  for (const { path } of PAGES) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain('/login</loc>');

  const robots = await request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  const text = await robots.text();
  expect(text).toContain('Disallow: /admin');
  expect(text).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

test('product pages carry Product JSON-LD with the INR catalog price', async ({ page }) => {
  for (const [path, price] of [
    ['/products/isaac-purifier', '89999.00'],
    ['/products/skywalker-sensor', '3999.00'],
  ] as const) {
    await visit(page, path);
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(json ?? '{}') as {
      '@type'?: string;
      offers?: { priceCurrency?: string; price?: string };
    };
    expect(data['@type']).toBe('Product');
    expect(data.offers?.priceCurrency).toBe('INR');
    expect(data.offers?.price).toBe(price);
  }
});
