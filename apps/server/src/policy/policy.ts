import { ROLE, type HomeRole } from '@isaac/contract';
import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  devices,
  electricianCustomers,
  electricianDevices,
  homeMembers,
  installations,
  rooms,
  users,
} from '../db/schema/index.ts';
import { PolicyDenied } from './denied.ts';
import type { Scope, ScopeKind } from './scope.ts';

/**
 * THE policy layer (ADR 019, as Outline's policies): for each entity — device, room, customer,
 * installation — the condition a row must meet for a scope to see it or change it. Services take it
 * into their queries (lists, lookups, the row locked by an update), so ownership is written once here,
 * not copied into each query; `may`/`authorize` answer the question for one object. The policy decides,
 * the HTTP layer answers: a row outside the scope is not found (404, `PolicyDenied`), never "forbidden":
 * no probing of other people's ids.
 *
 * The condition's shape depends only on the scope's kind; the acting user is a value, or
 * `ACTOR` (`sql.placeholder('actorId')`) in a prepared statement — one statement per kind.
 *
 * Homes (issue 32, ADR 069): an owner-kind caller reaches the rows of their CURRENT home — the home their
 * request names (`HOME`, the web's header), else the one they chose last — through a live membership read
 * in the same statement as the data (`currentHome`, an uncorrelated sub-select PostgreSQL runs once): a
 * membership ended, or a guest's end time passed, gives nothing from the next statement on. A guest reaches
 * only the devices (and rooms) of their rooms.
 */
export type Access = 'see' | 'change';
export type PolicyEntity = 'device' | 'room' | 'customer' | 'installation';
/**
 * The acting user in a condition: their id, the `ACTOR` placeholder of a prepared statement, or a column of
 * a list the statement joins (a batch of commands, each with its own actor: `DeviceCommandService`).
 */
export type ActorRef = string | Placeholder | SQL;

/** The placeholder prepared statements use for the acting user (`execute({ actorId: scope.userId, … })`). */
export const ACTOR = sql.placeholder('actorId');

/** A home named by value: its id, null (none named), the `HOME` placeholder, or a column of a joined list. */
type NamedHome = string | null | Placeholder | SQL;
/**
 * The caller's membership as the session's statement already read it: a read run with the caller's session
 * (`readAsCaller`) joins it once as `membership` (`sessionMembership`, modules/auth/sessions.ts), and its
 * conditions use those columns instead of reading `home_members` again per condition.
 */
export const SESSION_HOME = { membershipOfTheSession: true } as const;
/** The home a condition is about: one named (`NamedHome`), or the session's membership (`SESSION_HOME`). */
export type HomeRef = NamedHome | typeof SESSION_HOME;
const named = (home: HomeRef): home is NamedHome => home !== SESSION_HOME;
/** The placeholder prepared statements use for the home the request names (`policyValues`). */
export const HOME = sql.placeholder('homeId');
/** The alias of the session's membership in a read's statement (`sessionMembership`). */
const MEMBERSHIP = sql.identifier('membership');

/** The values of `ACTOR` and `HOME` for a scope (a prepared statement's `execute`). */
export function policyValues(scope: Scope): { actorId: string; homeId: string | null } {
  return { actorId: scope.userId, homeId: scope.home ?? null };
}

/** The live membership of the caller in the home they name, else in the home they chose last. */
const liveMembership = (actor: ActorRef | AnyColumn, home: NamedHome, roles?: readonly HomeRole[]) =>
  sql`from ${homeMembers} where ${homeMembers.userId} = ${actor} and (${homeMembers.endsAt} is null or ${homeMembers.endsAt} > now()) and (${home}::text is null or ${homeMembers.homeId} = ${home}::text)${
    roles
      ? sql` and ${homeMembers.role} in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )})`
      : sql``
  } order by ${homeMembers.chosenAt} desc nulls last, ${homeMembers.createdAt} limit 1`;
