import {
  ERROR_CODE,
  MSG,
  OAUTH_MSG,
  ROLE,
  type LinkedServicesResponse,
  type LoginResponse,
  type OAuthClientListResponse,
  type OAuthClientSecretResponse,
} from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, oauthClients, oauthCodes } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
});
// Some tests move the clock past a session's life: each starts with a fresh admin sign-in.
beforeEach(async () => {
  const { token } = await t.signIn(ROLE.admin);
  admin = await authed(t.app, token);
});
afterAll(() => t.close());

const GOOGLE_REDIRECT = 'https://oauth-redirect.googleusercontent.com/r/isaac-home-test';
const ALEXA_REDIRECT = 'https://pitangui.amazon.com/api/skill/link/M2AAAAAAAAAAAA';

let clientSeq = 0;
async function registerClient(
  options: { public?: boolean; redirect_uris?: string[]; client_id?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/oauth-clients',
    headers: admin,
    payload: {
      name: `Google Home ${++clientSeq}`,
      client_id: options.client_id ?? `google-test-${process.pid}-${clientSeq}`,
      redirect_uris: options.redirect_uris ?? [GOOGLE_REDIRECT, ALEXA_REDIRECT],
      public: options.public ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OAuthClientSecretResponse>();
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Signs in an owner in OAuth mode and gives the consent; returns the redirect the browser is sent to. */
async function linkOwner(
  clientId: string,
  extra: Record<string, string> = {},
  owner?: { email: string; password: string },
) {
  const { user, password } = owner
    ? { user: { email: owner.email }, password: owner.password }
    : await t.createUser({ role: ROLE.owner });
  const oauthParams = {
    client_id: clientId,
    redirect_uri: GOOGLE_REDIRECT,
    response_type: 'code',
    state: 'state-123 ~!',
    ...extra,
  };
  const { headers } = await csrf(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers,
    payload: { email: user.email, password, oauth_params: oauthParams },
  });
  expect(login.statusCode, login.body).toBe(200);
  const result = login.json<LoginResponse>();
  const owners = await authed(t.app, result.token);
  const decision = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/authorize',
    headers: owners,
    payload: { ...oauthParams, allow: true },
  });
  return { login: result, decision, owners, email: user.email, password };
}

function codeOf(redirect: string) {
  const url = new URL(redirect);
  return { code: url.searchParams.get('code'), state: url.searchParams.get('state'), url };
}

const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

