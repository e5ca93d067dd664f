import { ROLE, type RoleCode } from './roles.ts';

/** The back-office areas of the web app (spec section 2), each under its own path. */
export type DashboardArea = 'admin' | 'electrician' | 'owner';

/**
 * Which roles each back-office area admits: ONE vocabulary for the web and the API. The web's route
 * guard reads it, and the area's API rules in PERMISSIONS use the same lists (a contract test checks
 * every rule under an area's API paths), so a role the guard lets in is never refused by every call.
 * - /admin: admins only.
 * - /owner: owners and electricians (spec section 2): an electrician's /owner is their own home — the
 *   owner API serves the caller's own devices and rooms for both roles (ADR 033).
 * - /electrician: electricians only. The spec also admits owners, but every screen there is about the
 *   electrician's assigned customers, which an owner has none of (ADR 033): an owner is sent to their
 *   own dashboard instead of a wall of empty lists and 403s.
 */
export const AREA_ROLES = {
  admin: [ROLE.admin],
  electrician: [ROLE.electrician],
  owner: [ROLE.owner, ROLE.electrician],
} as const satisfies Record<DashboardArea, readonly RoleCode[]>;

/** The API paths that serve each area (a PERMISSIONS key's path equal to one, or under `prefix/`). */
export const AREA_API_PATHS: Record<DashboardArea, readonly string[]> = {
  admin: ['/api/admin'],
  electrician: ['/api/electrician', '/electrician'],
  owner: ['/api/dashboard', '/api/devices', '/api/rooms'],
};

/** The area whose API serves `path` (a route path in Fastify syntax), if any. */
export function areaOfApiPath(path: string): DashboardArea | undefined {
  for (const [area, prefixes] of Object.entries(AREA_API_PATHS) as [DashboardArea, readonly string[]][]) {
    if (prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return area;
  }
  return undefined;
}
