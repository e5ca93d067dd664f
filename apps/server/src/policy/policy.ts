import { ROLE } from '@isaac/contract';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  devices,
  electricianCustomers,
  electricianDevices,
  installations,
  rooms,
  users,
} from '../db/schema/index.ts';
import { notFound } from '../plugins/errors.ts';
import type { Scope, ScopeKind } from './scope.ts';

/**
 * THE policy layer (ADR 019, as Outline's policies): for each entity — device, room, customer,
 * installation — the condition a row must meet for a scope to see it or change it. Services take it
 * into their queries (lists, lookups, the row locked by an update), so ownership is written once here,
 * not copied into each query; `may`/`authorize` answer the question for one object. A row outside the
 * scope is not found (404), never "forbidden": no probing of other people's ids.
 *
 * The condition's shape depends only on the scope's kind; the acting user is a value, or
 * `ACTOR` (`sql.placeholder('actorId')`) in a prepared statement — one statement per kind.
 */
export type Access = 'see' | 'change';
export type PolicyEntity = 'device' | 'room' | 'customer' | 'installation';
/** The acting user in a condition: their id, or the `ACTOR` placeholder of a prepared statement. */
export type ActorRef = string | Placeholder;

/** The placeholder prepared statements use for the acting user (`execute({ actorId: scope.userId, … })`). */
export const ACTOR = sql.placeholder('actorId');

/** A condition no row meets (the `none` kind; an access a kind never has). */
const NOTHING = sql`false`;

/** The customers (owner ids) assigned to an electrician, as a sub-select (electrician_customers' unique index). */
const customersOf = (actor: ActorRef) =>
  sql`select ${electricianCustomers.customerId} from ${electricianCustomers} where ${electricianCustomers.electricianId} = ${actor}`;
/** The devices assigned to an electrician, as a sub-select (electrician_devices' unique index). */
const devicesAssignedTo = (actor: ActorRef) =>
  sql`select ${electricianDevices.deviceId} from ${electricianDevices} where ${electricianDevices.electricianId} = ${actor}`;

/** The devices in the homes of an electrician's customers (devices_user_created_id_idx per customer). */
const devicesOfCustomersOf = (actor: ActorRef) =>
  sql`select ${devices.id} from ${devices} where ${devices.userId} in (${customersOf(actor)})`;

/** A condition on a table's rows for a scope kind; undefined = every row (admin). */
type Rule = (actor: ActorRef, access: Access) => SQL | undefined;

const RULES: Record<PolicyEntity, Record<ScopeKind, Rule>> = {
  device: {
    owner: (actor) => eq(devices.userId, actor),
    // Assigned to the electrician (stock to configure), or in the home of one of their customers: one id
    // list from two index lookups (an OR of the two would make PostgreSQL read every device).
    electrician: (actor) =>
      sql`${devices.id} in (${devicesAssignedTo(actor)} union all ${devicesOfCustomersOf(actor)})`,
    admin: () => undefined,
    none: () => NOTHING,
  },
  room: {
    owner: (actor) => eq(rooms.userId, actor),
    electrician: (actor) => sql`${rooms.userId} in (${customersOf(actor)})`,
    admin: () => undefined,
    none: () => NOTHING,
  },
  /** A customer is an owner (users.role 2): themself for an owner, the assigned ones for an electrician. */
  customer: {
    owner: (actor) => and(eq(users.id, actor), eq(users.role, ROLE.owner)),
    electrician: (actor) => and(sql`${users.id} in (${customersOf(actor)})`, eq(users.role, ROLE.owner)),
    admin: () => eq(users.role, ROLE.owner),
    none: () => NOTHING,
  },
  /** An owner sees the installations of their home but changes none: the electrician does the work. */
  installation: {
    owner: (actor, access) => (access === 'see' ? eq(installations.customerId, actor) : NOTHING),
    electrician: (actor) => eq(installations.electricianId, actor),
    admin: () => undefined,
    none: () => NOTHING,
  },
};

/**
 * The condition a row of `entity`'s table must meet for a scope of `kind` to see (default) or change it;
 * undefined when every row qualifies. Pass `ACTOR` in a prepared statement (built per kind), or the user id.
 */
export function policyCondition(
  entity: PolicyEntity,
  kind: ScopeKind,
  actor: ActorRef,
  access: Access = 'see',
): SQL | undefined {
  return RULES[entity][kind](actor, access);
}

/** `policyCondition` for a scope, with its user id as the actor (queries that are not prepared). */
export function scopeCondition(entity: PolicyEntity, scope: Scope, access: Access = 'see'): SQL | undefined {
  return policyCondition(entity, scope.kind, scope.userId, access);
}

const TABLE_ID = {
  device: devices.id,
  room: rooms.id,
  customer: users.id,
  installation: installations.id,
} as const;
const TABLE = { device: devices, room: rooms, customer: users, installation: installations } as const;

/** Whether the scope may see (or change) one object: one primary-key read with the policy's condition. */
export async function may(
  db: Db | Tx,
  scope: Scope,
  access: Access,
  entity: PolicyEntity,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: TABLE_ID[entity] })
    .from(TABLE[entity])
    .where(and(eq(TABLE_ID[entity], id), scopeCondition(entity, scope, access)))
    .limit(1);
  return rows.length > 0;
}

/** `may`, or a 404 with `message` (another person's object is not found: no probing). */
export async function authorize(
  db: Db | Tx,
  scope: Scope,
  access: Access,
  entity: PolicyEntity,
  id: string,
  message: string,
): Promise<void> {
  if (!(await may(db, scope, access, entity, id))) throw notFound(message);
}
