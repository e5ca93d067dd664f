import { ADMIN_PATHS, AUTH_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS } from './paths.ts';

/** Role codes of spec section 3: 1 electrician, 2 owner (a "customer" in electrician views), 3 admin. */
export const ROLE = { electrician: 1, owner: 2, admin: 3 } as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];
export const ALL_ROLES: readonly RoleCode[] = [ROLE.electrician, ROLE.owner, ROLE.admin];

export function roleName(role: number): 'electrician' | 'owner' | 'admin' | 'user' {
  if (role === ROLE.electrician) return 'electrician';
  if (role === ROLE.owner) return 'owner';
  if (role === ROLE.admin) return 'admin';
  return 'user';
}

/** Where a role lands (spec section 2, route guard): any other role goes to /dashboard. */
export function dashboardPathForRole(role: number | undefined): string {
  if (role === ROLE.admin) return ADMIN_PATHS.dashboard;
  if (role === ROLE.electrician) return ELECTRICIAN_PATHS.dashboard;
  if (role === ROLE.owner) return OWNER_PATHS.dashboard;
  return AUTH_PATHS.dashboard;
}

/** How each role reads in the UI (admin users table, role filter, forms). */
export const ROLE_LABELS: Record<RoleCode, string> = {
  [ROLE.electrician]: 'Electrician',
  [ROLE.owner]: 'Owner',
  [ROLE.admin]: 'Admin',
};
