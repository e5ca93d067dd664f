import { ROLE, type OAuthClientListResponse, type OAuthClientSecretResponse } from '@isaac/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthLinks } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';

describe('GET /api/admin/oauth-clients', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    // Three clients on a fresh database, registered in this order, with 2, 0 and 1 owners linked.
    for (const [name, linked] of [
      ['bela', 2],
      ['Asha', 0],
      ['chitra', 1],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/oauth-clients',
        headers: admin,
        payload: { name, redirect_uris: ['https://example.com/callback'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const clientId = res.json<OAuthClientSecretResponse>().client._id;
      for (let i = 0; i < linked; i += 1) {
        const { user } = await t.createUser({ role: ROLE.owner });
        await t.db.insert(oauthLinks).values({
          clientId,
          userId: user.id,
          scope: ['devices'],
          refreshTokenHash: randomBytes(16).toString('hex'),
        });
      }
      t.clock.advance(1000);
    }
  });
  afterAll(() => t.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/oauth-clients?${query}`, headers: admin });
  const clients = (body: unknown) => (body as OAuthClientListResponse).clients;
  const name = (client: { name: string }) => client.name;

  it('sorts by when registered, name or linked owners, both ways; refuses another sort', async () => {
    await expectSortedBy(get, clients, 'created_at', name, ['bela', 'Asha', 'chitra']);
    await expectSortedBy(get, clients, 'name', name, ['Asha', 'bela', 'chitra']);
    await expectSortedBy(get, clients, 'linked_users', name, ['Asha', 'chitra', 'bela']);
    await expectBadSortRefused(get);
  });
});
