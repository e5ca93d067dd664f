import { ROLE } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alexaGrants,
  auditLog,
  deviceActivity,
  devices,
  rooms,
  type UserRow,
} from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { linkOwner, registerTestClient } from '../../test/oauth-linking.ts';

const PURIFIER = '11111111-1111-4111-8111-111111111111';
const SWITCH = '22222222-2222-4222-8222-222222222222';
const SENSOR = '33333333-3333-4333-8333-333333333333';
const OFFLINE = '44444444-4444-4444-8444-444444444444';
const THEIRS = '55555555-5555-4555-8555-555555555555';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** A fixture with its placeholder ids and token replaced (the documentation's examples, our ids). */
function withToken(
  name: string,
  token: string,
  replace: Record<string, string> = {},
): Record<string, unknown> {
  let text = JSON.stringify(fixture(name)).replaceAll('access-token-from-skill', token);
  for (const [from, to] of Object.entries(replace)) text = text.replaceAll(from, to);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A home: a purifier in the living room, a two-gang switch, a sensor, an offline purifier; and a stranger's device. */
async function seedHome(t: TestApp): Promise<{ owner: { user: UserRow; password: string } }> {
  const owner = await t.createUser({ role: ROLE.owner, name: 'Omar Owner' });
  const stranger = await t.createUser({ role: ROLE.owner });
  const [room] = await t.db
    .insert(rooms)
    .values({ name: 'Living Room', type: 'living_room', userId: owner.user.id })
    .returning();
  const base = { userId: owner.user.id, isConnected: true, model: 'M' };
  await t.db.insert(devices).values([
    {
      ...base,
      id: PURIFIER,
      name: 'Purifier',
      type: 'isaac',
      serialNumber: `V-${PURIFIER}`,
      roomId: room!.id,
      fanSpeed: 'medium',
      pm25: 42,
    },
    {
      ...base,
      id: SWITCH,
      name: 'Hall switch',
      type: 'lumos',
      serialNumber: `V-${SWITCH}`,
      gangCount: 2,
      gangStates: [false, false],
      gangNames: ['Ceiling light'],
    },
    { ...base, id: SENSOR, name: 'Air sensor', type: 'skywalker', serialNumber: `V-${SENSOR}`, pm25: 130 },
    {
      ...base,
      id: OFFLINE,
      name: 'Bedroom purifier',
      type: 'isaac',
      serialNumber: `V-${OFFLINE}`,
      isConnected: false,
      fanSpeed: 'low',
    },
    {
      id: THEIRS,
      name: 'Not yours',
      type: 'isaac',
      model: 'M',
      serialNumber: `V-${THEIRS}`,
      userId: stranger.user.id,
      isConnected: true,
    },
  ]);
  return { owner };
}

const google = (t: TestApp, token: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/voice/google',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
const alexa = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/voice/alexa', payload: body as object });

const powerOf = async (t: TestApp, id: string) =>
  (
    await t.db
      .select({ on: devices.powerOn, fan: devices.fanSpeed, gangs: devices.gangStates })
      .from(devices)
      .where(eq(devices.id, id))
  )[0];

describe('Google Home fulfillment', () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  let clientName: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { owner } = await seedHome(t);
    ownerId = owner.user.id;
    const client = await registerTestClient(t);
    clientName = client.client.name;
    token = (await linkOwner(t, client, owner)).access_token;
  });
  afterAll(() => t.close());

  it('SYNC: ISAAC as AIRPURIFIER, SKYWALKER as SENSOR, each Lumos gang a SWITCH named after it; room hints; stable agentUserId', async () => {
    const res = await google(t, token, fixture('google-sync.request.json'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      requestId: string;
      payload: { agentUserId: string; devices: Array<Record<string, unknown>> };
    }>();
    expect(body.requestId).toBe(fixture('google-sync.request.json').requestId);
    expect(body.payload.agentUserId).toBe(ownerId);
    const byId = new Map(body.payload.devices.map((d) => [d.id as string, d]));
    expect(byId.get(PURIFIER)).toMatchObject({
      type: 'action.devices.types.AIRPURIFIER',
      traits: expect.arrayContaining([
        'action.devices.traits.OnOff',
        'action.devices.traits.FanSpeed',
        'action.devices.traits.SensorState',
      ]),
      roomHint: 'Living Room',
      willReportState: true,
    });
    expect(byId.get(SENSOR)).toMatchObject({
      type: 'action.devices.types.SENSOR',
      traits: ['action.devices.traits.SensorState'],
    });
    expect(byId.get(`${SWITCH}:g0`)).toMatchObject({
      type: 'action.devices.types.SWITCH',
      name: { name: 'Ceiling light' },
    });
    expect(byId.get(`${SWITCH}:g1`)).toMatchObject({
      type: 'action.devices.types.SWITCH',
      name: { name: 'Switch 2' },
    });
    expect(byId.has(THEIRS)).toBe(false);
    expect(byId.has(SWITCH)).toBe(false);
  });

  it("QUERY: states, PM2.5 and air quality, offline devices online:false, another owner's device not found", async () => {
    const body = withToken('google-query.request.json', token, { 'unknown-device': THEIRS });
    (body.inputs as Array<{ payload: { devices: Array<{ id: string }> } }>)[0]!.payload.devices.push({
      id: OFFLINE,
    });
    const res = await google(t, token, body);
    expect(res.statusCode, res.body).toBe(200);
    const states = res.json<{ payload: { devices: Record<string, Record<string, unknown>> } }>().payload
      .devices;
    expect(states[PURIFIER]).toMatchObject({
      online: true,
      status: 'SUCCESS',
      on: false,
      currentFanSpeedSetting: 'medium',
    });
    expect(states[PURIFIER]!.currentSensorStateData).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'PM2.5', rawValue: 42 })]),
    );
    expect(states[SENSOR]!.currentSensorStateData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'AirQuality', currentSensorState: 'very unhealthy' }),
      ]),
    );
    expect(states[`${SWITCH}:g1`]).toMatchObject({ online: true, on: false });
    expect(states[OFFLINE]).toMatchObject({ online: false });
    expect(states[THEIRS]).toMatchObject({ status: 'ERROR', errorCode: 'deviceNotFound' });
  });

  it('EXECUTE OnOff: through the device-command service on channel voice, the assistant named; offline and foreign devices refused', async () => {
    const body = withToken('google-execute-onoff.request.json', token, { 'unknown-device': THEIRS });
    const commands = (
      body.inputs as Array<{ payload: { commands: Array<{ devices: Array<{ id: string }> }> } }>
    )[0]!.payload.commands;
    commands[0]!.devices.push({ id: OFFLINE });
    const res = await google(t, token, body);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{
      payload: {
        commands: Array<{
          ids: string[];
          status: string;
          errorCode?: string;
          states?: Record<string, unknown>;
        }>;
      };
    }>().payload.commands;
    const of = (id: string) => results.find((r) => r.ids.includes(id));
    expect(of(PURIFIER)).toMatchObject({ status: 'SUCCESS', states: { online: true, on: true } });
    expect(of(`${SWITCH}:g0`)).toMatchObject({ status: 'SUCCESS', states: { on: true } });
    expect(of(SENSOR)).toMatchObject({ status: 'ERROR', errorCode: 'functionNotSupported' });
    expect(of(OFFLINE)).toMatchObject({ status: 'OFFLINE', errorCode: 'deviceOffline' });
    expect(of(THEIRS)).toMatchObject({ status: 'ERROR', errorCode: 'deviceNotFound' });

    expect(await powerOf(t, PURIFIER)).toMatchObject({ on: true });
    expect(await powerOf(t, SWITCH)).toMatchObject({ gangs: [true, false] });
    expect(await powerOf(t, THEIRS)).toMatchObject({ on: false });
    expect(await powerOf(t, OFFLINE)).toMatchObject({ on: false });
    const [activity] = await t.db.select().from(deviceActivity).where(eq(deviceActivity.deviceId, PURIFIER));
    expect(activity).toMatchObject({ channel: 'voice', actorUserId: ownerId, action: 'power_on' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, PURIFIER), eq(auditLog.action, 'device.command')));
    expect(entry).toMatchObject({
      channel: 'voice',
      actorId: ownerId,
      actorName: `Omar Owner via ${clientName}`,
    });
  });

  it("EXECUTE SetFanSpeed changes the purifier's speed", async () => {
    const res = await google(t, token, fixture('google-execute-fanspeed.request.json'));
    const results = res.json<{
      payload: { commands: Array<{ ids: string[]; status: string; states?: Record<string, unknown> }> };
    }>().payload.commands;
    expect(results.find((r) => r.ids.includes(PURIFIER))).toMatchObject({
      status: 'SUCCESS',
      states: { currentFanSpeedSetting: 'high' },
    });
    expect(await powerOf(t, PURIFIER)).toMatchObject({ fan: 'high' });
  });

  it('refuses a missing or unknown token with 401, and a malformed request with 400', async () => {
    expect((await google(t, 'isaac_at_nope', fixture('google-sync.request.json'))).statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/voice/google',
      payload: fixture('google-sync.request.json'),
    });
    expect(none.statusCode).toBe(401);
    expect(
      (await google(t, token, { requestId: 'x', inputs: [{ intent: 'action.devices.NOPE' }] })).statusCode,
    ).toBe(400);
  });

  it('DISCONNECT ends the link: the token is refused afterwards', async () => {
    const res = await google(t, token, fixture('google-disconnect.request.json'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await google(t, token, fixture('google-sync.request.json'))).statusCode).toBe(401);
  });
});

