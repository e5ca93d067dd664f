import { constants, inflateSync } from 'node:zlib';
import {
  cardPricePaise,
  financialYearOf,
  ROLE,
  type CreateOrderResponse,
  type Invoice,
  type OwnerOrderList,
} from '@isaac/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, orders } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { orderRow } from '../../test/orders.ts';
import { paymentSignature, providerStyleId } from '../payments/signatures.ts';
import { capturedEvent, sendWebhook } from '../../test/payments.ts';

// Issue 29 "GST invoices (India)": the seller from the settings, IGST or CGST+SGST by the place of supply,
// HSN/SAC per catalog item, invoice numbers consecutive per financial year, and the PDF.

let t: TestApp;
let owner: { email: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SANDBOX_WEBHOOK_DELAY_MS: '60000',
      SELLER_LEGAL_NAME: 'Isaac Home Private Limited',
      SELLER_ADDRESS: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
      SELLER_STATE: 'Karnataka',
      SELLER_GSTIN: '29AAECI1234F1ZU',
    },
  });
  const signedIn = await t.signIn(ROLE.owner);
  owner = { email: signedIn.user.email, headers: await authed(t.app, signedIn.token) };
});
afterAll(() => t.close());

const MUMBAI = { city: 'Mumbai', pincode: '400001', address: '4, Marine Drive' };
const BENGALURU = { city: 'Bengaluru', pincode: '560038', address: '12, 100 Feet Road, Indiranagar' };

/** Creates an order for the signed-in owner (their e-mail) and returns its checkout answer. */
async function order(
  items: { id: string; quantity: number }[],
  address?: typeof MUMBAI,
  email = owner.email,
): Promise<CreateOrderResponse> {
  const amount = items.reduce((sum, item) => sum + (cardPricePaise(item.id) ?? 0) * item.quantity, 0);
  const { headers } = await csrf(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: {
      amount,
      currency: 'INR',
      receipt: `receipt_${Date.now()}`,
      notes: { product: 'Cart', customer_name: 'Asha Rao', customer_email: email },
      items,
      ...(address ? { installation_address: address } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateOrderResponse>();
}

async function verify(orderId: string) {
  const paymentId = providerStyleId('pay');
  const { headers } = await csrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    headers,
    payload: {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(t.config.payment.keySecret, orderId, paymentId),
    },
  });
}

async function invoiceOf(orderId: string): Promise<Invoice> {
  const row = await orderRow(t.db, orderId);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${row!.id}/invoice`,
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}

/** The text a PDF shows: its streams inflated, the hex and literal strings of its text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  // pdfkit writes `stream\n…\nendstream` (a data byte may be \r: no \r? here)
  const streams = /stream\n([\s\S]*?)\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1] ?? '', 'latin1'), {
        finishFlush: constants.Z_SYNC_FLUSH,
      }).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of body.matchAll(/<([0-9a-fA-F]+)>/g))
      out.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    out.push(' ');
  }
  return out.join('');
}

describe('invoice numbers', () => {
  it('50 concurrent payments take the numbers 1..50 of the year: no gap, no duplicate', async () => {
    const fy = financialYearOf(t.clock.now());
    expect(await t.db.select().from(invoiceCounters)).toEqual([]);
    const created = [];
    for (let i = 0; i < 50; i += 1) {
      created.push(await order([{ id: 'pre-filter', quantity: 1 }], undefined, `buyer${i}@example.com`));
    }
    const answers = await Promise.all(created.map((o) => verify(o.order_id)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.providerOrderId,
          created.map((o) => o.order_id),
        ),
      );
    const sequences = rows.map((row) => row.invoiceSequence).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const numbers = rows.map((row) => row.invoiceNumber);
    expect(new Set(numbers).size).toBe(50);
    const label = `IS${fy.slice(2, 4)}${fy.slice(5, 7)}-`;
    for (const row of rows) {
      expect(row.invoiceNumber).toBe(`${label}${String(row.invoiceSequence).padStart(6, '0')}`);
      expect(row.invoiceNumber!.length).toBeLessThanOrEqual(16);
      expect(row.invoiceFinancialYear).toBe(fy);
    }
    expect(await t.db.select().from(invoiceCounters)).toEqual([{ financialYear: fy, lastNumber: 50 }]);
  });

  it('a repeated verification or webhook of the same payment issues no second number', async () => {
    const o = await order([{ id: 'pre-filter', quantity: 1 }], undefined, 'again@example.com');
    const [counterBefore] = await t.db.select().from(invoiceCounters);
    const res = await verify(o.order_id);
    expect(res.statusCode).toBe(200);
    const row = await orderRow(t.db, o.order_id);
    await sendWebhook(t, capturedEvent(o.order_id, row!.paymentId!, row!.amountPaise), { eventId: '' });
    const [counterAfter] = await t.db.select().from(invoiceCounters);
    expect(counterAfter!.lastNumber).toBe(counterBefore!.lastNumber + 1);
    expect((await orderRow(t.db, o.order_id))?.invoiceSequence).toBe(counterAfter!.lastNumber);
  });
});

describe('GET /api/orders/:id/invoice', () => {
  it('within the seller state: CGST + SGST, the seller from the settings, HSN per item', async () => {
    const o = await order(
      [
        { id: 'isaac-purifier', quantity: 1 },
        { id: 'skywalker-sensor', quantity: 1 },
        { id: 'lumos-2-gang-switch', quantity: 2 },
      ],
      BENGALURU,
    );
    expect((await verify(o.order_id)).statusCode).toBe(200);
    const invoice = await invoiceOf(o.order_id);
    expect(invoice.seller).toEqual({
      legal_name: 'Isaac Home Private Limited',
      address: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
      state: 'Karnataka',
      state_code: '29',
      gstin: '29AAECI1234F1ZU',
    });
    expect(invoice.place_of_supply).toEqual({ state: 'Karnataka', state_code: '29' });
    expect(invoice.tax_kind).toBe('intra');
    expect(invoice.lines.map((line) => [line.description, line.hsn])).toEqual([
      ['ISAAC', '8421'],
      ['SKYWALKER', '9027'],
      ['Lumos 2-Gang Touch Switch', '8536'],
    ]);
    for (const line of invoice.lines) {
      expect(line.igst).toBe(0);
      expect(line.taxable + line.cgst + line.sgst).toBe(line.total);
      expect(Math.abs(line.cgst - line.sgst)).toBeLessThanOrEqual(1);
    }
    expect(invoice.totals.total).toBe(o.amount);
    expect(invoice.totals.igst).toBe(0);
    expect(invoice.number).toMatch(/^IS\d{4}-\d{6}$/);
  });

  it('to another state (the buyer’s PIN code): IGST only', async () => {
    const o = await order([{ id: 'lumos-home-kit', quantity: 1 }], MUMBAI);
    expect((await verify(o.order_id)).statusCode).toBe(200);
    const invoice = await invoiceOf(o.order_id);
    expect(invoice.place_of_supply).toEqual({ state: 'Maharashtra', state_code: '27' });
    expect(invoice.tax_kind).toBe('inter');
    expect(invoice.lines).toEqual([
      {
        description: 'Lumos Home Kit',
        hsn: '8536',
        quantity: 1,
        unit_amount: 1_699_900,
        taxable: 1_440_593,
        cgst: 0,
        sgst: 0,
        igst: 259_307,
        total: 1_699_900,
      },
    ]);
    expect(invoice.totals).toEqual({ taxable: 1_440_593, cgst: 0, sgst: 0, igst: 259_307, total: 1_699_900 });
  });

  it('is the buyer’s own, and only once paid (404 otherwise)', async () => {
    const o = await order([{ id: 'pre-filter', quantity: 1 }]);
    const row = await orderRow(t.db, o.order_id);
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${row!.id}/invoice`,
      headers: owner.headers,
    });
    expect(unpaid.statusCode).toBe(404);
    await verify(o.order_id);
    const other = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${row!.id}/invoice`, headers: other });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${row!.id}/invoice` })).statusCode).toBe(
      401,
    );
  });

  it('the owner’s order list and the invoice agree on the order', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<OwnerOrderList>().orders.length).toBeGreaterThan(0);
  });
});

