/**
 * Checks of a list's server-side sort (issue 31, contract `sortQueryShape`): the rows a test arranged come back
 * in the order it expects for `sort` ascending and reversed descending, and an unknown sort or order is a 400.
 * `get(query)` fetches the list with the test's own filters (a search for its marker) plus `query`.
 */
import { ERROR_CODE } from '@isaac/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Get = (query: string) => Promise<LightMyRequestResponse>;

export async function expectSortedBy<T>(
  get: Get,
  list: (body: unknown) => T[],
  sort: string,
  value: (item: T) => unknown,
  ascending: unknown[],
): Promise<void> {
  for (const order of ['asc', 'desc'] as const) {
    const res = await get(`sort=${sort}&order=${order}`);
    expect(res.statusCode, res.body).toBe(200);
    const values = list(res.json()).map(value);
    expect(values, `sort=${sort}&order=${order}`).toEqual(
      order === 'asc' ? ascending : [...ascending].reverse(),
    );
  }
}

export async function expectBadSortRefused(get: Get): Promise<void> {
  for (const query of ['sort=no_such_column', 'order=sideways', 'sort=id%3Bdrop']) {
    const res = await get(query);
    expect(res.statusCode, query).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(ERROR_CODE.validation);
  }
}
