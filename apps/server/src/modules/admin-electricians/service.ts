import {
  isPastBusinessDate,
  ROLE,
  type AdminCustomerList,
  type AdminCustomerListQuery,
  type AdminElectricianList,
  type AdminElectricianListQuery,
  type AssignCustomersResponse,
  type AssignDevicesResponse,
  type BulkDeviceResponse,
  type PageQuery,
  ADMIN_MSG,
} from '@isaac/contract';
import { and, asc, count, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { electricianCustomers, electricianDevices, installations, users } from '../../db/schema/index.ts';
import { badRequest, idListError, notFound } from '../../plugins/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { lockDevices } from '../admin-devices/service.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { assignCustomers, unassignCustomer } from '../installations/assignments.ts';
import { presentCustomer, presentElectrician, reassignedNotice } from './presenter.ts';

export const ADMIN_ELECTRICIAN_MESSAGES = {
  electricianNotFound: 'Electrician not found',
  customerNotFound: 'Customer not found',
  customersNotFound: 'Some customers were not found',
  notOwners: 'Only owners can be assigned as customers',
  assignmentNotFound: 'This customer is not assigned to this electrician',
} as const;

const electricianUsers = alias(users, 'electrician');

/** Users of one role, optionally whose name or e-mail contains `search` (any case). */
function usersWhere(role: number, search: string | undefined): SQL[] {
  const conditions: SQL[] = [eq(users.role, role)];
  if (search) {
    const pattern = containsPattern(search);
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  return conditions;
}

/** One page of a users query in `order` (which ends with the id, so pages never overlap). */
function sortedPage<T extends PgSelect>(select: T, conditions: SQL[], query: PageQuery, order: SQL[]): T {
  return select
    .where(and(...conditions))
    .orderBy(...order)
    .limit(pageWindow(query).limit)
    .offset(pageWindow(query).offset);
}

/** A name or e-mail sorted without regard to case. */
const caseless = (column: AnyColumn) => sql`lower(${column})`;

/**
 * Electrician assignments (issue 10, ADR 025): which customers (owners) and which devices each
 * electrician has. A customer and a device are each with at most one electrician (unique indexes);
 * assigning one that is with another electrician moves it. Every mutation is one transaction.
 */
export class AdminElectricianService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /**
   * Electricians in the query's order (by name by default), each with their counts, plus the screen's totals.
   * The counts are correlated subqueries on the assignment indexes (electrician_id leads each), so a page
   * costs its rows only (sorting by a count computes it for every electrician, a few).
   */
  async list(query: AdminElectricianListQuery): Promise<AdminElectricianList> {
    const conditions = usersWhere(ROLE.electrician, query.search);
    // Qualified by hand: Drizzle writes a single-table query's columns unqualified, and inside these
    // subqueries an unqualified "id" would be the subquery table's own.
    const electricianId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
    const installationCount = (status: string | null) =>
      sql<number>`(select count(*) from ${installations} where ${installations.electricianId} = ${electricianId}${
        status === null ? sql`` : sql` and ${installations.status} = ${status}`
      })`.mapWith(Number);
    const customerCount =
      sql<number>`(select count(*) from ${electricianCustomers} where ${electricianCustomers.electricianId} = ${electricianId})`.mapWith(
        Number,
      );
    const deviceCount =
      sql<number>`(select count(*) from ${electricianDevices} where ${electricianDevices.electricianId} = ${electricianId})`.mapWith(
        Number,
      );
    const sortable: Record<AdminElectricianListQuery['sort'], AnyColumn | SQL> = {
      name: caseless(users.name),
      status: users.status,
      customers: customerCount,
      devices: deviceCount,
      installations: installationCount(null),
    };
    const [rows, statistics] = await Promise.all([
      sortedPage(
        this.db
          .select({
            user: users,
            customers: customerCount,
            devices: deviceCount,
            installationsTotal: installationCount(null),
            pending: installationCount('pending'),
            inProgress: installationCount('in_progress'),
            completed: installationCount('completed'),
            total: totalCount(),
          })
          .from(users)
          .$dynamic(),
        conditions,
        query,
        sortedBy(sortable, query, users.id),
      ),
      this.db
        .select({
          electricians:
            sql<number>`(select count(*) from ${users} where ${users.role} = ${ROLE.electrician})`.mapWith(
              Number,
            ),
          customers: sql<number>`(select count(*) from ${electricianCustomers})`.mapWith(Number),
          devices: sql<number>`(select count(*) from ${electricianDevices})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`),
    ]);
    const electricians = rows.map((r) =>
      presentElectrician(r.user, {
        customers: r.customers,
        devices: r.devices,
        installations: {
          total: r.installationsTotal,
          pending: r.pending,
          in_progress: r.inProgress,
          completed: r.completed,
        },
      }),
    );
    const total = await pageTotal(rows, query, () => this.countUsers(conditions));
    return {
      ...listPage('electricians', electricians, query, total),
      statistics: statistics[0] ?? { electricians: 0, customers: 0, devices: 0 },
    };
  }

  private async countUsers(conditions: SQL[], withAssignments = false): Promise<number> {
    const base = this.db.select({ total: count() }).from(users).$dynamic();
    const from = withAssignments
      ? base.leftJoin(electricianCustomers, eq(electricianCustomers.customerId, users.id))
      : base;
    const [row] = await from.where(and(...conditions));
    return row?.total ?? 0;
  }

  /**
   * Owners in the query's order (by name by default), each with their assignment (if any); optionally only
   * one electrician's customers.
   */
  async listCustomers(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
    const conditions = usersWhere(ROLE.owner, query.search);
    if (query.electrician_id !== undefined) {
      conditions.push(eq(electricianCustomers.electricianId, query.electrician_id));
    }
    const from = () =>
      this.db
        .select({
          user: users,
          assignment: electricianCustomers,
          electrician: electricianUsers,
          total: totalCount(),
        })
        .from(users)
        .leftJoin(electricianCustomers, eq(electricianCustomers.customerId, users.id))
        .leftJoin(electricianUsers, eq(electricianUsers.id, electricianCustomers.electricianId));
    const sortable = { name: caseless(users.name), email: caseless(users.email) };
    const rows = await sortedPage(from().$dynamic(), conditions, query, sortedBy(sortable, query, users.id));
    const customers = rows.map((r) => presentCustomer(r.user, r.assignment, r.electrician));
    const total = await pageTotal(rows, query, () => this.countUsers(conditions, true));
    return listPage('customers', customers, query, total);
  }

  /**
   * Assigns owners to an electrician with an installation date (today or later). A customer who was
   * with another electrician moves here (the response names them); one already here gets the new date.
   */
  async assignCustomers(
    electricianId: string,
    customerIds: string[],
    installationDate: string,
    context: AuditContext,
  ): Promise<AssignCustomersResponse> {
    if (isPastBusinessDate(installationDate, this.now())) {
      throw badRequest(ADMIN_MSG.installationDateInPast, [
        { path: 'installation_date', message: ADMIN_MSG.installationDateInPast },
      ]);
    }
    return this.db.transaction(async (tx) => {
      const electrician = await this.lockElectrician(tx, electricianId);
      // Locked so that a concurrent role change or deletion cannot slip in between check and insert.
      const found = await tx
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(inArray(users.id, customerIds))
        .orderBy(asc(users.id))
        .for('share');
      const byId = new Map(found.map((u) => [u.id, u]));
      const missing = new Set(customerIds.filter((id) => !byId.has(id)));
      if (missing.size > 0) {
        throw idListError(
          404,
          ADMIN_ELECTRICIAN_MESSAGES.customersNotFound,
          'customer_ids',
          customerIds,
          missing,
          ADMIN_ELECTRICIAN_MESSAGES.customerNotFound,
        );
      }
      const notOwners = new Set(found.filter((u) => u.role !== ROLE.owner).map((u) => u.id));
      if (notOwners.size > 0) {
        throw idListError(
          400,
          ADMIN_ELECTRICIAN_MESSAGES.notOwners,
          'customer_ids',
          customerIds,
          notOwners,
          ADMIN_ELECTRICIAN_MESSAGES.notOwners,
        );
      }

      // Their current assignments (locked): who moves, and what each record's "before" is.
      const previous = await tx
        .select({
          customerId: electricianCustomers.customerId,
          installationDate: electricianCustomers.installationDate,
          electrician: {
            _id: electricianUsers.id,
            name: electricianUsers.name,
            email: electricianUsers.email,
          },
        })
        .from(electricianCustomers)
        .innerJoin(electricianUsers, eq(electricianUsers.id, electricianCustomers.electricianId))
        .where(inArray(electricianCustomers.customerId, customerIds))
        .for('update', { of: electricianCustomers });
      const previousOf = new Map(previous.map((p) => [p.customerId, p]));

      await assignCustomers(tx, electricianId, customerIds, installationDate);

      for (const customerId of customerIds) {
        const before = previousOf.get(customerId);
        await this.audit.record(tx, context, {
          action: 'assignment.customer_assigned',
          entity: { type: 'assignment', id: customerId, name: byId.get(customerId)?.name ?? null },
          changes: changesBetween(
            { electrician: before?.electrician.name, installation_date: before?.installationDate },
            { electrician: electrician.name, installation_date: installationDate },
            ['electrician', 'installation_date'],
          ),
        });
      }
      const reassigned = previous
        .filter((p) => p.electrician._id !== electricianId)
        .map((p) => ({
          _id: p.customerId,
          name: byId.get(p.customerId)?.name ?? '',
          previous_electrician: p.electrician,
        }));
      return {
        message: ADMIN_MSG.customersAssigned,
        assigned: customerIds.length,
        reassigned,
        notice: reassignedNotice(reassigned),
      };
    });
  }

  async unassignCustomer(
    electricianId: string,
    customerId: string,
    context: AuditContext,
  ): Promise<{ message: string }> {
    return this.db.transaction(async (tx) => {
      const row = await unassignCustomer(tx, electricianId, customerId);
      if (!row) throw notFound(ADMIN_ELECTRICIAN_MESSAGES.assignmentNotFound);
      await this.audit.record(tx, context, {
        action: 'assignment.customer_unassigned',
        entity: { type: 'assignment', id: customerId },
        changes: changesBetween(
          { electrician_id: electricianId, installation_date: row.installationDate },
          {},
          ['electrician_id', 'installation_date'],
        ),
      });
      return { message: ADMIN_MSG.customerUnassigned };
    });
  }

  /** Assigns devices to an electrician; a device with another electrician moves here. */
  async assignDevices(
    electricianId: string,
    deviceIds: string[],
    context: AuditContext,
  ): Promise<AssignDevicesResponse> {
    return this.db.transaction(async (tx) => {
      await this.lockElectrician(tx, electricianId);
      const locked = await lockDevices(tx, deviceIds);
      const previous = await tx
        .select({ deviceId: electricianDevices.deviceId, electricianId: electricianDevices.electricianId })
        .from(electricianDevices)
        .where(inArray(electricianDevices.deviceId, deviceIds));
      const previousOf = new Map(previous.map((p) => [p.deviceId, p.electricianId]));
      await tx
        .insert(electricianDevices)
        .values(deviceIds.map((deviceId) => ({ electricianId, deviceId })))
        .onConflictDoUpdate({ target: electricianDevices.deviceId, set: { electricianId } });
      for (const device of locked) {
        await this.audit.record(tx, context, {
          action: 'assignment.device_assigned',
          entity: { type: 'device', id: device.id, name: device.name },
          changes: changesBetween(
            { electrician_id: previousOf.get(device.id) },
            { electrician_id: electricianId },
            ['electrician_id'],
          ),
        });
      }
      const moved = previous.filter((p) => p.electricianId !== electricianId).length;
      return { message: ADMIN_MSG.devicesAssigned, assigned: deviceIds.length, moved };
    });
  }

  /** Takes the devices away from whichever electrician has them (devices with none are left as they are). */
  async unassignDevices(deviceIds: string[], context: AuditContext): Promise<BulkDeviceResponse> {
    return this.db.transaction(async (tx) => {
      const locked = await lockDevices(tx, deviceIds);
      const nameOf = new Map(locked.map((d) => [d.id, d.name]));
      const deleted = await tx
        .delete(electricianDevices)
        .where(inArray(electricianDevices.deviceId, deviceIds))
        .returning({
          deviceId: electricianDevices.deviceId,
          electricianId: electricianDevices.electricianId,
        });
      for (const row of deleted) {
        await this.audit.record(tx, context, {
          action: 'assignment.device_unassigned',
          entity: { type: 'device', id: row.deviceId, name: nameOf.get(row.deviceId) ?? null },
          changes: changesBetween({ electrician_id: row.electricianId }, {}, ['electrician_id']),
        });
      }
      return { message: ADMIN_MSG.devicesUnassignedFromElectrician, updated: deleted.length };
    });
  }

  /** The electrician, locked against a concurrent role change or deletion; unknown or not an electrician → 404. */
  private async lockElectrician(tx: Tx, electricianId: string): Promise<{ id: string; name: string }> {
    const [row] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, electricianId), eq(users.role, ROLE.electrician)))
      .limit(1)
      .for('share');
    if (!row) throw notFound(ADMIN_ELECTRICIAN_MESSAGES.electricianNotFound);
    return row;
  }
}