describe('Alexa Smart Home', () => {
  let t: TestApp;
  let token: string;
  let lwa: Server;
  let lwaRequests: string[] = [];
  beforeAll(async () => {
    // A local fake of Login with Amazon's token endpoint (AcceptGrant's exchange).
    lwa = createServer((request, response) => {
      void readBody(request).then((body) => {
        lwaRequests.push(body);
        const code = new URLSearchParams(body).get('code');
        response.writeHead(code === 'bad-code' ? 400 : 200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            code === 'bad-code'
              ? { error: 'invalid_grant' }
              : {
                  access_token: 'Atza|lwa-access',
                  refresh_token: 'Atzr|lwa-refresh',
                  token_type: 'bearer',
                  expires_in: 3600,
                },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => lwa.listen(0, '127.0.0.1', resolve));
    const port = (lwa.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        ALEXA_LWA_CLIENT_ID: 'amzn1.application-oa2-client.test',
        ALEXA_LWA_CLIENT_SECRET: 'lwa-secret',
        ALEXA_LWA_TOKEN_URL: `http://127.0.0.1:${port}/auth/o2/token`,
      },
    });
    const { owner } = await seedHome(t);
    token = (await linkOwner(t, await registerTestClient(t, 'Alexa'), owner)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => lwa.close(resolve));
  });

  it('Discover: AIR_PURIFIER, AIR_QUALITY_MONITOR and a SWITCH per gang, each with EndpointHealth', async () => {
    const res = await alexa(t, withToken('alexa-discover.directive.json', token));
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json<{
      event: { header: { name: string }; payload: { endpoints: Array<Record<string, unknown>> } };
    }>().event;
    expect(event.header.name).toBe('Discover.Response');
    const byId = new Map(event.payload.endpoints.map((e) => [e.endpointId as string, e]));
    expect(byId.get(PURIFIER)).toMatchObject({ displayCategories: ['AIR_PURIFIER'] });
    expect(byId.get(`${SWITCH}:g0`)).toMatchObject({
      displayCategories: ['SWITCH'],
      friendlyName: 'Ceiling light',
    });
    for (const endpoint of byId.values()) {
      expect((endpoint.capabilities as Array<{ interface: string }>).map((c) => c.interface)).toContain(
        'Alexa.EndpointHealth',
      );
    }
    expect(byId.has(THEIRS)).toBe(false);
  });

  it('TurnOn → Response with powerState ON; ReportState → StateReport; offline → ENDPOINT_UNREACHABLE; foreign → NO_SUCH_ENDPOINT', async () => {
    const on = await alexa(t, withToken('alexa-turn-on.directive.json', token));
    const response = on.json<{
      event: { header: { name: string; correlationToken?: string } };
      context: { properties: Array<{ name: string; value: unknown }> };
    }>();
    expect(response.event.header).toMatchObject({
      name: 'Response',
      correlationToken: 'dFMb0z+PgpgdDmluhJ1LddFvSqZ/jCc8ptlAKulUj90jSqg==',
    });
    expect(response.context.properties).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'powerState', value: 'ON' })]),
    );
    expect(await powerOf(t, SWITCH)).toMatchObject({ gangs: [false, true] });

    const report = await alexa(t, withToken('alexa-report-state.directive.json', token));
    expect(report.json()).toMatchObject({ event: { header: { name: 'StateReport' } } });

    const offline = await alexa(
      t,
      withToken('alexa-turn-on.directive.json', token, { [`${SWITCH}:g1`]: OFFLINE }),
    );
    expect(offline.json()).toMatchObject({
      event: { header: { name: 'ErrorResponse' }, payload: { type: 'ENDPOINT_UNREACHABLE' } },
    });
    const theirs = await alexa(t, withToken('alexa-turn-off.directive.json', token, { [PURIFIER]: THEIRS }));
    expect(theirs.json()).toMatchObject({ event: { payload: { type: 'NO_SUCH_ENDPOINT' } } });
    expect(await powerOf(t, THEIRS)).toMatchObject({ on: false });
  });

  it('AcceptGrant exchanges the code at Login with Amazon (the local fake) and keeps the tokens sealed', async () => {
    lwaRequests = [];
    const res = await alexa(t, withToken('alexa-accept-grant.directive.json', token));
    expect(res.json()).toMatchObject({
      event: { header: { namespace: 'Alexa.Authorization', name: 'AcceptGrant.Response' } },
    });
    expect(new URLSearchParams(lwaRequests[0]).get('grant_type')).toBe('authorization_code');
    const [row] = await t.db.select().from(alexaGrants);
    expect(row!.accessTokenSealed).not.toContain('lwa-access');
    const bad = await alexa(
      t,
      withToken('alexa-accept-grant.directive.json', token, {
        'VGhpcyBpcyBhbiBhdXRob3JpemF0aW9uIGNvZGUuIDotKQ==': 'bad-code',
      }),
    );
    expect(bad.json()).toMatchObject({
      event: { header: { name: 'ErrorResponse' }, payload: { type: 'ACCEPT_GRANT_FAILED' } },
    });
  });

  it('a revoked token is INVALID_AUTHORIZATION_CREDENTIAL', async () => {
    const res = await alexa(t, withToken('alexa-discover.directive.json', 'isaac_at_revoked'));
    expect(res.json()).toMatchObject({
      event: { header: { name: 'ErrorResponse' }, payload: { type: 'INVALID_AUTHORIZATION_CREDENTIAL' } },
    });
  });
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });
}