/** THE current home of a caller (a sub-select: null when they have none), optionally only for some roles. */
export const currentHome = (actor: ActorRef, home: HomeRef, roles?: readonly HomeRole[]): SQL => {
  if (named(home)) return sql`(select ${homeMembers.homeId} ${liveMembership(actor, home, roles)})`;
  // The session's membership is the current one whatever its role: "the current home where I am an owner"
  // may be another, so a condition with roles reads it itself.
  if (roles) return currentHome(actor, HOME, roles);
  return sql`${MEMBERSHIP}.home_id`;
};
/**
 * The caller's live membership in their current home (home_id, role, rooms; no row when none), for the
 * session's statement to join laterally as `membership` (modules/auth/sessions.ts): the auth hook knows the
 * caller's home role without another round trip, and a read's conditions (`SESSION_HOME`) use the same row
 * instead of reading `home_members` once per condition.
 */
export const sessionMembership = (actor: AnyColumn) =>
  sql`(select ${homeMembers.homeId} as home_id, ${homeMembers.role} as role, ${homeMembers.rooms} as rooms ${liveMembership(actor, HOME)}) ${MEMBERSHIP}`;
/** The session's membership columns, as a statement that joins `sessionMembership` selects them. */
export const sessionMembershipColumns = {
  homeId: sql<string | null>`${MEMBERSHIP}.home_id`,
  homeRole: sql<HomeRole | null>`${MEMBERSHIP}.role`,
};
/** The caller's membership in their current home, as the auth hook keeps it (`request.auth.home`). */
export interface HomeMembershipJson {
  home_id: string;
  role: HomeRole;
}
/** A guest's rooms in the current home; null for any other role (every room). */
const guestRooms = (actor: ActorRef, home: HomeRef) =>
  named(home)
    ? sql`(select case when ${homeMembers.role} = 'guest' then ${homeMembers.rooms} end ${liveMembership(actor, home)})`
    : sql`(case when ${MEMBERSHIP}.role = 'guest' then ${MEMBERSHIP}.rooms end)`;
/** A row of the current home, within a guest's rooms when the caller is one (`roomId`: the row's room). */
const inCurrentHome = (homeId: AnyColumn, roomId: AnyColumn, actor: ActorRef, home: HomeRef) =>
  sql`(${homeId} = ${currentHome(actor, home)} and coalesce(${roomId} = any(${guestRooms(actor, home)}::text[]), ${guestRooms(actor, home)} is null))`;

/**
 * The devices a person reaches in ANY home they are a live member of (a guest: only their rooms'): their
 * voice assistants' view (issue 32, ADR 069), where no request names one home.
 */
export const memberReaches = (actor: ActorRef) =>
  sql`exists (select 1 from ${homeMembers} where ${homeMembers.userId} = ${actor} and ${homeMembers.homeId} = ${devices.homeId} and (${homeMembers.endsAt} is null or ${homeMembers.endsAt} > now()) and (${homeMembers.role} <> 'guest' or ${devices.roomId} = any(${homeMembers.rooms})))`;

/**
 * Who is told about a row of a home (issue 32): the join condition of `home_members` with the row's home —
 * its live members (a membership without an end, or one still to come), a guest only for a row of one of
 * their rooms (`roomId`; null: a row of no room, which guests never see). `roles` narrows it (an automation's
 * failure goes to those who manage automations). An event's audience is then ONE statement, however many
 * members the home has: the alerts, the device notifications and the voice assistants' reports.
 */
export const audienceOf = (
  homeId: AnyColumn | SQL,
  roomId: AnyColumn | SQL | null,
  roles?: readonly HomeRole[],
): SQL =>
  sql`${homeMembers.homeId} = ${homeId} and (${homeMembers.endsAt} is null or ${homeMembers.endsAt} > now()) and ${
    roomId === null
      ? sql`${homeMembers.role} <> 'guest'`
      : sql`(${homeMembers.role} <> 'guest' or ${roomId} = any(${homeMembers.rooms}))`
  }${
    roles
      ? sql` and ${homeMembers.role} in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )})`
      : sql``
  }`;

/** A condition no row meets (the `none` kind; an access a kind never has). */
const NOTHING = sql`false`;

