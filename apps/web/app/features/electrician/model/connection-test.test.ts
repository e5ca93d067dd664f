// @vitest-environment node
import type { ElectricianDashboard } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { runConnectionTest } from './connection-test';

const dashboard = {
  statistics: { devices: { total: 3 }, users: 1, installations: { total: 2, active: 1 } },
} as ElectricianDashboard;

describe('API connection test', () => {
  it('reports success with counts', async () => {
    const result = await runConnectionTest({
      health: async () => ({ status: 'ok' }),
      currentUser: async () => ({ user: { role: 1, name: 'Kiran' } }),
      dashboard: async () => dashboard,
      origin: 'http://localhost:3000',
    });
    expect(result).toMatchObject({ ok: true, summary: 'Connected: 3 devices, 1 customer, 2 installations' });
    expect(result.steps.map((s) => s.name)).toEqual([
      'Backend health',
      'CORS',
      'Authentication',
      'Your data',
    ]);
  });

  it('stops at an unreachable backend with the possible causes', async () => {
    const result = await runConnectionTest({
      health: async () => {
        throw new TypeError('Failed to fetch');
      },
      currentUser: async () => ({ user: { role: 1, name: 'x' } }),
      dashboard: async () => dashboard,
      origin: 'http://localhost:3000',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.steps).toEqual([{ name: 'Backend health', ok: false, detail: 'Failed to fetch' }]);
      expect(result.causes.join(' ')).toMatch(/down.*CORS.*URL/s);
    }
  });

  it('names authentication when the session is refused', async () => {
    const result = await runConnectionTest({
      health: async () => ({}),
      currentUser: async () => {
        throw new Error('Invalid token');
      },
      dashboard: async () => dashboard,
      origin: 'http://localhost:3000',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.causes[0]).toMatch(/Authentication/);
  });
});
