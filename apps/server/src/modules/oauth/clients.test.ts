import { OAUTH_MSG, type OAuthClientListResponse, type OAuthClientSecretResponse } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, oauthClients } from '../../db/schema/index.ts';
import { type TestApp } from '../../test/helpers.ts';
import { basic, codeOf, GOOGLE_REDIRECT, oauthSuite } from '../../test/oauth-flow.ts';

let t: TestApp;
let admin: Record<string, string>;
const { registerClient, linkOwner, tokenRequest } = oauthSuite({
  app: (app) => (t = app),
  admin: (headers) => (admin = headers),
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
