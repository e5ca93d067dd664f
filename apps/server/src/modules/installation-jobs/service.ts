import {
  ADMIN_MSG,
  businessDate,
  INSTALLATION_JOB_STATES,
  isPastBusinessDate,
  OWNER_PATHS,
  ROLE,
  type AssignJobBody,
  type InstallationJob,
  type InstallationJobBoard,
  type InstallationJobBoardQuery,
  type InstallationJobState,
} from '@isaac/contract';
import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EventBus } from '../../events.ts';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { sortedBy } from '../../db/pagination.ts';
import {
  installationDevices,
  installationJobs,
  installations,
  orders,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { scheduleJob } from '../installations/jobs.ts';
import type { EmailSink } from '../outbox/emails.ts';
import { addressLine, jobStateSql, presentJob } from './presenter.ts';

export const INSTALLATION_JOB_MESSAGES = {
  jobNotFound: 'Installation job not found',
  notAnElectrician: 'Choose an active electrician',
  cancelled: 'This installation job is cancelled: its order was refunded or cancelled',
  underWay: 'This installation has already started: it can no longer be reassigned or rescheduled',
} as const;

/** How many completed and how many cancelled jobs the board shows (the newest); open jobs are all shown. */
export const BOARD_CLOSED_LIMIT = 50;

const customer = alias(users, 'job_customer');
const electrician = alias(users, 'job_electrician');

/** Which of its state's jobs comes first: the newest (completed or cancelled, else created). */
const latestFirst = sql`coalesce(${installations.completedAt}, ${installationJobs.cancelledAt}, ${installationJobs.createdAt}) desc, ${installationJobs.id} desc`;

/** Jobs whose customer's name or e-mail contains `search`, or whose order id it is. */
function jobSearch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return or(
    ilike(customer.name, pattern),
    ilike(customer.email, pattern),
    eq(orders.providerOrderId, search),
  );
}

/**
 * The jobs with their order, customer, electrician and installation (`installations`, a left join: the
 * state), one row each, with the number of jobs in the row's state and the row's rank within its state;
 * with `where`, only the jobs that meet it (counted and ranked among themselves).
 */
function jobsWithDetails(db: Db | Tx, where?: SQL) {
  return db
    .select({
      id: installationJobs.id,
      state: jobStateSql.as('state'),
      providerOrderId: orders.providerOrderId,
      notes: orders.notes,
      items: orders.items,
      customerId: installationJobs.customerId,
      customerName: sql<string>`${customer.name}`.as('customer_name'),
      customerEmail: sql<string>`${customer.email}`.as('customer_email'),
      address: installationJobs.address,
      electricianId: installationJobs.electricianId,
      electricianName: sql<string | null>`${electrician.name}`.as('electrician_name'),
      installationDate: installationJobs.installationDate,
      installationId: installationJobs.installationId,
      createdAt: installationJobs.createdAt,
      stateCount: sql<number>`count(*) over (partition by ${jobStateSql})`.mapWith(Number).as('state_count'),
      stateRank: sql<number>`row_number() over (partition by ${jobStateSql} order by ${latestFirst})`
        .mapWith(Number)
        .as('state_rank'),
    })
    .from(installationJobs)
    .innerJoin(orders, eq(orders.id, installationJobs.orderId))
    .innerJoin(customer, eq(customer.id, installationJobs.customerId))
    .leftJoin(electrician, eq(electrician.id, installationJobs.electricianId))
    .leftJoin(installations, eq(installations.id, installationJobs.installationId))
    .where(where);
}

/**
 * The installation jobs board (issue 15): a paid order that needs installation becomes a job; an admin assigns
 * it to an electrician with a date, which creates (or moves) the electrician's pending installation; the
 * installation's status then tells where the job stands. Every change is one transaction with its activity
 * record and its e-mail.
 */
export class InstallationJobService {
  constructor(
    private readonly db: Db,
    private readonly mail: EmailSink,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly options: { webOrigin: string },
    private readonly events: EventBus | null = null,
  ) {}

  /**
   * GET /api/admin/installation-jobs: every open job and the newest completed and cancelled ones, in the
   * query's order (newest first by default), with the count of each state; `search` keeps the jobs of a
   * customer (name or e-mail) or an order id. One query: the state, its count and each job's rank within its
   * state are computed in a subquery (window functions), and the outer query keeps the open jobs and the
   * first BOARD_CLOSED_LIMIT of each closed state.
   */
  async board(query: InstallationJobBoardQuery): Promise<InstallationJobBoard> {
    const ranked = jobsWithDetails(this.db, query.search ? jobSearch(query.search) : undefined).as('ranked');
    const sortable = {
      created_at: ranked.createdAt,
      installation_date: ranked.installationDate,
      customer_name: sql`lower(${ranked.customerName})`,
    };
    const rows = await this.db
      .select()
      .from(ranked)
      .where(
        sql`${ranked.state} in ('unassigned', 'scheduled', 'in_progress') or ${ranked.stateRank} <= ${BOARD_CLOSED_LIMIT}`,
      )
      .orderBy(...sortedBy(sortable, query, ranked.id));
    const counts = Object.fromEntries(INSTALLATION_JOB_STATES.map((state) => [state, 0])) as Record<
      InstallationJobState,
      number
    >;
    for (const row of rows) counts[row.state] = row.stateCount;
    return { jobs: rows.map((row) => presentJob(row)), counts };
  }

