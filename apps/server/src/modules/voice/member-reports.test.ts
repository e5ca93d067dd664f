/**
 * Voice state reaches the household (issue 32): a device's new state is reported to every member of its home
 * who sees it and linked an assistant — Google's Report State per person (their agentUserId), an Alexa
 * ChangeReport with each person's own token — not to the person who added it alone; a guest of another room,
 * a removed member and a stranger are not told. A home's device change and a member's access change ask
 * Google to sync, and send Alexa each person's endpoints (AddOrUpdateReport) and those they no longer reach
 * (DeleteReport). Local fakes of HomeGraph, Login with Amazon and Alexa's event gateway.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alexaGrants } from '../../db/schema/index.ts';
import { auditContextFor, createTestApp, until, type TestApp } from '../../test/helpers.ts';
import { addMember, homeWith, person, type Person } from '../../test/homes-world.ts';
import { linkOwner, registerTestClient } from '../../test/oauth-linking.ts';

interface Call {
  path: string;
  body: string;
  authorization: string | undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });
}

let t: TestApp;
let fake: Server;
const calls: Call[] = [];
let home: Awaited<ReturnType<typeof homeWith>>;
const people = {} as Record<'owner' | 'member' | 'guest' | 'bedroomGuest' | 'removed' | 'stranger', Person>;
let removedMembership: string;
/** Each person's access token at Alexa's skill (what Alexa sends in a directive's scope). */
const alexaTokens = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  // One local fake for Google (token, Report State, Request Sync) and Amazon (Login with Amazon, events):
  // an access token names the grant code it came from, so each person's ChangeReports are told apart.
  fake = createServer((request, response) => {
    void readBody(request).then((body) => {
      calls.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
      const form = new URLSearchParams(body);
      const answer =
        request.url === '/token'
          ? { access_token: 'ya29.fake', expires_in: 3600 }
          : request.url === '/auth/o2/token'
            ? {
                access_token: `Atza|${form.get('code') ?? form.get('refresh_token')}`,
                refresh_token: `Atzr|${form.get('code') ?? 'again'}`,
                token_type: 'bearer',
                expires_in: 3600,
              }
            : {};
      response.writeHead(request.url === '/v3/events' ? 202 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyFile = join(mkdtempSync(join(tmpdir(), 'homegraph-')), 'key.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      client_email: 'isaac@test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${base}/token`,
    }),
  );
  t = await createTestApp({
    env: {
      GOOGLE_HOMEGRAPH_KEY_FILE: keyFile,
      GOOGLE_HOMEGRAPH_URL: base,
      GOOGLE_OAUTH_CLIENT_ID: 'google-home',
      ALEXA_LWA_CLIENT_ID: 'amzn1.application-oa2-client.test',
      ALEXA_LWA_CLIENT_SECRET: 'lwa-secret',
      ALEXA_LWA_TOKEN_URL: `${base}/auth/o2/token`,
      ALEXA_EVENT_GATEWAY_URL: `${base}/v3/events`,
    },
  });
  for (const [key, name] of [
    ['owner', 'Omar Owner'],
    ['member', 'Asha Member'],
    ['guest', 'Gita Guest'],
    ['bedroomGuest', 'Bela Bedroom'],
    ['removed', 'Rita Removed'],
    ['stranger', 'Sam Stranger'],
  ] as const) {
    people[key] = await person(t, name);
  }
  home = await homeWith(t, people.owner, 'V');
  await homeWith(t, people.stranger, 'W');
  const later = new Date(Date.now() + 24 * 3_600_000);
  await addMember(t, home.homeId, people.member, 'member');
  await addMember(t, home.homeId, people.guest, 'guest', { rooms: [home.living], endsAt: later });
  await addMember(t, home.homeId, people.bedroomGuest, 'guest', { rooms: [home.bedroom], endsAt: later });
  removedMembership = await addMember(t, home.homeId, people.removed, 'member');

  // Everyone links Google Home and enables the Alexa skill (AcceptGrant with a code of their own).
  const { user: admin } = await t.createUser({ role: ROLE.admin });
  const google = await t.app.services.oauth.createClient(
    {
      name: 'Google Home',
      client_id: 'google-home',
      redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/isaac-home-test'],
      public: false,
    },
    auditContextFor(admin.id),
  );
  const alexa = await registerTestClient(t, 'Alexa');
  for (const [key, who] of Object.entries(people)) {
    await linkOwner(t, google, who);
    const { access_token: token } = await linkOwner(t, alexa, who);
    alexaTokens[key as keyof typeof people] = token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/voice/alexa',
      payload: {
        directive: {
          header: {
            namespace: 'Alexa.Authorization',
            name: 'AcceptGrant',
            messageId: `grant-${key}`,
            payloadVersion: '3',
          },
          payload: {
            grant: { type: 'OAuth2.AuthorizationCode', code: key },
            grantee: { type: 'BearerToken', token },
          },
        },
      },
    });
    expect(res.json<{ event: { header: { name: string } } }>().event.header.name).toBe(
      'AcceptGrant.Response',
    );
  }
  // The removed member's access ends (their links stay: they are linked, just no longer in this home).
  const ended = await t.app.inject({
    method: 'DELETE',
    url: `/api/homes/${home.homeId}/members/${removedMembership}`,
    headers: await people.owner.headers(),
  });
  expect(ended.statusCode, ended.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

const nameOf = (userId: string) => Object.entries(people).find(([, p]) => p.user.id === userId)?.[0];
const reportsOf = (deviceId: string) =>
  calls
    .filter((c) => c.path === '/v1/devices:reportStateAndNotification')
    .map((c) => JSON.parse(c.body) as { agentUserId: string; payload: { devices: { states: object } } })
    .filter((r) => deviceId in r.payload.devices.states)
    .map((r) => nameOf(r.agentUserId))
    .sort();
const changeReportsOf = (deviceId: string) =>
  calls
    .filter((c) => c.path === '/v3/events')
    .map(
      (c) =>
        JSON.parse(c.body) as {
          event: { header: { name: string }; endpoint: { endpointId: string; scope: { token: string } } };
        },
    )
    .filter((e) => e.event.header.name === 'ChangeReport' && e.event.endpoint.endpointId === deviceId)
    .map((e) => e.event.endpoint.scope.token.replace('Atza|', ''))
    .sort();

interface DiscoveryReport {
  event: {
    header: { namespace: string; name: string; payloadVersion: string; messageId: string };
    payload: { endpoints: { endpointId: string }[]; scope: { type: string; token: string } };
  };
}
/** The Alexa.Discovery reports sent since `from` (an index into `calls`), as person → endpoint ids. */
const discoveryReports = (from: number, name: 'AddOrUpdateReport' | 'DeleteReport') =>
  calls
    .slice(from)
    .filter((c) => c.path === '/v3/events')
    .map((c) => JSON.parse(c.body) as DiscoveryReport)
    .filter((e) => e.event.header.namespace === 'Alexa.Discovery' && e.event.header.name === name)
    .map((e) => ({
      // A token names the grant code it came from (a refreshed one: `Atza|Atzr|<code>`).
      who: e.event.payload.scope.token.replace(/^Atza\|(Atzr\|)?/, ''),
      endpoints: e.event.payload.endpoints.map((p) => p.endpointId).sort(),
    }))
    .sort((a, b) => a.who.localeCompare(b.who));

const toggle = async (who: Person, deviceId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/devices/${deviceId}/toggle`,
    headers: await who.headers(home.homeId),
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('a device’s new state reaches every member who sees it', () => {
  it('the living room purifier: owner, member and the living room’s guest, on Google and Alexa', async () => {
    await toggle(people.member, home.livingPurifier);
    const expected = ['guest', 'member', 'owner'];
    expect(await until(async () => reportsOf(home.livingPurifier).length === 3, 5000)).toBe(true);
    expect(await until(async () => changeReportsOf(home.livingPurifier).length === 3, 5000)).toBe(true);
    expect(reportsOf(home.livingPurifier)).toEqual(expected);
    expect(changeReportsOf(home.livingPurifier)).toEqual(expected);
    const change = calls.find((c) => c.path === '/v3/events' && c.body.includes('ChangeReport'))!;
    expect(change.authorization).toMatch(/^Bearer Atza\|/);
    expect(JSON.parse(change.body)).toMatchObject({
      event: {
        payload: {
          change: {
            properties: [
              { namespace: 'Alexa.PowerController', name: 'powerState', value: 'ON' },
              { namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'OK' } },
            ],
          },
        },
      },
    });
  });

  it('the bedroom purifier: the bedroom’s guest, not the living room’s; never the removed member or a stranger', async () => {
    await toggle(people.owner, home.bedroomPurifier);
    expect(await until(async () => reportsOf(home.bedroomPurifier).length === 3, 5000)).toBe(true);
    expect(await until(async () => changeReportsOf(home.bedroomPurifier).length === 3, 5000)).toBe(true);
    expect(reportsOf(home.bedroomPurifier)).toEqual(['bedroomGuest', 'member', 'owner']);
    expect(changeReportsOf(home.bedroomPurifier)).toEqual(['bedroomGuest', 'member', 'owner']);
    const everyone = [...reportsOf(home.livingPurifier), ...reportsOf(home.bedroomPurifier)];
    expect(everyone).not.toContain('removed');
    expect(everyone).not.toContain('stranger');
  });

  it('an expired Alexa token is refreshed at Login with Amazon before the event', async () => {
    await t.db
      .update(alexaGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(alexaGrants.userId, people.owner.user.id));
    const before = calls.filter((c) => c.path === '/auth/o2/token').length;
    await toggle(people.owner, home.livingPurifier);
    expect(
      await until(async () => calls.filter((c) => c.path === '/auth/o2/token').length === before + 1, 5000),
    ).toBe(true);
    const refresh = new URLSearchParams(calls.filter((c) => c.path === '/auth/o2/token').at(-1)!.body);
    expect(refresh.get('grant_type')).toBe('refresh_token');
    expect(refresh.get('refresh_token')).toBe('Atzr|owner');
  });
});

describe('Google is asked to sync the people whose devices changed', () => {
  it('a device moved to another room: every live member of the home, guests too', async () => {
    const before = calls.length;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${home.bedroomPurifier}/assign-room`,
      headers: await people.owner.headers(home.homeId),
      payload: { room_id: home.living },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const syncs = () =>
      calls
        .slice(before)
        .filter((c) => c.path === '/v1/devices:requestSync')
        .map((c) => nameOf((JSON.parse(c.body) as { agentUserId: string }).agentUserId))
        .sort();
    expect(await until(async () => syncs().length === 4, 5000)).toBe(true);
    expect(syncs()).toEqual(['bedroomGuest', 'guest', 'member', 'owner']);
    // Alexa: each live member who enabled the skill is sent the endpoints they reach now — both purifiers in
    // the living room, so the bedroom's guest reaches none (and Alexa was never told of one: no report).
    const both = [home.livingPurifier, home.bedroomPurifier].sort();
    expect(await until(async () => discoveryReports(before, 'AddOrUpdateReport').length === 3, 5000)).toBe(
      true,
    );
    expect(discoveryReports(before, 'AddOrUpdateReport')).toEqual([
      { who: 'guest', endpoints: both },
      { who: 'member', endpoints: both },
      { who: 'owner', endpoints: both },
    ]);
    expect(discoveryReports(before, 'DeleteReport')).toEqual([]);
  });

  it('a member whose access ends', async () => {
    const again = await addMember(t, home.homeId, people.removed, 'member');
    // Back in the home, they ask Alexa to discover: Alexa now knows both purifiers as theirs.
    const discovered = await t.app.inject({
      method: 'POST',
      url: '/api/voice/alexa',
      payload: {
        directive: {
          header: { namespace: 'Alexa.Discovery', name: 'Discover', messageId: 'd-1', payloadVersion: '3' },
          payload: { scope: { type: 'BearerToken', token: alexaTokens.removed } },
        },
      },
    });
    const found = discovered.json<{ event: { payload: { endpoints: { endpointId: string }[] } } }>();
    expect(found.event.payload.endpoints.map((e) => e.endpointId).sort()).toEqual(
      [home.livingPurifier, home.bedroomPurifier].sort(),
    );
    const before = calls.length;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/homes/${home.homeId}/members/${again}`,
      headers: await people.owner.headers(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const syncs = () => calls.slice(before).filter((c) => c.path === '/v1/devices:requestSync');
    expect(await until(async () => syncs().length === 1, 5000)).toBe(true);
    expect(nameOf((JSON.parse(syncs()[0]!.body) as { agentUserId: string }).agentUserId)).toBe('removed');
    // Alexa is told to forget the home's endpoints for them (a DeleteReport with their own token), and nobody
    // else hears of it.
    expect(await until(async () => discoveryReports(before, 'DeleteReport').length === 1, 5000)).toBe(true);
    expect(discoveryReports(before, 'DeleteReport')).toEqual([
      { who: 'removed', endpoints: [home.livingPurifier, home.bedroomPurifier].sort() },
    ]);
    expect(discoveryReports(before, 'AddOrUpdateReport')).toEqual([]);
    const deleted = calls.slice(before).find((c) => c.body.includes('DeleteReport'))!;
    expect(deleted.authorization).toBe(`Bearer Atza|removed`);
    expect(JSON.parse(deleted.body)).toMatchObject({
      event: {
        header: { namespace: 'Alexa.Discovery', name: 'DeleteReport', payloadVersion: '3' },
        payload: { scope: { type: 'BearerToken', token: 'Atza|removed' } },
      },
    });

    // Told once: another change of their access finds nothing more to delete.
    const after = calls.length;
    await t.app.services.voice.alexaDiscoveryChanged(people.removed.user.id);
    expect(discoveryReports(after, 'DeleteReport')).toEqual([]);
  });
});
