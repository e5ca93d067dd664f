import { createECDH, randomBytes } from 'node:crypto';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ROLE, type NotificationList, type NotificationPreferences } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, pushSubscriptions } from '../../db/schema/index.ts';
import { selfSignedCertificate } from '../../test/tls.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { WebPushSender } from './push.ts';

/** A push request as the fake push service received it. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A local push service (https, as web-push requires): records requests, answers with `status(path)`. */
async function fakePushService(status: (path: string) => number) {
  const tls = selfSignedCertificate();
  const received: Received[] = [];
  const server: Server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status(req.url ?? '');
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, agent: new Agent({ ca: tls.cert }), close: () => server.close() };
}

/** A browser's push subscription: its ECDH key pair and auth secret (to decrypt what it is sent). */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

describe('notification centre', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof fakePushService>>;

  beforeAll(async () => {
    push = await fakePushService((path) => (path.startsWith('/gone') ? 410 : 201));
    t = await createTestApp({
      env: { PUSH_SERVICES: push.origin, NOTIFICATION_PUSH_POLL_MS: '600000' },
      pushSender: new WebPushSender(
        {
          publicKey:
            'BBEFPVW8vZMQhIHF89E-1wApPkALnSTzWXTbO3sRoP8hrQuE9o7LW7l9dQyhWZxNatGmVwKzHT8HJg3yBi2QSjk',
          privateKey: 'B--rrA9QHHx0VpBEd3_gPnd1-4uC-OzikkT9yY5Y5KM',
          subject: 'mailto:dev@isaac.invalid',
        },
        push.agent,
      ),
    });
  });
  afterAll(async () => {
    await t.close();
    push.close();
  });

  const notify = (
    userId: string,
    input: Parameters<TestApp['app']['services']['notifications']['notify']>[2],
  ) => t.app.services.notifications.notify(t.db, userId, input);

  it('lists a person’s notifications newest first with the unread count, and marks them read', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const other = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    await notify(user.id, {
      kind: 'order_paid',
      title: 'Order paid',
      body: 'ISAAC-1 is paid.',
      link: '/owner/orders',
    });
    t.clock.advance(1000);
    await notify(user.id, { kind: 'device_offline', title: 'Purifier offline', body: 'Since 10:00.' });

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers })
    ).json<NotificationList>();
    expect(list.total).toBe(2);
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n) => n.title)).toEqual(['Purifier offline', 'Order paid']);
    expect(list.notifications[1]).toMatchObject({ kind: 'order_paid', link: '/owner/orders', read_at: null });

    const id = list.notifications[1]!._id;
    // Someone else's notification is not found for them.
    const otherHeaders = await authed(t.app, other.token);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: otherHeaders }))
        .statusCode,
    ).toBe(404);
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers });
    expect(read.json()).toEqual({ unread: 1 });
    const unread = await t.app.inject({ method: 'GET', url: '/api/notifications?unread=true', headers });
    expect(unread.json<NotificationList>().notifications.map((n) => n.title)).toEqual(['Purifier offline']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers })).json(),
    ).toEqual({ unread: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers })).json(),
    ).toEqual({ unread: 0 });
  });

  it('keeps preferences: defaults, a change of some kinds, a bad time zone refused', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const defaults = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers })
    ).json<NotificationPreferences>();
    expect(defaults).toMatchObject({ quiet_hours: null, offline_is_urgent: true, time_zone: 'Asia/Kolkata' });
    expect(defaults.channels.order_paid).toEqual(['push']);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { channels: { order_paid: ['email'] }, quiet_hours: { from: '22:00', to: '07:00' } },
    });
    expect(put.statusCode).toBe(200);
    const saved = put.json<NotificationPreferences>();
    expect(saved.channels.order_paid).toEqual(['email']);
    expect(saved.channels.device_offline).toEqual(defaults.channels.device_offline);
    expect(saved.quiet_hours).toEqual({ from: '22:00', to: '07:00' });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    const badTime = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { quiet_hours: { from: '25:00', to: '07:00' } },
    });
    expect(badTime.statusCode).toBe(400);
  });

  it('e-mails the kinds a person chose through the outbox, and not during quiet hours', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    await notify(user.id, {
      kind: 'filter_low',
      title: 'Your order is paid',
      body: 'Thank you.',
      link: '/owner/orders',
    });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, 'notification')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your order is paid');
    expect(mails[0]!.text).toContain('/owner/orders');

    // Quiet all day: the bell only.
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { quiet_hours: { from: '00:00', to: '00:00' } },
    });
    await notify(user.id, { kind: 'filter_low', title: 'Second order paid', body: '…' });
    const after = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, 'notification')));
    expect(after).toHaveLength(1);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.title, 'Second order paid'));
    expect(row?.userId).toBe(user.id);
  });

  it('notifies about a subject once within its window', async () => {
    const { user } = await t.signIn(ROLE.owner);
    const alert = {
      kind: 'air_quality' as const,
      title: 'Living room: Poor',
      body: 'PM2.5 130',
      subject: 'room:1:poor',
      onceWithinMs: 30 * 60_000,
    };
    expect(await notify(user.id, alert)).not.toBeNull();
    t.clock.advance(10 * 60_000);
    expect(await notify(user.id, alert)).toBeNull();
    t.clock.advance(21 * 60_000);
    expect(await notify(user.id, alert)).not.toBeNull();
    expect(await t.app.services.notifications.unreadCount(user.id)).toBe(2);
  });

  it('pushes to the browser with a valid VAPID signature and an encrypted payload it can read', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const key = (await t.app.inject({ method: 'GET', url: '/api/notifications/push-key', headers })).json<{
      public_key: string;
    }>();
    expect(key.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    // Only push services the server knows: never a URL a browser made up.
    const made = browserSubscription('https://attacker.example/collect');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/push-subscriptions',
          headers,
          payload: made.body,
        })
      ).statusCode,
    ).toBe(400);
    const internal = browserSubscription('http://127.0.0.1:5432/');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/push-subscriptions',
          headers,
          payload: internal.body,
        })
      ).statusCode,
    ).toBe(400);

    const browser = browserSubscription(`${push.origin}/push/${user.id}`);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      headers,
      payload: browser.body,
    });
    expect(subscribed.statusCode).toBe(200);

    await notify(user.id, {
      kind: 'device_offline',
      title: 'Purifier offline',
      body: 'Living Room Purifier stopped reporting.',
      link: '/owner/devices',
    });
    // (Earlier tests' people have pending pushes too, with no browser to reach.)
    expect(await t.app.services.pushWorker!.runOnce()).toBeGreaterThanOrEqual(1);
    const request = push.received.find((r) => r.path === `/push/${user.id}`);
    expect(request).toBeDefined();

    // VAPID (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key, for the service's origin.
    const authorization = String(request!.headers.authorization);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    expect(k).toBe(key.public_key);
    const raw = Buffer.from(k!, 'base64url');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(jwt!, publicKey, { audience: push.origin });
    expect(payload.sub).toBe('mailto:dev@isaac.invalid');
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());

    // RFC 8291: aes128gcm content the browser decrypts with its key pair and auth secret.
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    const plain = ece.decrypt(request!.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth.toString('base64url'),
    });
    expect(JSON.parse(plain.toString('utf8'))).toMatchObject({
      title: 'Purifier offline',
      link: '/owner/devices',
    });

    // Sent once: the next round has nothing to send.
    expect(await t.app.services.pushWorker!.runOnce()).toBe(0);
  });

  it('removes a subscription its push service says is gone (410)', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const browser = browserSubscription(`${push.origin}/gone/${user.id}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscriptions',
      headers,
      payload: browser.body,
    });
    await notify(user.id, { kind: 'device_offline', title: 'Switch offline', body: '…' });
    await t.app.services.pushWorker!.runOnce();
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
      [],
    );
  });
});
