import { ERROR_CODE, MSG, OAUTH_MSG, ROLE, type LoginResponse } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authed, csrf, type TestApp } from '../../test/helpers.ts';
import {
  ALEXA_REDIRECT,
  basic,
  codeOf,
  GOOGLE_REDIRECT,
  oauthSuite,
  pkcePair,
} from '../../test/oauth-flow.ts';

let t: TestApp;
let admin: Record<string, string>;
const { registerClient, linkOwner, oauthSignIn, tokenRequest } = oauthSuite({
  app: (app) => (t = app),
  admin: (headers) => (admin = headers),
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
      const login = await oauthSignIn(user.email, password, params);
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
