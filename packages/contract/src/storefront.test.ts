import { describe, expect, it } from 'vitest';
import {
  contactBodySchema,
  createOrderBodySchema,
  newsletterBodySchema,
  sandboxPayBodySchema,
  verifyPaymentBodySchema,
} from './storefront.ts';

const order = {
  amount: 8_999_900,
  currency: 'INR',
  receipt: 'receipt_1732170000000',
  notes: { product: 'ISAAC', customer_name: 'Asha', customer_email: 'asha@example.com', customer_phone: '' },
};

describe('createOrderBodySchema', () => {
  it('accepts the spec body, with or without cart items', () => {
    expect(createOrderBodySchema.parse(order).notes.customer_phone).toBe('');
    const cart = {
      ...order,
      notes: { ...order.notes, product: 'Cart: 2 items' },
      items: [{ id: 'hepa-filter', quantity: 2 }],
    };
    expect(createOrderBodySchema.parse(cart).items).toEqual([{ id: 'hepa-filter', quantity: 2 }]);
  });
  it('defaults a missing phone to empty', () => {
    const { customer_phone: _phone, ...notes } = order.notes;
    expect(createOrderBodySchema.parse({ ...order, notes }).notes.customer_phone).toBe('');
  });
  it('rejects rupee amounts with decimals, other currencies, blank names and bad e-mails', () => {
    expect(createOrderBodySchema.safeParse({ ...order, amount: 899.99 }).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ ...order, currency: 'USD' }).success).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, notes: { ...order.notes, customer_name: ' ' } }).success,
    ).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, notes: { ...order.notes, customer_email: 'x' } }).success,
    ).toBe(false);
  });
  it('bounds cart quantities to 1..20', () => {
    expect(createOrderBodySchema.safeParse({ ...order, items: [{ id: 'a', quantity: 0 }] }).success).toBe(
      false,
    );
    expect(createOrderBodySchema.safeParse({ ...order, items: [{ id: 'a', quantity: 21 }] }).success).toBe(
      false,
    );
    expect(createOrderBodySchema.safeParse({ ...order, items: [] }).success).toBe(false);
  });
});

describe('payment schemas', () => {
  it('require the three handler fields', () => {
    const body = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc' };
    expect(verifyPaymentBodySchema.parse(body)).toEqual(body);
    expect(verifyPaymentBodySchema.safeParse({ ...body, razorpay_signature: '' }).success).toBe(false);
  });
  it('accept only the two sandbox outcomes', () => {
    expect(sandboxPayBodySchema.safeParse({ outcome: 'success' }).success).toBe(true);
    expect(sandboxPayBodySchema.safeParse({ outcome: 'maybe' }).success).toBe(false);
  });
});

describe('contact and newsletter', () => {
  const contact = { name: 'Asha', email: 'asha@example.com', subject: 'partnership', message: 'Hello' };
  it('accepts the four spec subjects only', () => {
    for (const subject of ['product-inquiry', 'technical-support', 'partnership', 'other']) {
      expect(contactBodySchema.safeParse({ ...contact, subject }).success).toBe(true);
    }
    expect(contactBodySchema.safeParse({ ...contact, subject: 'spam' }).success).toBe(false);
  });
  it('requires every field, and lets the honeypot through for the server to judge', () => {
    expect(contactBodySchema.safeParse({ ...contact, message: '  ' }).success).toBe(false);
    expect(contactBodySchema.parse({ ...contact, website: 'http://bot' }).website).toBe('http://bot');
  });
  it('validates newsletter e-mails', () => {
    expect(newsletterBodySchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(newsletterBodySchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