/** The customers (owner ids) assigned to an electrician, as a sub-select (electrician_customers' unique index). */
const customersOf = (actor: ActorRef) =>
  sql`select ${electricianCustomers.customerId} from ${electricianCustomers} where ${electricianCustomers.electricianId} = ${actor}`;
/** The devices assigned to an electrician, as a sub-select (electrician_devices' unique index). */
const devicesAssignedTo = (actor: ActorRef) =>
  sql`select ${electricianDevices.deviceId} from ${electricianDevices} where ${electricianDevices.electricianId} = ${actor}`;

/** The homes an electrician works in: their customers' (electrician_customers' home index). */
const homesOfCustomersOf = (actor: ActorRef) =>
  sql`select ${electricianCustomers.homeId} from ${electricianCustomers} where ${electricianCustomers.electricianId} = ${actor}`;
/** The devices in the homes of an electrician's customers (devices_home_created_id_idx per home). */
const devicesOfCustomersOf = (actor: ActorRef) =>
  sql`select ${devices.id} from ${devices} where ${devices.homeId} in (${homesOfCustomersOf(actor)})`;

/** A condition on a table's rows for a scope kind; undefined = every row (admin). */
type Rule = (actor: ActorRef, access: Access, home: HomeRef) => SQL | undefined;

const RULES: Record<PolicyEntity, Record<ScopeKind, Rule>> = {
  device: {
    // A device of the current home; a guest's only in their rooms (control is 'change': every role).
    owner: (actor, _access, home) => inCurrentHome(devices.homeId, devices.roomId, actor, home),
    // Assigned to the electrician (stock to configure), or in the home of one of their customers: one id
    // list from two index lookups (an OR of the two would make PostgreSQL read every device).
    electrician: (actor) =>
      sql`${devices.id} in (${devicesAssignedTo(actor)} union all ${devicesOfCustomersOf(actor)})`,
    admin: () => undefined,
    none: () => NOTHING,
  },
  room: {
    // Seen by every member (a guest: their rooms); changed by the home's owners only.
    owner: (actor, access, home) =>
      access === 'see'
        ? inCurrentHome(rooms.homeId, rooms.id, actor, home)
        : sql`${rooms.homeId} = ${currentHome(actor, home, ['owner'])}`,
    electrician: (actor) => sql`${rooms.homeId} in (${homesOfCustomersOf(actor)})`,
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
  /** A home's owners see its installations but change none: the electrician does the work. */
  installation: {
    owner: (actor, access, home) =>
      access === 'see' ? sql`${installations.homeId} = ${currentHome(actor, home, ['owner'])}` : NOTHING,
    electrician: (actor) => eq(installations.electricianId, actor),
    admin: () => undefined,
    none: () => NOTHING,
  },
};

/**
 * The condition a row of `entity`'s table must meet for a scope of `kind` to see (default) or change it;
 * undefined when every row qualifies. Pass `ACTOR` in a prepared statement (built per kind; its home is then
 * the `HOME` placeholder, both filled by `policyValues`), or the user id and the home the scope names.
 */
export function policyCondition(
  entity: PolicyEntity,
  kind: ScopeKind,
  actor: ActorRef,
  access: Access = 'see',
  home: HomeRef = HOME,
): SQL | undefined {
  return RULES[entity][kind](actor, access, home);
}

/** `policyCondition` for a scope, with its user id and named home (queries that are not prepared). */
export function scopeCondition(entity: PolicyEntity, scope: Scope, access: Access = 'see'): SQL | undefined {
  return policyCondition(entity, scope.kind, scope.userId, access, scope.home ?? null);
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

/** `may`, or `PolicyDenied` with `message` (the API answers 404: another person's object is not found). */
export async function authorize(
  db: Db | Tx,
  scope: Scope,
  access: Access,
  entity: PolicyEntity,
  id: string,
  message: string,
): Promise<void> {
  if (!(await may(db, scope, access, entity, id))) throw new PolicyDenied(entity, access, message);
}
