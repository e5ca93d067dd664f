/** Test helpers: the OAuth tests' app and the authorization code flow over HTTP (imported by *.test.ts only). */
import { ROLE, type LoginResponse, type OAuthClientSecretResponse } from '@isaac/contract';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { authed, createTestApp, csrf, type TestApp } from './helpers.ts';

export const GOOGLE_REDIRECT = 'https://oauth-redirect.googleusercontent.com/r/isaac-home-test';
export const ALEXA_REDIRECT = 'https://pitangui.amazon.com/api/skill/link/M2AAAAAAAAAAAA';

/** A PKCE verifier and its S256 challenge. */
export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The code and state an authorization redirect carries. */
export function codeOf(redirect: string) {
  const url = new URL(redirect);
  return { code: url.searchParams.get('code'), state: url.searchParams.get('state'), url };
}

/** HTTP Basic client authentication (RFC 6749 §2.3.1: each part form-urlencoded first). */
export const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

/**
 * An OAuth test file's set-up: its test app, a fresh admin sign-in before each test (some tests move the clock
 * past a session's life), and the flow's steps on that app. `use` hands the app and the admin's headers to the
 * file as they are made.
 */
export function oauthSuite(use: { app(t: TestApp): void; admin?(headers: Record<string, string>): void }) {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    use.app(t);
  });
  beforeEach(async () => {
    const { token } = await t.signIn(ROLE.admin);
    admin = await authed(t.app, token);
    use.admin?.(admin);
  });
  afterAll(() => t.close());

  /** POST /auth/login in OAuth mode, as /login sends it when an assistant opened it. */
  async function oauthSignIn(email: string, password: string, params: Record<string, string>) {
    const { headers } = await csrf(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: { email, password, oauth_params: params },
    });
  }

  let clientSeq = 0;
  /** Registers a voice-linking client through the admin API (confidential unless `public`). */
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
    const login = await oauthSignIn(user.email, password, oauthParams);
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

  const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  return { registerClient, linkOwner, oauthSignIn, tokenRequest };
}
