import { isAllowed, ruleFor, type RouteRule } from '@isaac/contract';
import type { FastifyRequest } from 'fastify';

/** Routes served by the OpenAPI UI: public documentation, outside the permission table. */
export const DOCS_PREFIX = '/docs';

export function isDocsRoute(url: string): boolean {
  return url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

/**
 * The PERMISSIONS rule of the route a request matched (`${method} ${routeOptions.url}`).
 * HEAD uses its GET rule; CORS preflights (OPTIONS) and the docs are public.
 * Returns undefined for requests that matched no route (they end in the 404 handler).
 */
export function ruleForRequest(request: FastifyRequest): RouteRule | 'none' | undefined {
  const url = request.routeOptions.url;
  if (url === undefined) return undefined;
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS' || isDocsRoute(url)) return { access: 'public', csrf: false };
  const rule = ruleFor(method === 'HEAD' ? 'GET' : method, url);
  return rule ?? 'none';
}

/** Whether an authenticated role may call a route. */
export function roleMayCall(rule: RouteRule, role: number): boolean {
  return isAllowed(rule, role);
}
