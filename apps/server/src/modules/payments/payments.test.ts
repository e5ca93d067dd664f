import { ROLE } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { csrf, type TestApp } from '../../test/helpers.ts';
import { createOrder, orderBody, orderRow, postOrder } from '../../test/orders.ts';
import { PAYMENT_ERROR } from './service.ts';
import { paymentSignature, providerStyleId } from './signatures.ts';
import { paymentsSuite } from '../../test/payments.ts';

let t: TestApp;
const { sign, checkoutAnswer, verify } = paymentsSuite((app) => (t = app));

describe('POST /api/verify-payment', () => {
  it('marks the order paid when the signature holds', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const res = await verify(checkoutAnswer(order.order_id, paymentId));
    expect(res.statusCode).toBe(200);
    // The ISAAC purifier sets itself up: no technician's visit follows (the success page's next steps).
    expect(res.json()).toEqual({
      status: 'paid',
      order_id: order.order_id,
      payment_id: paymentId,
      installation: false,
    });
    const row = await orderRow(t.db, order.order_id);
    expect(row).toMatchObject({ status: 'paid', paymentId });
    expect(row?.paidAt).toBeInstanceOf(Date);
  });

  it('says when our electricians install what was bought (a Lumos kit: installation true)', async () => {
    const res = await postOrder(
      t.app,
      orderBody('Lumos Home Kit', {
        installation_address: { city: 'Pune', pincode: '411001', address: '4 Camp Road' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ order_id: string }>();
    const paymentId = providerStyleId('pay');
    const paid = await verify(checkoutAnswer(order.order_id, paymentId));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', installation: true });
  });

  it('is idempotent: verifying again answers the same paid result and changes nothing', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const body = checkoutAnswer(order.order_id, paymentId);
    const first = await verify(body);
    const paidAt = (await orderRow(t.db, order.order_id))?.paidAt;
    const second = await verify(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await orderRow(t.db, order.order_id))?.paidAt).toEqual(paidAt);
  });

  it('answers 409 for a different payment of an already paid order', async () => {
    const order = await createOrder(t.app);
    const first = providerStyleId('pay');
    const second = providerStyleId('pay');
    await verify(checkoutAnswer(order.order_id, first));
    const res = await verify(checkoutAnswer(order.order_id, second));
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t.db, order.order_id))?.paymentId).toBe(first);
  });

  it('rejects a tampered signature with 400 invalid_signature and leaves the order unpaid', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const good = sign(order.order_id, paymentId);
    const tampered = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    for (const signature of [
      tampered,
      good.slice(0, 10),
      'not-hex-at-all',
      sign(order.order_id, 'pay_other'),
    ]) {
      const res = await verify({
        razorpay_order_id: order.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PAYMENT_ERROR.invalidSignature);
    }
    expect((await orderRow(t.db, order.order_id))?.status).toBe('created');
  });

  it('rejects a signature made with another secret', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const res = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature('some-other-secret', order.order_id, paymentId),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown order', async () => {
    const orderId = providerStyleId('order');
    const paymentId = providerStyleId('pay');
    const res = await verify(checkoutAnswer(orderId, paymentId));
    expect(res.statusCode).toBe(404);
  });

  it('validates its body', async () => {
    const res = await verify({
      razorpay_order_id: 'order_x',
      razorpay_payment_id: '',
      razorpay_signature: 'x',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('payment calls are public: a signed-in user is treated like anyone', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const order = await createOrder(t.app);
    const { headers } = await csrf(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/orders/${order.order_id}/pay`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload: { outcome: 'success' },
    });
    expect(res.statusCode).toBe(200);
  });
});
