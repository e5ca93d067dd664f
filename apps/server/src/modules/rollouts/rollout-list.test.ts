import { ROLE, type RolloutList } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmware, rollouts } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';

describe('GET /api/admin/rollouts', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    // Three rollouts, oldest first: 1.10.0 halted, 1.9.0 running, 1.9.5 completed (no device needed to list them).
    const at = Date.UTC(2026, 0, 1);
    for (const [index, [version, status]] of (
      [
        ['1.10.0', 'halted'],
        ['1.9.0', 'running'],
        ['1.9.5', 'completed'],
      ] as const
    ).entries()) {
      const [image] = await t.db
        .insert(firmware)
        .values({
          deviceType: 'isaac',
          version,
          filename: `isaac-${version}.bin`,
          fileSize: 1,
          sha256: '0'.repeat(64),
          storageKey: `key-${version}`,
        })
        .returning();
      const [rollout] = await t.db
        .insert(rollouts)
        .values({
          firmwareId: image!.id,
          status,
          stages: [100],
          stagePauseSeconds: 0,
          maxConcurrent: 1,
          failureThresholdPercent: 20,
          windowEndsAt: new Date(at + 86_400_000),
          createdAt: new Date(at + index * 60_000),
        })
        .returning();
      ids[version] = rollout!.id;
    }
  });
  afterAll(() => t.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/rollouts?${query}`, headers: admin });
  const listed = (body: unknown) => (body as RolloutList).rollouts;
  const id = (rollout: RolloutList['rollouts'][number]) => rollout._id;

  it('pages the rollouts, newest first, with the total', async () => {
    const res = await get('page=1&page_size=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RolloutList>()).toMatchObject({ page: 1, page_size: 2, total: 3 });
    expect(listed(res.json()).map(id)).toEqual([ids['1.9.5'], ids['1.9.0']]);
    const last = (await get('page=2&page_size=2')).json<RolloutList>();
    expect(last.rollouts.map(id)).toEqual([ids['1.10.0']]);
    expect(last.rollouts[0]).toMatchObject({ status: 'halted', firmware: { version: '1.10.0' }, total: 0 });
  });

  it('sorts by when, status or version (by its numbers), both ways; refuses another sort', async () => {
    await expectSortedBy(get, listed, 'created_at', id, [ids['1.10.0'], ids['1.9.0'], ids['1.9.5']]);
    await expectSortedBy(get, listed, 'status', id, [ids['1.9.5'], ids['1.10.0'], ids['1.9.0']]);
    await expectSortedBy(get, listed, 'version', id, [ids['1.9.0'], ids['1.9.5'], ids['1.10.0']]);
    await expectBadSortRefused(get);
  });

  it('is for admins only', async () => {
    const headers = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/rollouts', headers })).statusCode).toBe(403);
  });
});