describe('HomeGraph: Report State and Request Sync (a local fake of Google)', () => {
  let t: TestApp;
  let fake: Server;
  const calls: Array<{ path: string; body: string; authorization: string | undefined }> = [];
  let ownerHeaders: Record<string, string>;
  beforeAll(async () => {
    fake = createServer((request, response) => {
      void readBody(request).then((body) => {
        calls.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          request.url === '/token' ? JSON.stringify({ access_token: 'ya29.fake', expires_in: 3600 }) : '{}',
        );
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
      },
    });
    const { owner } = await seedHome(t);
    const { user: admin } = await t.createUser({ role: ROLE.admin });
    const client = await t.app.services.oauth.createClient(
      {
        name: 'Google Home',
        client_id: 'google-home',
        redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/isaac-home-test'],
        public: false,
      },
      {
        actor: { id: admin.id, name: null, role: null },
        channel: 'api',
        ip: null,
        userAgent: null,
        requestId: null,
      },
    );
    await linkOwner(t, client, owner);
    const session = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: (await csrf(t.app)).headers,
      payload: { email: owner.user.email, password: owner.password },
    });
    ownerHeaders = await authed(t.app, session.json<{ token: string }>().token);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('a toggle in the web reports the new state to HomeGraph, signed in as the service account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${PURIFIER}/toggle`,
      headers: ownerHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => calls.some((c) => c.path === '/v1/devices:reportStateAndNotification'));
    const token = calls.find((c) => c.path === '/token');
    expect(new URLSearchParams(token!.body).get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    const report = calls.find((c) => c.path === '/v1/devices:reportStateAndNotification')!;
    expect(report.authorization).toBe('Bearer ya29.fake');
    expect(JSON.parse(report.body)).toMatchObject({
      payload: { devices: { states: { [PURIFIER]: { on: true, online: true } } } },
    });
  });

  it("renaming a gang asks Google to sync the owner's devices", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${SWITCH}/gangs/1`,
      headers: ownerHeaders,
      payload: { name: 'Fan' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => calls.some((c) => c.path === '/v1/devices:requestSync'));
    const sync = calls.find((c) => c.path === '/v1/devices:requestSync')!;
    expect(JSON.parse(sync.body)).toMatchObject({ async: true });
  });
});
