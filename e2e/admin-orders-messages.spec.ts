import { type Page, expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The admin Orders and Messages screens on the real API: an order placed in the shop and a message sent
 * from the contact page show up for the demo admin, who finds them by search, filters them and marks the
 * message handled. Each run's buyer carries a run suffix (the e2e database is shared by every spec).
 */
const RUN = Date.now().toString(36).slice(-6);
const BUYER = { name: `Inbox Buyer ${RUN}`, email: `inbox.${RUN}@example.com`, phone: '+91 98450 55555' };

async function placeOrder(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buy Now: ISAAC' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete your purchase' });
  await modal.getByLabel(/Full Name/).fill(BUYER.name);
  await modal.getByLabel(/Email/).fill(BUYER.email);
  await modal.getByLabel(/Phone/).fill(BUYER.phone);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/create-order') && r.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Proceed to Payment' }).click();
  const response = await created;
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order_id: string }).order_id;
}

async function sendMessage(page: Page, text: string): Promise<void> {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill(BUYER.name);
  await form.getByLabel('Email').fill(BUYER.email);
  await form.getByLabel('Subject').selectOption('technical-support');
  await form.getByLabel('Message').fill(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/thank you|sent/i).first()).toBeVisible();
}

test('an order from the shop is in Orders: search, status filter, amount and status in words', async ({
  page,
}) => {
  const orderId = await placeOrder(page);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();

  await page.getByLabel('Search').fill(BUYER.email);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(BUYER.email).replace('.', '\\.')}`));
  const table = page.getByRole('region', { name: 'Orders' });
  const row = table.getByRole('row', { name: new RegExp(orderId) });
  await expect(row).toBeVisible();
  await expect(row.getByText(BUYER.name)).toBeVisible();
  await expect(row.getByText('₹89,999')).toBeVisible();
  await expect(row.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('1 order found')).toBeVisible();

  // Sorted on the server by a column header (the Amount column), kept in the URL.
  const amount = table.getByRole('columnheader', { name: 'Amount' });
  await amount.getByRole('button').click();
  await expect(page).toHaveURL(/sort=amount&order=asc/);
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  await expect(row).toBeVisible();

  // At 390 px the order is a card: its amount and status are on screen beside Cancel, not scrolled away.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article', { name: new RegExp(orderId) });
  const cancel = card.getByRole('button', { name: `Cancel order ${orderId}` });
  await cancel.scrollIntoViewIfNeeded();
  for (const part of [card.getByText('₹89,999'), card.getByText('Awaiting payment'), cancel]) {
    await expect(part).toBeInViewport();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Status').selectOption('paid');
  await expect(page.getByText('No orders found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/admin\/orders\?sort=amount&order=asc$/);
});

test('a contact message is in Messages: mark handled, filter, open again; usable at 390 px', async ({
  page,
}) => {
  const text = `The filter light stays red (${RUN})`;
  await sendMessage(page, text);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', '/admin/messages?state=open');
  await page.getByLabel('Search').fill(RUN);
  const card = page.getByRole('article', { name: new RegExp(`${BUYER.name} · Technical Support`) });
  await expect(card.getByText(text)).toBeVisible();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: /Mark handled/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message marked handled' }).first()).toBeVisible();
  // the open filter no longer lists it; the handled one does, with who handled it
  await expect(card).toBeHidden();
  await page.getByLabel('State').selectOption('handled');
  await expect(card.getByText(/Handled .* by /)).toBeVisible();
  await card.getByRole('button', { name: /Open again/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message opened again' }).first()).toBeVisible();
  await expect(card).toBeHidden();
});