describe('GET /api/orders/:id/invoice.pdf', () => {
  it('is an A4 PDF of the invoice: number, seller, GSTIN, HSN, IGST', async () => {
    const o = await order([{ id: 'lumos-2-gang-switch', quantity: 1 }], MUMBAI);
    await verify(o.order_id);
    const invoice = await invoiceOf(o.order_id);
    const row = await orderRow(t.db, o.order_id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${row!.id}/invoice.pdf`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      'Isaac Home Private Limited',
      'GSTIN: 29AAECI1234F1ZU',
      'Place of supply: Maharashtra (27)',
      '8536',
      'IGST 18%',
      'Rs. 2,999.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });
});

describe('the financial year', () => {
  it('starts a new series on 1 April (business time zone)', async () => {
    const now = t.clock.now();
    const fy = financialYearOf(now);
    const startYear = Number(fy.slice(0, 4)) + 1;
    // 1 April 00:00 IST of the next financial year is 31 March 18:30 UTC
    const next = Date.UTC(startYear, 2, 31, 18, 30);
    t.clock.advance(next - now.getTime() - 60_000);
    const before = await order([{ id: 'pre-filter', quantity: 1 }], undefined, 'march@example.com');
    await verify(before.order_id);
    t.clock.advance(120_000);
    const after = await order([{ id: 'pre-filter', quantity: 1 }], undefined, 'april@example.com');
    await verify(after.order_id);
    const [march] = await t.db.select().from(orders).where(eq(orders.providerOrderId, before.order_id));
    const [april] = await t.db.select().from(orders).where(eq(orders.providerOrderId, after.order_id));
    expect(march?.invoiceFinancialYear).toBe(fy);
    expect(march!.invoiceSequence).toBeGreaterThan(50);
    const nextFy = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
    expect(april).toMatchObject({
      invoiceFinancialYear: nextFy,
      invoiceSequence: 1,
      invoiceNumber: `IS${nextFy.slice(2, 4)}${nextFy.slice(5, 7)}-000001`,
    });
  });
});