  /**
   * POST /api/admin/installation-jobs/:id/assign: the electrician (an active one) and the date (today or
   * later). The customer moves to this electrician with this date (electrician_customers, as the Electricians
   * screen's Assign Customers does); the job's installation is created pending, or, while still pending,
   * moved to the new electrician and date. A job whose installation has started, or that is cancelled, is 409.
   * The customer is told by e-mail ('installation_scheduled'), in the same transaction.
   */
  async assign(jobId: string, body: AssignJobBody, context: AuditContext): Promise<InstallationJob> {
    const date = body.installation_date;
    if (isPastBusinessDate(date, this.now())) {
      throw badRequest(ADMIN_MSG.installationDateInPast, [
        { path: 'installation_date', message: ADMIN_MSG.installationDateInPast },
      ]);
    }
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(installationJobs)
        .where(eq(installationJobs.id, jobId))
        .limit(1)
        .for('update');
      if (!job) throw notFound(INSTALLATION_JOB_MESSAGES.jobNotFound);
      if (job.cancelledAt) throw conflict(INSTALLATION_JOB_MESSAGES.cancelled);

      // Locked so that a concurrent role change or deletion cannot slip in between check and insert.
      const [assignee] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(
          and(
            eq(users.id, body.electrician_id),
            eq(users.role, ROLE.electrician),
            eq(users.status, 'active'),
          ),
        )
        .limit(1)
        .for('share');
      if (!assignee) {
        throw badRequest(INSTALLATION_JOB_MESSAGES.notAnElectrician, [
          { path: 'electrician_id', message: INSTALLATION_JOB_MESSAGES.notAnElectrician },
        ]);
      }

      const [current] = job.installationId
        ? await tx
            .select({ id: installations.id, status: installations.status })
            .from(installations)
            .where(eq(installations.id, job.installationId))
            .limit(1)
            .for('update')
        : [];
      if (current && current.status !== 'pending') throw conflict(INSTALLATION_JOB_MESSAGES.underWay);

      const [previousElectrician] = job.electricianId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, job.electricianId)).limit(1)
        : [];

      // The customer moves to this electrician with this date; the job's installation is created or moved.
      await scheduleJob(tx, job, {
        electricianId: assignee.id,
        date,
        notes: addressLine(job.address),
        pendingInstallationId: current?.id ?? null,
        at: this.now(),
      });

      const presented = await this.presentedJob(tx, job.id);
      await this.events?.publish('installation.scheduled', {
        tx,
        customerId: job.customerId,
        date,
        electrician: assignee.name,
      });
      await this.audit.record(tx, context, {
        action: 'installation_job.assigned',
        entity: { type: 'order', id: presented.order_id, name: presented.customer.name },
        changes: changesBetween(
          { electrician: previousElectrician?.name, installation_date: job.installationDate },
          { electrician: assignee.name, installation_date: date },
          ['electrician', 'installation_date'],
        ),
      });
      await this.mail.enqueue(tx, {
        kind: 'installation_scheduled',
        to: presented.customer.email,
        data: {
          name: presented.customer.name,
          date,
          electrician: assignee.name,
          address: addressLine(job.address),
        },
      });
      return presented;
    });
  }

  /**
   * An installation was completed (the electrician's Complete, plain or guided): when a job links to it,
   * the customer is told by e-mail ('installation_completed') in the completing transaction.
   */
  async installationCompleted(tx: Db | Tx, installationId: string): Promise<void> {
    const [row] = await tx
      .select({
        name: customer.name,
        email: customer.email,
        completedAt: installations.completedAt,
        devices:
          sql<number>`(select ${count()} from ${installationDevices} where ${installationDevices.installationId} = ${installations.id})`.mapWith(
            Number,
          ),
      })
      .from(installationJobs)
      .innerJoin(customer, eq(customer.id, installationJobs.customerId))
      .innerJoin(installations, eq(installations.id, installationJobs.installationId))
      .where(and(eq(installationJobs.installationId, installationId), isNull(installationJobs.cancelledAt)))
      .limit(1);
    if (!row) return;
    await this.mail.enqueue(tx, {
      kind: 'installation_completed',
      to: row.email,
      data: {
        name: row.name,
        date: businessDate(row.completedAt ?? this.now()),
        devices: row.devices,
        dashboardUrl: `${this.options.webOrigin}${OWNER_PATHS.dashboard}`,
      },
    });
  }

  private async presentedJob(db: Db | Tx, jobId: string): Promise<InstallationJob> {
    const [row] = await jobsWithDetails(db, eq(installationJobs.id, jobId)).limit(1);
    if (!row) throw notFound(INSTALLATION_JOB_MESSAGES.jobNotFound);
    return presentJob(row);
  }
}
