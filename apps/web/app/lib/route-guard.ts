/** Route guard decisions (spec section 2), as pure functions so they are unit-tested on their own. */
import { AREA_ROLES, type DashboardArea, dashboardPathForRole } from '@isaac/contract';

/**
 * The roles each area admits come from the contract (`AREA_ROLES`), the same lists the area's API
 * rules use: /admin admins only, /owner owners only, /electrician electricians and owners.
 */
export { AREA_ROLES, type DashboardArea };

export interface GuardInput {
  loading: boolean;
  user: { role: number } | null;
  /** A failure loading the user that was not an auth failure (the token is kept). */
  loadError: string | null;
  /** Roles the route allows; undefined: any signed-in user. */
  allowedRoles?: readonly number[];
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'redirect'; to: string }
  /** Signed in, but the role has no dashboard of its own to fall back to. */
  | { kind: 'no-access' }
  | { kind: 'allow' };

export function decideGuard({ loading, user, loadError, allowedRoles }: GuardInput): GuardDecision {
  if (loading) return { kind: 'loading' };
  if (!user) return loadError ? { kind: 'error', message: loadError } : { kind: 'redirect', to: '/login' };
  if (allowedRoles && !allowedRoles.includes(user.role)) {
    const own = dashboardPathForRole(user.role);
    // An unknown role's "own dashboard" is /dashboard, which sends it to /electrician: stop the loop here.
    return own === '/dashboard' ? { kind: 'no-access' } : { kind: 'redirect', to: own };
  }
  return { kind: 'allow' };
}

/** Where /dashboard sends a role: admin, electrician and owner to their own; any other role to the electrician one. */
export function dashboardHome(role: number): string {
  const own = dashboardPathForRole(role);
  return own === '/dashboard' ? '/electrician/dashboard' : own;
}
