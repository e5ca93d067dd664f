import { ROLE, type RoleCode } from './roles.ts';

/** The back-office areas of the web app (spec section 2), each under its own path. */
export type DashboardArea = 'admin' | 'electrician' | 'owner';

/**
 * Which roles each back-office area admits: ONE vocabulary for the web and the API. The web's route
 * guard reads it, and the area's API rules in PERMISSIONS use the same lists (a contract test checks
 * every rule under an area's API paths), so a role the guard lets in is never refused by every call.
 * - /admin: admins only.
 * - /owner: owners only (the spec also lets electricians open /owner; the electrician issue decides what
 *   they see there — until then they are sent to their own dashboard rather than to a wall of 403s).
 * - /electrician: electricians and owners (spec section 2); the area has no API routes yet.
 */
export const AREA_ROLES = {
  admin: [ROLE.admin],
  electrician: [ROLE.electrician, ROLE.owner],
  owner: [ROLE.owner],
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
