import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { MSG, PAYMENT_SUCCESS_COUNTDOWN_S, type Order } from '@isaac/contract';
import { DEMO_USERS, apiSignIn, apiUrl } from './support';

/**
 * Storefront commerce (issue 3): purchase modal, the embedded sandbox checkout, server-verified
 * payments, cart, contact and newsletter — against the built app and the real API.
 */

const BUYER = { name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98450 12345' };

/** Signs in to the API as the demo admin and lists orders. */
async function adminOrders(request: APIRequestContext, api: string): Promise<Order[]> {
  const token = await apiSignIn(request, api, DEMO_USERS.admin.email);
  const list = await request.get(`${api}/api/admin/orders?page_size=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { orders: Order[] }).orders;
}

async function orderById(
  page: Page,
  request: APIRequestContext,
  orderId: string,
): Promise<Order | undefined> {
  const orders = await adminOrders(request, await apiUrl(page));
  return orders.find((order) => order.order_id === orderId);
}

/** Opens the purchase modal from the ISAAC card on the landing page. */
async function openPurifierPurchase(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buy Now: ISAAC' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete your purchase' });
  await expect(modal).toBeVisible();
  return modal;
}

async function fillBuyer(modal: Locator): Promise<void> {
  await modal.getByLabel(/Full Name/).fill(BUYER.name);
  await modal.getByLabel(/Email/).fill(BUYER.email);
  await modal.getByLabel(/Phone/).fill(BUYER.phone);
}

/** Submits the purchase modal and returns the sandbox checkout and the order id it shows. */
async function proceedToSandbox(page: Page, modal: Locator): Promise<{ checkout: Locator; orderId: string }> {
  const createOrder = page.waitForResponse(
    (response) => response.url().endsWith('/api/create-order') && response.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
  const response = await createOrder;
  expect(response.ok()).toBe(true);
  const { order_id: orderId, provider } = (await response.json()) as { order_id: string; provider: string };
  expect(provider).toBe('sandbox');
  await expect(modal).toBeHidden();
  const checkout = page.getByRole('dialog').filter({ has: page.getByText('Test mode') });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();
  return { checkout, orderId };
}

test.describe('purchase', () => {
  test('name and e-mail are required; Esc closes the modal and focus returns to Buy Now', async ({
    page,
  }) => {
    const modal = await openPurifierPurchase(page);
    await expect(modal.getByText('₹89,999')).toBeVisible();
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(modal.getByText(MSG.purchaseRequired)).toBeVisible();

    await modal.getByLabel(/Full Name/).fill(BUYER.name);
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(modal.getByText(MSG.purchaseRequired)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Buy Now: ISAAC' })).toBeFocused();

    await page.getByRole('button', { name: 'Buy Now: ISAAC' }).click();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });

  test('quote-only products lead to the preselected contact form, never to a card payment', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Request a Quote for Smart Surveillance' }).click();
    await expect(page).toHaveURL('/contact?subject=product-inquiry&product=smart-surveillance');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByLabel('Subject')).toHaveValue('product-inquiry');
    await expect(form.getByLabel('Message')).toHaveValue(/quote for Smart Surveillance/);
  });

  test('a paid order goes to /payment-success and is marked paid on the server', async ({
    page,
    request,
  }) => {
    const modal = await openPurifierPurchase(page);
    await fillBuyer(modal);
    const { checkout, orderId } = await proceedToSandbox(page, modal);
    await expect(checkout.getByText('₹89,999').first()).toBeVisible();
    await expect(checkout.getByText(BUYER.email)).toBeVisible();

    await checkout.getByRole('button', { name: 'Pay ₹89,999' }).click();
    await expect(page).toHaveURL(`/payment-success?order=${orderId}&setup=self`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('order-reference')).toHaveText(orderId);
    // The purifier sets itself up: the next steps say how, and promise no technician (issue 30).
    const steps = page.getByRole('region', { name: 'What happens next' });
    await expect(steps).toContainText('serial number on its label');
    await expect(steps).not.toContainText(/technician|schedule a visit/);

    const order = await orderById(page, request, orderId);
    expect(order).toMatchObject({
      status: 'paid',
      amount: 8_999_900,
      currency: 'INR',
      product: 'ISAAC',
      customer_name: BUYER.name,
      customer_email: BUYER.email,
    });
    expect(order?.payment_id).toBeTruthy();
  });

  test('a failed payment stays on the page, says so, and leaves the order unpaid', async ({
    page,
    request,
  }) => {
    const modal = await openPurifierPurchase(page);
    await fillBuyer(modal);
    const { checkout, orderId } = await proceedToSandbox(page, modal);

    await checkout.getByRole('button', { name: 'Simulate failure' }).click();
    await expect(checkout.getByRole('alert')).toContainText('Payment failed');
    await expect(page.getByText('Payment failed. No money was taken')).toBeVisible();
    await expect(checkout.getByRole('button', { name: 'Pay ₹89,999' })).toBeEnabled();
    await expect(page).toHaveURL('/');

    await checkout.getByRole('button', { name: 'Close payment' }).click();
    await expect(checkout).toBeHidden();
    await expect(page).toHaveURL('/');
    expect((await orderById(page, request, orderId))?.status).not.toBe('paid');
  });

  test('a dismissed payment does nothing further', async ({ page, request }) => {
    const modal = await openPurifierPurchase(page);
    await fillBuyer(modal);
    const { checkout, orderId } = await proceedToSandbox(page, modal);
    await page.keyboard.press('Escape');
    await expect(checkout).toBeHidden();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Buy Now: ISAAC' })).toBeVisible();
    const order = await orderById(page, request, orderId);
    expect(order?.status).toBe('created');
    expect(order?.payment_id).toBeNull();
  });

  test('a failed order creation shows the spec message and opens no payment', async ({ page }) => {
    await page.route('**/api/create-order', (route) =>
      route.fulfill({ status: 500, json: { error: 'internal_error', message: 'Something went wrong' } }),
    );
    const modal = await openPurifierPurchase(page);
    await fillBuyer(modal);
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText(MSG.paymentOrderFailed)).toBeVisible();
    await expect(modal).toBeVisible();
    await expect(page.getByText('Test mode')).toHaveCount(0);
  });
});

test.describe('payment success page', () => {
  // The page's clock is Playwright's (page.clock): the countdown runs in a moment, not in real seconds.
  /** The countdown ticks: React owns the page (the prerendered page shows the timer before its interval runs). */
  const ticking = (page: Page) =>
    expect
      .poll(async () => Number(await page.getByTestId('countdown').textContent()))
      .toBeLessThan(PAYMENT_SUCCESS_COUNTDOWN_S);

  test(`counts down ${PAYMENT_SUCCESS_COUNTDOWN_S} s, then goes home`, async ({ page }) => {
    await page.clock.install();
    await page.goto('/payment-success?order=order_x&setup=visit');
    await ticking(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText(/installation team will contact you within 24 hours/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('timer')).toContainText('Redirecting to the home page in');
    await page.clock.runFor(PAYMENT_SUCCESS_COUNTDOWN_S * 1000);
    await expect(page).toHaveURL('/');
  });

  test('the countdown can be stopped', async ({ page }) => {
    await page.clock.install();
    await page.goto('/payment-success');
    await ticking(page);
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await page.clock.runFor((PAYMENT_SUCCESS_COUNTDOWN_S + 5) * 1000);
    await expect(page).toHaveURL('/payment-success');
  });
});

test.describe('cart', () => {
  test('add, change quantities, remove, keep across reloads and check out', async ({ page, request }) => {
    await page.goto('/products/accessories');
    await page.getByRole('button', { name: 'Add to Cart: HEPA Filter' }).click();
    await page.getByRole('button', { name: 'Add to Cart: HEPA Filter' }).click();
    await page.getByRole('button', { name: 'Add to Cart: Remote Control' }).click();
    await page.getByRole('button', { name: 'Add to Cart: Wall Mount Kit' }).click();
    await expect(page.getByRole('button', { name: 'Cart, 4 items' })).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: 'Cart, 4 items' }).click();
    const drawer = page.getByRole('dialog', { name: /Your Cart/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('cart-subtotal')).toHaveText('₹3,296');

    await drawer.getByRole('button', { name: 'Increase quantity of Remote Control' }).click();
    await drawer.getByRole('button', { name: 'Decrease quantity of HEPA Filter' }).click();
    await drawer.getByRole('button', { name: 'Remove Wall Mount Kit' }).click();
    await expect(drawer.getByText('Wall Mount Kit')).toHaveCount(0);
    await expect(drawer.getByTestId('cart-subtotal')).toHaveText('₹1,897');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cart, 3 items' })).toBeFocused();

    await page.reload();
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    const modal = page.getByRole('dialog', { name: 'Complete your purchase' });
    await expect(modal.getByText('Cart: 3 items')).toBeVisible();
    await expect(modal.getByText('₹1,897')).toBeVisible();
    await fillBuyer(modal);
    const { checkout, orderId } = await proceedToSandbox(page, modal);
    await checkout.getByRole('button', { name: 'Pay ₹1,897' }).click();
    await expect(page).toHaveURL(`/payment-success?order=${orderId}&setup=self`);
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

    const order = await orderById(page, request, orderId);
    expect(order?.status).toBe('paid');
    expect(order?.amount).toBe(189_700);
    expect(order?.items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: 'hepa-filter', quantity: 1 },
      { id: 'remote-control', quantity: 2 },
    ]);
  });
});

test.describe('contact form', () => {
  async function fillContact(form: Locator, message: string) {
    await form.getByLabel('Name').fill(BUYER.name);
    await form.getByLabel('Email').fill(BUYER.email);
    await form.getByLabel('Subject').selectOption('technical-support');
    await form.getByLabel('Message').fill(message);
  }

  test('sends the message, says so and clears the form', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContact(form, `My purifier beeps twice (${Date.now()})`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(MSG.contactSuccess)).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('keeps the text and says so when sending fails', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        json: { error: 'internal_error', message: 'Something went wrong' },
      });
    });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContact(form, 'Please keep this text');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByText(MSG.contactFailed)).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('Please keep this text');
    await expect(form.getByLabel('Name')).toHaveValue(BUYER.name);
  });
});

test.describe('newsletter', () => {
  test('subscribes from the footer, once per e-mail', async ({ page }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(/subscrib/i);
    await expect(form.getByLabel('Email address')).toHaveValue('');

    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(/already subscribed/i);
  });
});

test.describe('accessibility of the commerce dialogs', () => {
  async function expectNoSeriousViolations(page: Page, include: string) {
    const { violations } = await new AxeBuilder({ page }).include(include).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  test('purchase modal, sandbox checkout and cart drawer', async ({ page }) => {
    const modal = await openPurifierPurchase(page);
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await fillBuyer(modal);
    const { checkout } = await proceedToSandbox(page, modal);
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await checkout.getByRole('tab', { name: 'UPI' }).click();
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await checkout.getByRole('button', { name: 'Close payment' }).click();

    await page.goto('/products/accessories');
    await page.getByRole('button', { name: 'Add to Cart: Pre-Filter' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('dialog', { name: /Your Cart/ })).toBeVisible();
    await expectNoSeriousViolations(page, '[role="dialog"]');
  });
});

test.describe('toasts', () => {
  for (const width of [1280, 390]) {
    test(`sit below the header and never cover the cart or "Get Isaac" (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      await page.goto('/products/accessories');
      await page.getByRole('button', { name: 'Add to Cart: Pre-Filter' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Pre-Filter added to cart' })).toBeVisible();
      // The toast's bar (the box the visitor sees), hovered: Playwright waits for its entry animation to settle
      // (a stable box), and the hover pauses its 2-second timer, so a busy machine never measures it leaving.
      const toast = page.locator('.toast-viewport > div > div').first();
      const header = (await page.getByRole('banner').boundingBox())!;
      await toast.hover();
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      const covers = (other: { x: number; y: number; width: number; height: number }) =>
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      const cart = await page.getByRole('button', { name: 'Cart, 1 item' }).boundingBox();
      expect(covers(cart!)).toBe(false);
      // The cart stays clickable while the toast shows.
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await expect(page.getByRole('dialog', { name: /Your Cart/ })).toBeVisible();
      if (width >= 640) {
        const getIsaac = await page
          .getByRole('banner')
          .getByRole('link', { name: 'Get Isaac' })
          .boundingBox();
        expect(covers(getIsaac!)).toBe(false);
      }
    });
  }
});
