import { OAUTH_MSG, ROLE, type LinkedServicesResponse } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authed, type TestApp } from '../../test/helpers.ts';
import { basic, codeOf, GOOGLE_REDIRECT, oauthSuite } from '../../test/oauth-flow.ts';

let t: TestApp;
const { registerClient, linkOwner, tokenRequest } = oauthSuite({
  app: (app) => (t = app),
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
