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
import type { FastifyInstance, FastifySchema } from 'fastify';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDocsRoute } from './plugins/rbac.ts';
import { SECURITY_MESSAGES } from './plugins/security.ts';
import { STORABLE_TEXT_MESSAGES } from './plugins/storable-text.ts';
import { authed, createTestApp, csrf, type TestApp } from './test/helpers.ts';

const NOT_YET_BUILT = new Set<string>([]);

/** Role codes to try: the three roles plus a code the table never names ("anything else: user"). */
const ROLES_TO_TRY = [...ALL_ROLES, 4];

interface WalkedRoute {
  key: string;
  method: string;
  url: string;
  rule: RouteRule | undefined;
  schema: FastifySchema | undefined;
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
    routes.push({
      key,
      method: r.method,
      url: r.url,
      rule: (PERMISSIONS as Record<string, RouteRule>)[key],
      schema: r.schema,
    });
  }
  await signInEveryRole();
});
afterAll(() => t.close());

/** Fresh tokens for every role (the route walk ends its users' sessions by calling logout). */
async function signInEveryRole(): Promise<void> {
  for (const role of ROLES_TO_TRY) tokens.set(role, (await t.signIn(role)).token);
}

/** A concrete URL for a route pattern: every path parameter becomes an id nobody owns (or `values[name]`). */
function concrete(url: string, values: Record<string, string> = {}): string {
  return url.replace(
    /:(\w+)/g,
    (_m, name: string) =>
      values[name] ?? (name.toLowerCase().includes('index') ? '0' : '00000000-0000-4000-8000-000000000000'),
  );
}

/** The top-level field names of a route's zod schema part (objects, through pipes, wrappers and unions). */
function fieldNames(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return fieldNames(schema.unwrap());
  }
  if (schema instanceof z.ZodUnion)
    return [...new Set(schema.options.flatMap((option) => fieldNames(option)))];
  if (schema instanceof z.ZodIntersection)
    return [...fieldNames(schema.def.left), ...fieldNames(schema.def.right)];
  return [];
}

const PATH_PARAM = /:(\w+)/g;

