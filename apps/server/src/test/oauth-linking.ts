import { ROLE, type LoginResponse, type OAuthClientSecretResponse } from '@isaac/contract';
import type { UserRow } from '../db/schema/index.ts';
import { auditContextFor, authed, csrf, type TestApp } from './helpers.ts';

export const TEST_REDIRECT_URI = 'https://oauth-redirect.googleusercontent.com/r/isaac-home-test';

/** Registers a confidential voice-linking client straight through the service (the HTTP flow: oauth-flow.ts). */
export async function registerTestClient(
  t: TestApp,
  name = 'Google Home',
): Promise<OAuthClientSecretResponse> {
  const { user: admin } = await t.createUser({ role: ROLE.admin });
  return t.app.services.oauth.createClient(
    { name, redirect_uris: [TEST_REDIRECT_URI], public: false },
    auditContextFor(admin.id),
  );
}

/**
 * Links `owner` to the client as an assistant would, over HTTP: /auth/login in OAuth mode, the consent,
 * the code exchange with HTTP Basic client authentication. Returns the tokens.
 */
export async function linkOwner(
  t: TestApp,
  registered: OAuthClientSecretResponse,
  owner: { user: UserRow; password: string },
): Promise<{ access_token: string; refresh_token: string }> {
  const params = {
    client_id: registered.client.client_id,
    redirect_uri: TEST_REDIRECT_URI,
    response_type: 'code',
    state: 'link',
  };
  const { headers } = await csrf(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers,
    payload: { email: owner.user.email, password: owner.password, oauth_params: params },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const session = await authed(t.app, login.json<LoginResponse>().token);
  const decision = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/authorize',
    headers: session,
    payload: { ...params, allow: true },
  });
  const code = new URL(decision.json<{ redirect: string }>().redirect).searchParams.get('code');
  if (!code) throw new Error(`no code: ${decision.body}`);
  const basic = Buffer.from(`${registered.client.client_id}:${registered.client_secret}`).toString('base64');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: TEST_REDIRECT_URI,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.body}`);
  return res.json<{ access_token: string; refresh_token: string }>();
}
