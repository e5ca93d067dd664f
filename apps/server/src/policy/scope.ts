import { ROLE } from '@isaac/contract';

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
 * The home that new rooms and devices of the owner API go into: the owner's own. Other kinds have no
 * home of their own yet (the electrician issue decides what /owner shows them): null.
 */
export function homeOf(scope: Scope): string | null {
  return scope.kind === 'owner' ? scope.userId : null;
}
