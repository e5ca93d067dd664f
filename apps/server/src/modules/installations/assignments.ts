import { ELECTRICIAN_MSG, type AccountElectrician, type CustomerStatus } from '@isaac/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { electricianCustomers, installations, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { electricianHomeAccess } from '../../policy/home-access.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';

/**
 * The customer-status when a customer is (re)assigned (the upsert's `excluded` row is the new assignment):
 * kept when the same electrician keeps the customer, unless the customer was completed and gets a new date;
 * `assigned` otherwise.
 */
const statusOnReassign = sql`case
  when ${electricianCustomers.electricianId} = excluded.electrician_id
    and not (${electricianCustomers.status} = 'completed'
      and ${electricianCustomers.installationDate} is distinct from excluded.installation_date)
  then ${electricianCustomers.status} else 'assigned' end`;

/**
 * Customers go to an electrician with an installation date: one row per customer
 * (electrician_customers_customer_uq), inserted, or moved here with the new date. A move starts over; the
 * same electrician keeps the customer's progress, but a completed customer given a new date is assigned
 * again (a new visit: issue 30). The admin's Assign Customers and the installation jobs board assign.
 */
export async function assignCustomers(
  tx: Tx,
  electricianId: string,
  customerIds: readonly string[],
  installationDate: string | null,
): Promise<void> {
  if (customerIds.length === 0) return;
  await tx
    .insert(electricianCustomers)
    .values(
      customerIds.map((customerId) => ({
        electricianId,
        customerId,
        installationDate,
        status: 'assigned' as const,
      })),
    )
    .onConflictDoUpdate({
      target: electricianCustomers.customerId,
      set: { electricianId, installationDate, status: statusOnReassign },
    });
}

/** The customer is no longer the electrician's (the admin's Unassign): the removed assignment, if there was one. */
export async function unassignCustomer(
  tx: Tx,
  electricianId: string,
  customerId: string,
): Promise<{ id: string; installationDate: string | null } | undefined> {
  const [removed] = await tx
    .delete(electricianCustomers)
    .where(
      and(
        eq(electricianCustomers.electricianId, electricianId),
        eq(electricianCustomers.customerId, customerId),
      ),
    )
    .returning({ id: electricianCustomers.id, installationDate: electricianCustomers.installationDate });
  return removed;
}

/**
 * Customer assignments (electrician_customers): which customers an electrician may work for, until when
 * (the policy's `electricianHomeAccess`: once a customer's installation has been completed for longer than the
 * grace period, their home is read-only for the electrician: 409), and the customer-status kept in step with their installations.
 * The owner sees who may work in their home and can end an electrician's access.
 */
export class CustomerAssignments {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly graceDays: number,
    private readonly now: () => Date,
  ) {}

  /** GET /api/account/electricians: the electricians assigned to the owner's home, and their access. */
  async electriciansOf(ownerId: string): Promise<AccountElectrician[]> {
    const rows = await this.db
      .select({ assignment: electricianCustomers, electrician: users })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.electricianId))
      .where(eq(electricianCustomers.customerId, ownerId));
    return Promise.all(
      rows.map(async ({ assignment, electrician }) => {
        const { access, readOnlyFrom } = await electricianHomeAccess(
          this.db,
          electrician.id,
          ownerId,
          this.graceDays,
          this.now(),
        );
        return {
          _id: electrician.id,
          name: electrician.name,
          email: electrician.email,
          mobile: electrician.mobile,
          installation_date: assignment.installationDate,
          status: assignment.status,
          access,
          read_only_from: readOnlyFrom?.toISOString() ?? null,
        };
      }),
    );
  }

  /** DELETE /api/account/electricians/{id}: the owner ends an electrician's access to their home. */
  async revoke(ownerId: string, electricianId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await unassignCustomer(tx, electricianId, ownerId);
      if (!removed) throw notFound('Electrician not found');
      const [electrician] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, electricianId))
        .limit(1);
      await this.audit.record(tx, context, {
        action: 'assignment.access_revoked',
        entity: { type: 'assignment', id: removed.id, name: electrician?.name ?? null },
        changes: changesBetween<{ electrician_id: string | null }>(
          { electrician_id: electricianId },
          { electrician_id: null },
          ['electrician_id'],
        ),
      });
    });
  }

  /** The caller's assigned customer (404 otherwise: no probing of other people's customers). */
  async assignedCustomer(db: Db | Tx, scope: Scope, customerId: string) {
    const [row] = await db
      .select({ user: users, assignment: electricianCustomers })
      .from(users)
      .innerJoin(electricianCustomers, eq(electricianCustomers.customerId, users.id))
      .where(and(eq(users.id, customerId), scopeCondition('customer', scope)))
      .limit(1);
    if (!row || row.assignment.electricianId !== scope.userId)
      throw notFound(ELECTRICIAN_MSG.customerNotFound);
    return row;
  }

  /**
   * An electrician's installation is theirs to change only while the customer is still assigned to them
   * (issue 34, ADR 070): a change made offline after the admin reassigned or unassigned the customer is a
   * conflict (409, saying so), never applied. Other scopes (the admin) are not refused here.
   */
  async assertStillAssigned(tx: Tx, scope: Scope, customerId: string): Promise<void> {
    if (scope.kind !== 'electrician') return;
    const [assignment] = await tx
      .select({ electricianId: electricianCustomers.electricianId })
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, customerId))
      .limit(1);
    if (assignment?.electricianId !== scope.userId) throw conflict(ELECTRICIAN_MSG.jobReassigned);
  }

  /** The assigned customer, locked, refusing (409) a home whose grace period after completion is over. */
  async writableCustomer(tx: Tx, scope: Scope, customerId: string) {
    const row = await this.assignedCustomer(tx, scope, customerId);
    const home = await electricianHomeAccess(tx, scope.userId, customerId, this.graceDays, this.now());
    if (home.access === 'read_only') throw conflict(ELECTRICIAN_MSG.readOnly);
    return row;
  }

  /**
   * The customer-status derives from ALL the customer's installations with the caller (issue 30): in
   * progress while any is; assigned while one is planned (pending) or none exists; completed once every one
   * is. Kept in step in the transaction of each installation change.
   */
  async syncCustomerStatus(tx: Tx, scope: Scope, customerId: string) {
    const derived = sql<CustomerStatus>`coalesce((
      select case
        when bool_or(${installations.status} = 'in_progress') then 'in_progress'
        when bool_or(${installations.status} = 'pending') then 'assigned'
        else 'completed' end
      from ${installations}
      where ${installations.electricianId} = ${scope.userId} and ${installations.customerId} = ${customerId}
    ), 'assigned')`;
    await tx
      .update(electricianCustomers)
      .set({ status: derived })
      .where(
        and(
          eq(electricianCustomers.electricianId, scope.userId),
          eq(electricianCustomers.customerId, customerId),
        ),
      );
  }
}