describe('the authorization code flow, over HTTP', () => {
  it('links an owner: login in OAuth mode → consent → code → tokens; state unchanged; audited', async () => {
    const { client, client_secret } = await registerClient();
    expect(client_secret).toMatch(/^isaac_cs_/);
    const { login, decision } = await linkOwner(client.client_id);
    expect(login.oauth_mode).toBe(true);
    // The login's redirect is the product's own consent screen, carrying the request.
    const consent = new URL(login.redirect!);
    expect(consent.origin).toBe(t.config.webOrigin);
    expect(consent.pathname).toBe('/oauth/consent');
    expect(consent.searchParams.get('client_id')).toBe(client.client_id);

    expect(decision.statusCode, decision.body).toBe(200);
    const { code, state, url } = codeOf(decision.json<{ redirect: string }>().redirect);
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_REDIRECT);
    expect(state).toBe('state-123 ~!');
    expect(code).toMatch(/^isaac_ac_/);

    const res = await tokenRequest(
      { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT },
      basic(client.client_id, client_secret!),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = res.json<{
      access_token: string;
      refresh_token: string;
      expires_in: number;
      token_type: string;
    }>();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.access_token).toMatch(/^isaac_at_/);
    expect(tokens.refresh_token).toMatch(/^isaac_rt_/);
    expect(tokens.expires_in).toBeGreaterThanOrEqual(360);
    // Opaque: not a JWT (Google's validator rejects those).
    expect(tokens.access_token.split('.')).toHaveLength(1);

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'oauth_link'));
    expect(audited.some((row) => row.action === 'oauth_link.created' && row.entityName === client.name)).toBe(
      true,
    );
  });

  it('accepts client credentials in the body too', async () => {
    const { client, client_secret } = await registerClient();
    const { decision } = await linkOwner(client.client_id);
    const { code } = codeOf(decision.json<{ redirect: string }>().redirect);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: GOOGLE_REDIRECT,
      client_id: client.client_id,
      client_secret: client_secret!,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown client and an unregistered or look-alike redirect URI, before any sign-in', async () => {
    const { client } = await registerClient();
    const { user, password } = await t.createUser({ role: ROLE.owner });
    for (const params of [
      { client_id: 'nobody', redirect_uri: GOOGLE_REDIRECT },
      { client_id: client.client_id, redirect_uri: 'https://evil.example/callback' },
      { client_id: client.client_id, redirect_uri: `${GOOGLE_REDIRECT}/` },
      { client_id: client.client_id, redirect_uri: `${GOOGLE_REDIRECT}?x=1` },
      {
        client_id: client.client_id,
        redirect_uri: GOOGLE_REDIRECT.replace('googleusercontent.com', 'googleusercontent.com.evil.io'),
      },
      { client_id: client.client_id, redirect_uri: GOOGLE_REDIRECT.toUpperCase() },
    ]) {
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/oauth/authorize/check?${new URLSearchParams(params)}`,
      });
      expect(check.statusCode, params.redirect_uri).toBe(400);
      expect(check.json()).toMatchObject({ error: ERROR_CODE.invalidRedirect, message: MSG.invalidRedirect });
      const { headers } = await csrf(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers,
        payload: { email: user.email, password, oauth_params: params },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ message: MSG.invalidRedirect });
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/authorize/check?${new URLSearchParams({ client_id: client.client_id, redirect_uri: ALEXA_REDIRECT })}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ client_name: client.name, scope: ['devices'] });
  });

  it('a public client must use PKCE (S256), and the verifier must match', async () => {
    const { client, client_secret } = await registerClient({ public: true });
    expect(client_secret).toBeNull();
    expect(client.public).toBe(true);
    const without = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/authorize/check?${new URLSearchParams({ client_id: client.client_id, redirect_uri: GOOGLE_REDIRECT })}`,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ message: OAUTH_MSG.publicClientNeedsPkce });
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/authorize/check?${new URLSearchParams({ client_id: client.client_id, redirect_uri: GOOGLE_REDIRECT, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })}`,
    });
    expect(plain.statusCode).toBe(400);

    const pkce = pkcePair();
    const { decision } = await linkOwner(client.client_id, {
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const { code } = codeOf(decision.json<{ redirect: string }>().redirect);
    // Missing verifier: refused, and the attempt spends the code.
    const missing = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: GOOGLE_REDIRECT,
      client_id: client.client_id,
    });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);

    const second = await linkOwner(client.client_id, {
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const code2 = codeOf(second.decision.json<{ redirect: string }>().redirect).code!;
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: GOOGLE_REDIRECT,
      client_id: client.client_id,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });

    const third = await linkOwner(client.client_id, {
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const code3 = codeOf(third.decision.json<{ redirect: string }>().redirect).code!;
    const right = await tokenRequest({
      grant_type: 'authorization_code',
      code: code3,
      redirect_uri: GOOGLE_REDIRECT,
      client_id: client.client_id,
      code_verifier: pkce.verifier,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('a code is single use, bound to its client and redirect URI, and expires', async () => {
    const { client, client_secret } = await registerClient();
    const other = await registerClient();
    const { decision } = await linkOwner(client.client_id);
    const { code } = codeOf(decision.json<{ redirect: string }>().redirect);
    const form = { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT };

    const wrongClient = await tokenRequest(form, basic(other.client.client_id, other.client_secret!));
    expect(wrongClient.json()).toMatchObject({ error: 'invalid_grant' });

    const fresh = await linkOwner(client.client_id);
    const code2 = codeOf(fresh.decision.json<{ redirect: string }>().redirect).code!;
    const wrongUri = await tokenRequest(
      { ...form, code: code2, redirect_uri: ALEXA_REDIRECT },
      basic(client.client_id, client_secret!),
    );
    expect(wrongUri.statusCode).toBe(400);

    const third = await linkOwner(client.client_id);
    const code3 = codeOf(third.decision.json<{ redirect: string }>().redirect).code!;
    const first = await tokenRequest({ ...form, code: code3 }, basic(client.client_id, client_secret!));
    expect(first.statusCode, first.body).toBe(200);
    const reuse = await tokenRequest({ ...form, code: code3 }, basic(client.client_id, client_secret!));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });

    const late = await linkOwner(client.client_id);
    const code4 = codeOf(late.decision.json<{ redirect: string }>().redirect).code!;
    t.clock.advance(5 * 60 * 1000 + 1000);
    const expired = await tokenRequest({ ...form, code: code4 }, basic(client.client_id, client_secret!));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong client secret (401 with WWW-Authenticate for Basic)', async () => {
    const { client } = await registerClient();
    const { decision } = await linkOwner(client.client_id);
    const { code } = codeOf(decision.json<{ redirect: string }>().redirect);
    const res = await tokenRequest(
      { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT },
      basic(client.client_id, 'isaac_cs_wrong'),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
    expect(res.headers['www-authenticate']).toContain('Basic');
  });

  it('a refused consent sends access_denied back with the state, and no code', async () => {
    const { client } = await registerClient();
    const { user, password } = await t.createUser({ role: ROLE.owner });
    const { headers } = await csrf(t.app);
    const params = {
      client_id: client.client_id,
      redirect_uri: GOOGLE_REDIRECT,
      response_type: 'code',
      state: 's1',
    };
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: { email: user.email, password, oauth_params: params },
    });
    const owners = await authed(t.app, login.json<LoginResponse>().token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/authorize',
      headers: owners,
      payload: { ...params, allow: false },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ redirect: string }>().redirect);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('s1');
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('an admin cannot link (no home of their own): 403', async () => {
    const { client } = await registerClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/authorize',
      headers: admin,
      payload: {
        client_id: client.client_id,
        redirect_uri: GOOGLE_REDIRECT,
        response_type: 'code',
        allow: true,
      },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('refresh, revoke, unlink', () => {
  async function linked() {
    const registered = await registerClient();
    const flow = await linkOwner(registered.client.client_id);
    const { code } = codeOf(flow.decision.json<{ redirect: string }>().redirect);
    const auth = basic(registered.client.client_id, registered.client_secret!);
    const res = await tokenRequest(
      { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT },
      auth,
    );
    return {
      ...registered,
      ...flow,
      auth,
      tokens: res.json<{ access_token: string; refresh_token: string }>(),
    };
  }
  const tokenWorks = async (accessToken: string) =>
    (await t.app.services.oauth.authenticate(accessToken)) !== null;

  it('a refresh gives a new access token and keeps the refresh token working (not rotated: a lost answer never unlinks)', async () => {
    const { auth, tokens } = await linked();
    const first = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      auth,
    );
    expect(first.statusCode, first.body).toBe(200);
    const refreshed = first.json<{ access_token: string; refresh_token?: string }>();
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // The same refresh token again (as if the first answer were lost): still works.
    const again = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      auth,
    );
    expect(again.statusCode).toBe(200);
    expect(await tokenWorks(refreshed.access_token)).toBe(true);
  });

  it('access tokens expire (after 3600 s)', async () => {
    const { tokens } = await linked();
    expect(await tokenWorks(tokens.access_token)).toBe(true);
    t.clock.advance(3601 * 1000);
    expect(await tokenWorks(tokens.access_token)).toBe(false);
  });

  it('RFC 7009: revoking the refresh token ends the link and its access tokens; unknown tokens answer 200', async () => {
    const { auth, tokens, owners } = await linked();
    const revoke = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
        payload: new URLSearchParams({ token }).toString(),
      });
    expect((await revoke('isaac_rt_unknown')).statusCode).toBe(200);
    expect((await revoke(tokens.refresh_token)).statusCode).toBe(200);
    expect(await tokenWorks(tokens.access_token)).toBe(false);
    const refresh = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      auth,
    );
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const services = await t.app.inject({
      method: 'GET',
      url: '/api/account/linked-services',
      headers: owners,
    });
    expect(services.json<LinkedServicesResponse>().services).toEqual([]);
  });

  it('revocation needs the client to authenticate', async () => {
    const { tokens, client } = await linked();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(client.client_id, 'wrong') },
      payload: new URLSearchParams({ token: tokens.refresh_token }).toString(),
    });
    expect(res.statusCode).toBe(401);
    expect(await tokenWorks(tokens.access_token)).toBe(true);
  });

  it('the owner sees the linked service and Unlink stops its tokens at once (audited); another owner cannot unlink it', async () => {
    const { tokens, owners, client, auth } = await linked();
    const list = await t.app.inject({ method: 'GET', url: '/api/account/linked-services', headers: owners });
    const [service] = list.json<LinkedServicesResponse>().services;
    expect(service).toMatchObject({
      client_name: client.name,
      client_id: client.client_id,
      scope: ['devices'],
    });
    expect(service!.last_used_at).not.toBeNull();

    const { token: strangerToken } = await t.signIn(ROLE.owner);
    const stranger = await authed(t.app, strangerToken);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/linked-services/${service!._id}`,
      headers: stranger,
    });
    expect(theirs.statusCode).toBe(404);

    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/linked-services/${service!._id}`,
      headers: owners,
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(unlink.json()).toEqual({ message: OAUTH_MSG.unlinked(client.name) });
    expect(await tokenWorks(tokens.access_token)).toBe(false);
    const refresh = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      auth,
    );
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, service!._id));
    expect(audited.map((row) => row.action)).toContain('oauth_link.revoked');
  });
});

describe('admin: voice-linking clients', () => {
  it('registers, lists, edits, rotates the secret and removes a client; the secret is stored hashed; all audited', async () => {
    const { client, client_secret } = await registerClient();
    const [row] = await t.db.select().from(oauthClients).where(eq(oauthClients.id, client._id));
    expect(row!.secretHash).not.toContain(client_secret!);
    expect(row!.secretHash).toHaveLength(64);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/oauth-clients?page_size=100',
      headers: admin,
    });
    expect(list.json<OAuthClientListResponse>().clients.some((c) => c._id === client._id)).toBe(true);
    expect(JSON.stringify(list.json())).not.toContain('secret_hash');

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/oauth-clients/${client._id}`,
      headers: admin,
      payload: { name: 'Google Home (prod)', redirect_uris: [GOOGLE_REDIRECT] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      client: { name: 'Google Home (prod)', redirect_uris: [GOOGLE_REDIRECT] },
    });

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/oauth-clients/${client._id}/secret`,
      headers: admin,
    });
    const next = rotated.json<OAuthClientSecretResponse>().client_secret!;
    expect(next).not.toBe(client_secret);
    const flow = await linkOwner(client.client_id);
    const { code } = codeOf(flow.decision.json<{ redirect: string }>().redirect);
    const old = await tokenRequest(
      { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT },
      basic(client.client_id, client_secret!),
    );
    expect(old.statusCode).toBe(401);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/oauth-clients/${client._id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, client._id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'oauth_client.created',
        'oauth_client.updated',
        'oauth_client.secret_rotated',
        'oauth_client.deleted',
      ]),
    );
    expect(
      JSON.stringify(await t.db.select().from(auditLog).where(eq(auditLog.entityId, client._id))),
    ).not.toContain(next);
  });

  it('validates: redirect URIs must be https (http only for localhost), no fragment; duplicate client ids are 409', async () => {
    for (const uri of ['http://example.com/cb', 'https://example.com/cb#frag', 'ftp://x', 'not a url']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/oauth-clients',
        headers: admin,
        payload: { name: 'X', redirect_uris: [uri] },
      });
      expect(res.statusCode, uri).toBe(400);
    }
    const local = await t.app.inject({
      method: 'POST',
      url: '/api/admin/oauth-clients',
      headers: admin,
      payload: { name: 'Local', redirect_uris: ['http://localhost:3000/voice-demo'] },
    });
    expect(local.statusCode, local.body).toBe(200);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/oauth-clients',
      headers: admin,
      payload: {
        name: 'Again',
        client_id: local.json<OAuthClientSecretResponse>().client.client_id,
        redirect_uris: [GOOGLE_REDIRECT],
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: OAUTH_MSG.clientIdTaken });
  });
});

describe('per the RFCs (issue 29, ADR 050)', () => {
  const ISSUER = 'https://isaac.test';
  const as: oauth.AuthorizationServer = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/login`,
    token_endpoint: `${ISSUER}/api/oauth/token`,
    revocation_endpoint: `${ISSUER}/api/oauth/revoke`,
  };
  /** oauth4webapi's requests, answered by the app (no socket). */
  const viaApp = async (url: string, init: oauth.CustomFetchOptions<string, unknown>) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers as HeadersInit).forEach((value, name) => {
      headers[name] = value;
    });
    const res = await t.app.inject({
      method: init.method as 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (typeof value === 'string') answer.set(name, value);
      else if (typeof value === 'number') answer.set(name, String(value));
    }
    return new Response(res.body === '' ? null : res.body, { status: res.statusCode, headers: answer });
  };
  const options = { [oauth.customFetch]: viaApp };

  it('oauth4webapi links, refreshes and revokes with HTTP Basic (RFC 6749 §2.3.1: form-urlencoded credentials)', async () => {
    // `-`, `_` and `.` are escaped by oauth4webapi (%2D, %5F, %2E) before base64; the secret has `_` too.
    const clientId = `voice_test-client.${process.pid}.${clientSeq + 1}`;
    const { client: registered, client_secret } = await registerClient({ client_id: clientId });
    expect(client_secret).toContain('_');
    const client: oauth.Client = { client_id: registered.client_id };
    const clientAuth = oauth.ClientSecretBasic(client_secret!);
    // The header oauth4webapi sends is not base64 of the raw credentials.
    const sent = new Headers();
    clientAuth(as, client, new URLSearchParams(), sent);
    const decoded = Buffer.from(sent.get('authorization')!.slice(6), 'base64').toString();
    expect(decoded).toContain('%5F');
    expect(decoded).toContain('%2D');

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { decision } = await linkOwner(clientId, {
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL(decision.json<{ redirect: string }>().redirect),
      state,
    );
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      GOOGLE_REDIRECT,
      verifier,
      options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    expect(tokens.token_type).toBe('bearer');
    expect(await t.app.services.oauth.authenticate(tokens.access_token)).not.toBeNull();

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options),
    );
    expect(refreshed.access_token).toMatch(/^isaac_at_/);

    // The revocation endpoint decodes the credentials the same way: the link ends.
    const revoked = await oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token!, options);
    await oauth.processRevocationResponse(revoked);
    expect(await t.app.services.oauth.authenticate(refreshed.access_token)).toBeNull();

    // Wrong secret, the same encoding: invalid_client from both endpoints alike.
    const wrong = oauth.ClientSecretBasic('isaac_cs_wrong-secret');
    const refused = await oauth.refreshTokenGrantRequest(as, client, wrong, tokens.refresh_token!, options);
    expect(refused.status).toBe(401);
    const refusedRevoke = await oauth.revocationRequest(as, client, wrong, tokens.refresh_token!, options);
    expect(refusedRevoke.status).toBe(401);
  });

  it('a replayed code is refused and the tokens issued from it are revoked (the link ends, audited)', async () => {
    const { client, client_secret } = await registerClient();
    const { decision } = await linkOwner(client.client_id);
    const { code } = codeOf(decision.json<{ redirect: string }>().redirect);
    const form = { grant_type: 'authorization_code', code: code!, redirect_uri: GOOGLE_REDIRECT };
    const auth = basic(client.client_id, client_secret!);
    const first = await tokenRequest(form, auth);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json<{ access_token: string; refresh_token: string }>();
    expect(await t.app.services.oauth.authenticate(tokens.access_token)).not.toBeNull();
    // The spent code is kept, hashed, until it expires.
    const [kept] = await t.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, createHash('sha256').update(code!).digest('hex')));
    expect(kept?.spentAt).not.toBeNull();
    expect(kept?.linkId).not.toBeNull();

    const replay = await tokenRequest(form, auth);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await t.app.services.oauth.authenticate(tokens.access_token)).toBeNull();
    const refresh = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      auth,
    );
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, kept!.linkId!));
    expect(rows.map((r) => r.action)).toContain('oauth_link.revoked');
    expect(JSON.stringify(rows)).toContain('authorization code replayed');
  });

  it('refuses a malformed code_challenge at the authorization request (RFC 7636: 43–128 of [A-Za-z0-9-._~])', async () => {
    const { client } = await registerClient({ public: true });
    const { user, password } = await t.createUser({ role: ROLE.owner });
    const good = pkcePair().challenge;
    const cases = [
      'too-short',
      'a'.repeat(42),
      'a'.repeat(129),
      `${good.slice(0, 42)}+`, // base64, not base64url
      `${good.slice(0, 42)}=`,
      `${good.slice(0, 40)} abc`,
    ];
    for (const challenge of cases) {
      const params = {
        client_id: client.client_id,
        redirect_uri: GOOGLE_REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      };
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/oauth/authorize/check?${new URLSearchParams(params).toString()}`,
      });
      expect(check.statusCode, challenge).toBe(400);
      expect(check.json<{ message: string }>().message).toBe(OAUTH_MSG.codeChallengeInvalid);
      const { headers } = await csrf(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers,
        payload: { email: user.email, password, oauth_params: params },
      });
      expect(login.statusCode, challenge).toBe(400);
    }
    // The consent itself refuses it too (no code that no verifier could redeem).
    const { token } = await t.signIn(ROLE.owner);
    const owners = await authed(t.app, token);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/authorize',
      headers: owners,
      payload: {
        client_id: client.client_id,
        redirect_uri: GOOGLE_REDIRECT,
        code_challenge: 'a'.repeat(42),
        code_challenge_method: 'S256',
        allow: true,
      },
    });
    expect(decided.statusCode).toBe(400);
    // 43 and 128 unreserved characters are fine.
    for (const challenge of ['a'.repeat(43), `${'A1-._~'.repeat(21)}xy`]) {
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/oauth/authorize/check?${new URLSearchParams({ client_id: client.client_id, redirect_uri: GOOGLE_REDIRECT, code_challenge: challenge }).toString()}`,
      });
      expect(check.statusCode, check.body).toBe(200);
    }
  });

  it("error redirects carry state, URL-encoded whatever it holds, and keep the redirect URI's own query", async () => {
    const withQuery = 'https://pitangui.amazon.com/api/skill/link/M2AAAAAAAAAAAA?vendor=isaac';
    const { client } = await registerClient({ redirect_uris: [withQuery] });
    const { token } = await t.signIn(ROLE.owner);
    const owners = await authed(t.app, token);
    const states = ['a&b=c#d e%25+f?/', 'ünïcødé ✓', 'line\nbreak'];
    for (const state of states) {
      for (const allow of [false, true]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/oauth/authorize',
          headers: owners,
          payload: { client_id: client.client_id, redirect_uri: withQuery, state, allow },
        });
        expect(res.statusCode, res.body).toBe(200);
        const url = new URL(res.json<{ redirect: string }>().redirect);
        expect(`${url.origin}${url.pathname}`).toBe(withQuery.split('?')[0]);
        expect(url.searchParams.get('vendor')).toBe('isaac');
        expect(url.searchParams.get('state')).toBe(state);
        // A state outside RFC 6749's VSCHAR is invalid_request (the state still sent back); otherwise a
        // refusal is access_denied and a consent a code.
        const vschar = /^[\x20-\x7E]+$/.test(state);
        if (allow && vschar) expect(url.searchParams.get('code')).toMatch(/^isaac_ac_/);
        else {
          expect(url.searchParams.get('error')).toBe(vschar ? 'access_denied' : 'invalid_request');
          expect(url.searchParams.get('code')).toBeNull();
        }
      }
    }
    // A success keeps them too.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/authorize',
      headers: owners,
      payload: { client_id: client.client_id, redirect_uri: withQuery, state: 'x&y=z', allow: true },
    });
    const url = new URL(ok.json<{ redirect: string }>().redirect);
    expect(url.searchParams.get('state')).toBe('x&y=z');
    expect(url.searchParams.get('vendor')).toBe('isaac');
    expect(url.searchParams.get('code')).toMatch(/^isaac_ac_/);
  });
});
