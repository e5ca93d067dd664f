import { OAUTH_MSG, ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { auditLog, oauthCodes } from '../../db/schema/index.ts';
import { authed, type TestApp } from '../../test/helpers.ts';
import { basic, codeOf, GOOGLE_REDIRECT, oauthSuite, pkcePair } from '../../test/oauth-flow.ts';

let t: TestApp;
const { registerClient, linkOwner, oauthSignIn, tokenRequest } = oauthSuite({
  app: (app) => (t = app),
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
    const clientId = `voice_test-client.${process.pid}.1`;
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
      const login = await oauthSignIn(user.email, password, params);
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
