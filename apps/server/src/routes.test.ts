/**
 * THE ROUTE WALK (ADR 005). Walks every route the API registers and checks it against the contract's
 * PERMISSIONS table: a route without a rule, a rule without a route, a mutation that does not refuse
 * a request without the CSRF header, or a role answer that differs from the table fails the suite.
 *
 * Modules still being built: their rules are listed in NOT_YET_BUILT. When you register a module's
 * routes, delete its keys here (the walk fails while a listed key is registered, so the list cannot rot).
 */
import {
  ALL_ROLES,
  ERROR_CODE,
  isAllowed,
  PERMISSIONS,
  requiresCsrf,
  ROLE,
  type RouteRule,
} from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocsRoute } from './plugins/rbac.ts';
import { authed, createTestApp, csrf, type TestApp } from './test/helpers.ts';

const NOT_YET_BUILT = new Set<string>([]);

/** Role codes to try: the three roles plus a code the table never names ("anything else: user"). */
const ROLES_TO_TRY = [...ALL_ROLES, 4];

interface WalkedRoute {
  key: string;
  method: string;
  url: string;
  rule: RouteRule | undefined;
}

let t: TestApp;
let routes: WalkedRoute[];
const tokens = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  const seen = new Set<string>();
  routes = [];
  for (const r of t.app.routeTable) {
    if (r.method === 'HEAD' || r.method === 'OPTIONS' || isDocsRoute(r.url)) continue;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ key, method: r.method, url: r.url, rule: (PERMISSIONS as Record<string, RouteRule>)[key] });
  }
  for (const role of ROLES_TO_TRY) tokens.set(role, (await t.signIn(role)).token);
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every path parameter becomes an id nobody owns. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    name.toLowerCase().includes('index') ? '0' : '00000000-0000-4000-8000-000000000000',
  );
}

async function call(app: FastifyInstance, route: WalkedRoute, headers: Record<string, string>) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('route walk', () => {
  it('registers some routes', () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  it('every registered route has a PERMISSIONS rule', () => {
    expect(routes.filter((r) => !r.rule).map((r) => r.key)).toEqual([]);
  });

  it('every PERMISSIONS rule has a registered route (or is listed as not yet built)', () => {
    const registered = new Set(routes.map((r) => r.key));
    const missing = Object.keys(PERMISSIONS).filter((key) => !registered.has(key) && !NOT_YET_BUILT.has(key));
    expect(missing).toEqual([]);
    const stale = [...NOT_YET_BUILT].filter((key) => registered.has(key) || !(key in PERMISSIONS));
    expect(stale, 'remove these from NOT_YET_BUILT').toEqual([]);
  });

  it('every route documents itself: tags and a response schema (OpenAPI)', () => {
    const undocumented = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !isDocsRoute(r.url))
      .filter((r) => r.tags.length === 0 || !r.hasResponseSchema)
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it('every CSRF exemption says why', () => {
    for (const [key, rule] of Object.entries(PERMISSIONS as Record<string, RouteRule>)) {
      if (rule.csrf === false) expect(rule.csrfExemptBecause, key).toMatch(/\w{10,}/);
    }
  });

  it('every mutation refuses a call without the CSRF header (403 csrf_required)', async () => {
    const admin = tokens.get(ROLE.admin) ?? '';
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.rule || !requiresCsrf(route.method, route.rule)) continue;
      const variants: Record<string, string>[] = [{}, { authorization: `Bearer ${admin}` }];
      for (const headers of variants) {
        const res = await call(t.app, route, headers);
        if (res.statusCode !== 403 || res.json().error !== ERROR_CODE.csrfRequired) {
          failures.push(`${route.key} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every role-restricted route answers 401 without a token', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.rule || route.rule.access === 'public') continue;
      const res = await call(t.app, route, (await csrf(t.app)).headers);
      if (res.statusCode !== 401 || res.json().error !== ERROR_CODE.authorizationRequired) {
        failures.push(`${route.key} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('each role gets exactly the access the table gives it', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const rule = route.rule;
      if (!rule || rule.access === 'public') continue;
      // Sessions-ending routes go last so the tokens stay usable for the others.
      if (route.key === 'POST /auth/logout') continue;
      for (const role of ROLES_TO_TRY) {
        const res = await call(t.app, route, await authed(t.app, tokens.get(role) ?? ''));
        const allowed = isAllowed(rule, role);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403)) {
          failures.push(`${route.key} as role ${role}: expected access, got ${res.statusCode} ${res.body}`);
        }
        if (!allowed && (res.statusCode !== 403 || res.json().error !== ERROR_CODE.forbidden)) {
          failures.push(`${route.key} as role ${role}: expected 403 forbidden, got ${res.statusCode}`);
        }
      }
    }
    const logout = routes.find((r) => r.key === 'POST /auth/logout');
    for (const role of ROLES_TO_TRY) {
      if (!logout?.rule) break;
      const res = await call(t.app, logout, await authed(t.app, tokens.get(role) ?? ''));
      const expected = isAllowed(logout.rule, role) ? 200 : 403;
      if (res.statusCode !== expected) failures.push(`POST /auth/logout as role ${role}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the auth hook fails closed', () => {
  it('a route without a PERMISSIONS rule answers 500 and never runs its handler', async () => {
    let ran = false;
    const app = await createTestApp({
      extraPlugins: [
        async (instance) => {
          instance.get('/api/no-rule-here', async () => {
            ran = true;
            return { ok: true };
          });
        },
      ],
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/no-rule-here' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe(ERROR_CODE.internal);
      expect(ran).toBe(false);
    } finally {
      await app.close();
    }
  });
});
