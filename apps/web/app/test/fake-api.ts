import { vi } from 'vitest';

/** The API base URL of the tests (window.__ISAAC_CONFIG__.apiUrl; see test/render.tsx). */
export const API = 'http://api.test';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export type FakeRoute = (call: Call) => Response | Promise<Response> | undefined;

/**
 * A fake API behind a fetch mock, for page tests of every area: each call is recorded (`calls`), the CSRF
 * token is answered, `routes` answer in order (the first that returns a response wins), `setOverride`
 * lets a test answer one call its own way (a failure, a slow answer) before the routes, and anything
 * else is a 404 naming the call. An area builds its in-memory API on it (features/owner/test/owner-api.ts).
 */
export function fakeApi(routes: readonly FakeRoute[] = []) {
  const calls: Call[] = [];
  let override: FakeRoute | undefined;

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const custom = await override?.(call);
    if (custom) return custom;
    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf-1' });
    for (const route of routes) {
      const answer = await route(call);
      if (answer) return answer;
    }
    return json(404, { error: 'not_found', message: `No fake route for ${method} ${url.pathname}` });
  };

  return {
    calls,
    fetchMock: vi.fn(handler),
    setOverride(route: FakeRoute | undefined) {
      override = route;
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A promise and the functions that settle it. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