/** Headers that pass a route's auth and CSRF: a token of a role the rule allows. */
async function allowedHeaders(app: FastifyInstance, route: WalkedRoute): Promise<Record<string, string>> {
  const access = route.rule?.access;
  const role = access === undefined || access === 'public' || access === 'signed-in' ? ROLE.owner : access[0];
  return authed(app, tokens.get(role ?? ROLE.owner) ?? '');
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

describe('text PostgreSQL cannot store is a 400, never a 500 (ADR 016)', () => {
  beforeAll(signInEveryRole);
  const NUL = 'a\u0000b';
  // A new client address per call: per-IP budgets (the contact form's 5 per 10 minutes) stay out of the way.
  let calls = 0;
  const freshIp = () => {
    calls += 1;
    return `10.77.${Math.floor(calls / 250)}.${(calls % 250) + 1}`;
  };
  const refusal = (field: string) => ({
    error: ERROR_CODE.validation,
    details: expect.arrayContaining([{ path: field, message: STORABLE_TEXT_MESSAGES.nul }]),
  });

  it('a NUL in any path parameter, query field or top-level body field of any route', async () => {
    const failures: string[] = [];
    const tried = { params: 0, query: 0, body: 0 };
    for (const route of routes) {
      if (route.key === 'POST /auth/logout') continue; // would end the shared sessions if it ever got through
      const headers = await allowedHeaders(t.app, route);
      const check = async (what: string, field: string, url: string, payload?: Record<string, string>) => {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          remoteAddress: freshIp(),
          ...(payload ? { payload } : {}),
        });
        const body = res.statusCode === 400 ? res.json() : undefined;
        if (res.statusCode !== 400 || !expect.objectContaining(refusal(field)).asymmetricMatch(body)) {
          failures.push(`${route.key} ${what} ${field} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      };
      for (const [, name] of route.url.matchAll(PATH_PARAM)) {
        if (!name) continue;
        tried.params += 1;
        await check('param', name, concrete(route.url, { [name]: '%00' }));
      }
      for (const name of fieldNames(route.schema?.querystring)) {
        tried.query += 1;
        await check('query', name, `${concrete(route.url)}?${encodeURIComponent(name)}=%00`);
      }
      for (const name of fieldNames(route.schema?.body)) {
        tried.body += 1;
        await check('body', name, concrete(route.url), { [name]: NUL });
      }
    }
    expect(failures).toEqual([]);
    // The walk found the inputs it is meant to try.
    expect(tried.params).toBeGreaterThanOrEqual(8);
    expect(tried.query).toBeGreaterThanOrEqual(4);
    expect(tried.body).toBeGreaterThanOrEqual(20);
  });

  it('the cases first reported: room, device, contact message, ?room_id, a device id', async () => {
    const owner = await authed(t.app, tokens.get(ROLE.owner) ?? '');
    const cases = [
      { method: 'POST', url: '/api/rooms', payload: { name: NUL, type: 'bedroom' }, field: 'name' },
      {
        method: 'POST',
        url: '/api/devices',
        payload: { name: NUL, model: 'Lumos', serial_number: 'SN-NUL-1' },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Asha', email: 'asha@example.com', message: `Hello ${NUL}` },
        field: 'message',
      },
      { method: 'GET', url: '/api/devices?room_id=%00', field: 'room_id' },
      { method: 'POST', url: '/api/devices/%00/toggle', field: 'id' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: owner,
        remoteAddress: freshIp(),
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toMatchObject(refusal(c.field));
    }
  });
});

describe('every mutation refuses a foreign Origin (ADR 016)', () => {
  beforeAll(signInEveryRole);
  it('403 for every CSRF-protected mutation, whatever the role', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.rule || !requiresCsrf(route.method, route.rule)) continue;
      const headers = { ...(await allowedHeaders(t.app, route)), origin: 'https://evil.example' };
      const res = await call(t.app, route, headers);
      if (res.statusCode !== 403 || res.json().message !== SECURITY_MESSAGES.originNotAllowed) {
        failures.push(`${route.key} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('over-long URLs', () => {
  it('a path parameter over the limit answers 414 in the one error shape, without echoing the URL', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const names = [...route.url.matchAll(PATH_PARAM)].map((m) => m[1] ?? '');
      for (const name of names) {
        const huge = 'x'.repeat(5000);
        const res = await call(t.app, { ...route, url: concrete(route.url, { [name]: huge }) }, {});
        const body = res.json();
        if (
          res.statusCode !== 414 ||
          body.error !== 'uri_too_long' ||
          res.body.includes(huge.slice(0, 200))
        ) {
          failures.push(`${route.key} ${name} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
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

/** Every `routes.ts` under src/ (a module's, or another folder's such as the device plane's). */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === 'routes.ts' ? [path] : [];
  });
}

/** The name docs/architecture.md gives a folder's route plugin: `<folder>Routes`, the folder in camelCase. */
export function routePluginName(folder: string): string {
  return `${folder.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase())}Routes`;
}

/** What breaks the rule in a routes.ts: the plugins it exports (names ending in Routes) unless just the one. */
export function namingFaults(folder: string, exported: Record<string, unknown>): string[] {
  const expected = routePluginName(folder);
  const plugins = Object.entries(exported).filter(([name]) => name.endsWith('Routes'));
  const faults = plugins
    .filter(([name, value]) => name !== expected || (value as { name?: string }).name !== expected)
    .map(([name]) => `${folder}/routes.ts exports ${name}, not ${expected}`);
  if (plugins.length === 0) faults.push(`${folder}/routes.ts exports no ${expected}`);
  return faults;
}

describe('route plugin names (docs/architecture.md, "Names")', () => {
  it("names a folder's plugin <folder>Routes, and refuses another name", () => {
    expect(routePluginName('admin-users')).toBe('adminUsersRoutes');
    const adminUsersRoutes = async () => undefined;
    expect(namingFaults('admin-users', { adminUsersRoutes })).toEqual([]);
    const adminUserRoutes = async () => undefined;
    expect(namingFaults('admin-users', { adminUserRoutes })).toEqual([
      'admin-users/routes.ts exports adminUserRoutes, not adminUsersRoutes',
    ]);
    expect(namingFaults('admin-users', {})).toEqual(['admin-users/routes.ts exports no adminUsersRoutes']);
  });

  it('every routes.ts exports one plugin, named after its folder', async () => {
    const files = routeFiles(dirname(fileURLToPath(import.meta.url)));
    expect(files.length).toBeGreaterThan(20);
    const faults: string[] = [];
    for (const file of files) {
      const exported = (await import(file)) as Record<string, unknown>;
      faults.push(...namingFaults(basename(dirname(file)), exported));
    }
    expect(faults).toEqual([]);
  });
});
