import { STOREFRONT_MSG } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema/index.ts';
import { createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { NEWSLETTER_RATE_LIMIT } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function subscribe(payload: object, remoteAddress = freshIp()) {
  const { headers } = await csrf(t.app);
  return t.app.inject({ method: 'POST', url: '/api/newsletter', headers, payload, remoteAddress });
}

describe('POST /api/newsletter', () => {
  it('subscribes an e-mail once (lower-cased): 201, then 200 already subscribed', async () => {
    const first = await subscribe({ email: 'Reader@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: STOREFRONT_MSG.newsletterSubscribed });
    const again = await subscribe({ email: '  reader@example.COM ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: STOREFRONT_MSG.newsletterAlreadySubscribed });
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid or missing e-mail with 400', async () => {
    for (const payload of [{ email: 'nope' }, { email: '' }, {}]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
  });

  it(`allows ${NEWSLETTER_RATE_LIMIT.max} calls per IP per 10 minutes, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i += 1) {
      expect((await subscribe({ email: `limit-${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    const res = await subscribe({ email: 'one-more@example.com' }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a call without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'x@example.com' },
    });
    expect(res.statusCode).toBe(403);
  });
});
