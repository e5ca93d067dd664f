import { ROLE, type HomeRole } from '@isaac/contract';

/**
 * What a caller may reach, by kind (ADR 019). The kind decides the SHAPE of every ownership condition
 * (policy.ts), the user id fills it in: so a prepared statement is built once per kind and runs with the
 * caller's id as a parameter.
 * - `owner`: their own home (devices, rooms, their installations, themself as a customer);
 * - `electrician`: the customers assigned to them (electrician_customers), those customers' homes, the
 *   devices assigned to them (electrician_devices) and their own installations;
 * - `admin`: everything;
 * - `none`: nothing (a role the product does not know).
 */
export const SCOPE_KINDS = ['owner', 'electrician', 'admin', 'none'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export interface Scope {
  readonly kind: ScopeKind;
  /** The acting user (recorded as the actor of what they do). */
  readonly userId: string;
  /**
   * Owner API (issue 32, ADR 069): the home the request names (the web's `x-isaac-home` header); absent or
   * null = the home the person chose last. The policy's conditions read the membership in the same statement.
   */
  readonly home?: string | null;
  /** The caller's live membership in that home as the session's statement read it, when known. */
  readonly member?: HomeMembership | null;
}

/** A person's live membership in a home, as the auth hook read it with the session. */
export interface HomeMembership {
  readonly homeId: string;
  readonly role: HomeRole;
}

/** The scope of a signed-in caller, from the role the auth hook read from the database. */
export function scopeOf(actor: { userId: string; role: number }): Scope {
  const kind: ScopeKind =
    actor.role === ROLE.owner
      ? 'owner'
      : actor.role === ROLE.electrician
        ? 'electrician'
        : actor.role === ROLE.admin
          ? 'admin'
          : 'none';
  return { kind, userId: actor.userId };
}

/**
 * The scope of a caller on the owner API (/api/dashboard, /api/devices, /api/rooms): a home they are a
 * member of (the one the request names, else the one they chose last), for owners and electricians alike
 * (ADR 033: an electrician's /owner is their own homes, not their customers' — those are reached through the
 * electrician API, under its assignments).
 */
export function homeScopeOf(caller: {
  userId: string;
  role: number;
  home?: string | null;
  member?: HomeMembership | null;
}): Scope {
  const kind = caller.role === ROLE.electrician ? 'owner' : scopeOf(caller).kind;
  if (kind !== 'owner') return { kind, userId: caller.userId };
  return { kind, userId: caller.userId, home: caller.home ?? null, member: caller.member ?? null };
}

/**
 * Where new rooms and devices of the owner API go: the caller's current home (the membership the auth hook
 * read; its role already checked against the route's home action), or — for a person with no home yet —
 * undefined: the row's trigger makes them their own. Null for scopes of other kinds (no home of their own).
 */
export function homeOf(scope: Scope): { userId: string; homeId: string | undefined } | null {
  if (scope.kind !== 'owner') return null;
  return { userId: scope.userId, homeId: scope.member?.homeId };
}
