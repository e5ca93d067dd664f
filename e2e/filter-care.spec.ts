import { expect, test } from '@playwright/test';
import { allowTime, signIn } from './support';

/**
 * Filter care (issue 33), as the demo owner: "Order replacement filter" on a purifier's card opens the
 * storefront's replacement filters for that purifier, the checkout starts from the owner's own details and
 * address (delivery), the sandbox payment goes through, and the paid order is on the owner's Orders.
 */
test('a purifier card reorders its filter: details filled in, paid, on my orders', async ({ page }) => {
  allowTime(60_000); // the owner's devices, the storefront, the cart, checkout and payment, the orders
  await signIn(page, 'owner', '/owner/devices?type=isaac');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByText('Filter life') })
    .first();
  await expect(card).toBeVisible();
  const purifierName = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  await card.getByRole('link', { name: 'Order replacement filter' }).click();

  await expect(page).toHaveURL(/\/products\/replacement-filters\?for=/);
  await expect(page.getByRole('status').filter({ hasText: `For ${purifierName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart: HEPA Filter' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page
    .getByRole('dialog', { name: /Your Cart/ })
    .getByRole('button', { name: 'Checkout' })
    .click();

  const modal = page.getByRole('dialog', { name: 'Complete your purchase' });
  await expect(modal.getByLabel(/Full Name/)).toHaveValue('Priya Sharma');
  await expect(modal.getByLabel(/Email/)).toHaveValue('owner@isaac.demo');
  await expect(modal.getByRole('group', { name: 'Delivery address' })).toBeVisible();
  await expect(modal.getByLabel(/Pincode/)).toHaveValue('560038');
  await expect(modal.getByLabel(/^Address/)).toHaveValue('Flat 302, Prestige Shantiniketan, Indiranagar');

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/create-order') && r.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
  const response = await created;
  expect(response.ok()).toBe(true);
  const sent = response.request().postDataJSON() as { delivery_address?: { pincode: string } };
  expect(sent.delivery_address?.pincode).toBe('560038');
  const { order_id: orderId } = (await response.json()) as { order_id: string };
  const checkout = page.getByRole('dialog').filter({ has: page.getByText('Test mode') });
  await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?order=${orderId}`));

  await page.goto('/owner/orders');
  await expect(page.getByRole('heading', { level: 1, name: /Orders/ })).toBeVisible();
  // The paid filter order, with where it goes.
  const order = page.getByRole('article', { name: /HEPA Filter/ }).first();
  await expect(order).toBeVisible();
  await expect(order.getByText(/Flat 302, Prestige Shantiniketan/)).toBeVisible();
});
