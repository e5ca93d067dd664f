import {
  describeDeviceNeeds,
  ELECTRICIAN_MSG,
  installationDeviceNeeds,
  type AssignDeviceBody,
  type AuditChange,
  type CompleteInstallationBody,
  type CreateInstallation,
  type Device,
  type Installation,
  type InstallationPhaseBody,
  type OwnerInstallation,
  type AqiScale,
} from '@isaac/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  devices,
  electricianDevices,
  installationDevices,
  installations,
  users,
  type InstallationRow,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentedDevice } from '../devices/queries.ts';
import { giveToCustomer } from '../devices/store.ts';
import type { CustomerAssignments } from './assignments.ts';
import { installationOrder, installationShape, presentInstallationRow } from './presenter.ts';
import type { EventBus } from '../../events.ts';
import { addHomeDevices } from './jobs.ts';
import { installationReference } from './reference.ts';

/**
 * The electrician's installation work (issue 11, ADR 055): an installation for an assigned customer, its
 * start, phases and completion by the one rule, a device of the caller's stock given to the customer, and
 * the owner's installation records. Every change is one transaction with its activity-log record and the
 * customer-status kept in step (`CustomerAssignments`); another electrician's installation is 404.
 */
export class InstallationService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly assignments: CustomerAssignments,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
    /** `installation.completed` is published in the completing transaction (the installation job's e-mail). */
    private readonly events: EventBus | null = null,
  ) {}

  /** POST /electrician/assign-device: an available device assigned to the caller becomes the customer's. */
  async assignDevice(scope: Scope, body: AssignDeviceBody, context: AuditContext): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const { user } = await this.assignments.writableCustomer(tx, scope, body.customer_id);
      const [device] = await tx
        .select({ id: devices.id, name: devices.name, userId: devices.userId })
        .from(devices)
        .innerJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
        .where(and(eq(devices.id, body.device_id), eq(electricianDevices.electricianId, scope.userId)))
        .limit(1)
        .for('update', { of: devices });
      if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
      if (device.userId !== null) throw conflict(ELECTRICIAN_MSG.deviceNotAvailable);
      const at = this.now();
      await giveToCustomer(tx, device.id, user.id, at);
      await this.audit.record(tx, context, {
        action: 'device.assigned',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: changesBetween<{ user_id: string | null }>({ user_id: null }, { user_id: user.id }, [
          'user_id',
        ]),
      });
      return presentedDevice(tx, device.id, this.aqiScale);
    });
  }

  /**
   * POST /api/electrician/installations: a new installation for an assigned customer (in progress by
   * default). A customer with a pending one (planned by the admin's assignment) has that one started
   * instead; one already in progress is 409.
   */
  async createInstallation(
    scope: Scope,
    body: CreateInstallation,
    context: AuditContext,
  ): Promise<Installation> {
    const started = (body.status ?? 'in_progress') === 'in_progress';
    const pending = await this.db.transaction(async (tx) => {
      const { user } = await this.assignments.writableCustomer(tx, scope, body.customer_id);
      const [open] = await tx
        .select({ id: installations.id, status: installations.status })
        .from(installations)
        .where(
          and(
            eq(installations.electricianId, scope.userId),
            eq(installations.customerId, user.id),
            sql`${installations.status} <> 'completed'`,
          ),
        )
        .limit(1);
      if (open && (open.status !== 'pending' || !started))
        throw conflict('This customer already has an installation under way');
      return open?.id ?? null;
    });
    if (pending !== null) return this.start(scope, pending, context);
    return this.db.transaction(async (tx) => {
      const { user, assignment } = await this.assignments.writableCustomer(tx, scope, body.customer_id);
      const at = this.now();
      const [row] = await tx
        .insert(installations)
        .values({
          electricianId: scope.userId,
          customerId: user.id,
          status: started ? 'in_progress' : 'pending',
          phase: started ? 'in_progress' : 'pre_installation',
          installationDate:
            body.installation_date ?? assignment.installationDate ?? at.toISOString().slice(0, 10),
          startedAt: started ? at : null,
          sessionId: started ? await installationReference(tx, at) : null,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('installation insert returned no row');
      // The customer's devices are the installation's checklist.
      await addHomeDevices(tx, row.id, user.id);
      await this.assignments.syncCustomerStatus(tx, scope, user.id);
      await this.audit.record(tx, context, {
        action: 'installation.created',
        entity: { type: 'installation', id: row.id, name: user.name },
        changes: changesBetween(null, { status: row.status, installation_date: row.installationDate }, [
          'status',
          'installation_date',
        ]),
      });
      return this.presentedInstallation(tx, row.id);
    });
  }

  /** POST …/installations/{id}/start: pending → in_progress. */
  async start(scope: Scope, id: string, context: AuditContext): Promise<Installation> {
    return this.changeInstallation(scope, id, context, 'installation.started', (row) => {
      if (row.status !== 'pending') throw conflict(ELECTRICIAN_MSG.installationNotPending);
      return { status: 'in_progress', phase: 'in_progress', startedAt: this.now() };
    });
  }

  /** POST …/installations/{id}/phase {phase, notes}: any phase while in progress, but not `completed`. */
  async phase(
    scope: Scope,
    id: string,
    body: InstallationPhaseBody,
    context: AuditContext,
  ): Promise<Installation> {
    return this.changeInstallation(scope, id, context, 'installation.phase_changed', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      if (body.phase === 'completed') throw conflict(ELECTRICIAN_MSG.completedPhaseThroughComplete);
      return { phase: body.phase, ...(body.notes ? { notes: body.notes } : {}) };
    });
  }

  /**
   * POST …/installations/{id}/complete: in_progress → completed (twice is 409); either body of the spec.
   * One rule for every path (the guided install, the workflow, the installations list; issue 30): 409 naming
   * what is missing until at least one device is in the installation and every one is configured
   * (`installationDeviceNeeds`: WiFi set, seen online). A guided installation also needs the training
   * confirmed and the customer's signature (ADR 034).
   */
  async complete(
    scope: Scope,
    id: string,
    body: CompleteInstallationBody,
    context: AuditContext,
  ): Promise<Installation> {
    const missing = await this.devicesMissing(id);
    return this.changeInstallation(scope, id, context, 'installation.completed', (row) => {
      if (row.status === 'completed') throw conflict(ELECTRICIAN_MSG.installationAlreadyCompleted);
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      const training = body.customer_training_completed ?? row.customerTrainingCompleted;
      const reasons = [
        ...missing,
        ...(row.guidedStep !== null && !training ? ['the customer training is not confirmed'] : []),
        ...(row.guidedStep !== null && !row.signedAt ? ["the customer's signature is missing"] : []),
      ];
      if (reasons.length > 0) throw conflict(`${ELECTRICIAN_MSG.guidedIncomplete}: ${reasons.join('; ')}`);
      const completedAt = body.completed_at ? new Date(body.completed_at) : this.now();
      return {
        status: 'completed',
        phase: 'completed',
        completedAt: completedAt > this.now() ? this.now() : completedAt,
        ...(body.notes ? { notes: body.notes } : {}),
        ...(body.handover_notes ? { handoverNotes: body.handover_notes } : {}),
        ...(body.customer_training_completed !== undefined
          ? { customerTrainingCompleted: body.customer_training_completed }
          : {}),
      };
    });
  }

  /** GET /api/electrician/installations/{id}. */
  async installation(scope: Scope, id: string): Promise<Installation> {
    await this.ownInstallation(this.db, scope, id);
    return this.presentedInstallation(this.db, id);
  }

  /** GET /api/installations: the owner's installation records, with the electrician and the signature. */
  async ownerInstallations(ownerId: string): Promise<OwnerInstallation[]> {
    const presented = await this.presentInstallations(this.db, eq(installations.customerId, ownerId));
    if (presented.length === 0) return [];
    const extra = await this.db
      .select({
        id: installations.id,
        signatureImage: installations.signatureImage,
        electrician: { id: users.id, name: users.name, email: users.email },
      })
      .from(installations)
      .innerJoin(users, eq(users.id, installations.electricianId))
      .where(eq(installations.customerId, ownerId));
    const byId = new Map(extra.map((e) => [e.id, e]));
    return presented.map((installation) => {
      const more = byId.get(installation._id);
      return {
        ...installation,
        electrician: {
          _id: more?.electrician.id ?? '',
          name: more?.electrician.name ?? '',
          email: more?.electrician.email ?? '',
        },
        signature_image: more?.signatureImage ?? null,
      };
    });
  }

  /** What keeps an installation from completing: no device, or devices not configured by the one rule. */
  private async devicesMissing(id: string): Promise<string[]> {
    const rows = await this.db
      .select({
        name: devices.name,
        type: devices.type,
        wifi: devices.wifiConfigured,
        online: sql<boolean>`${devices.isConnected} or ${devices.lastSeenAt} is not null`,
        tested: sql<boolean>`${installationDevices.testedAt} is not null`,
      })
      .from(installationDevices)
      .innerJoin(devices, eq(devices.id, installationDevices.deviceId))
      .where(eq(installationDevices.installationId, id))
      .orderBy(devices.name);
    if (rows.length === 0) return ['no device was added'];
    const pending = rows
      .map((r) => ({
        name: r.name,
        needs: installationDeviceNeeds({
          type: r.type,
          wifi_configured: r.wifi,
          seen_online: r.online,
          tested: r.tested,
        }),
      }))
      .filter((r) => r.needs.length > 0)
      .map((r) => describeDeviceNeeds(r.name, r.needs));
    return pending.length > 0 ? [`not configured yet: ${pending.join(', ')}`] : [];
  }

  /** 409 when the admin has given the installation's customer to another electrician (ADR 070). */
  assertStillAssigned(tx: Tx, scope: Scope, customerId: string): Promise<void> {
    return this.assignments.assertStillAssigned(tx, scope, customerId);
  }

  async ownInstallation(db: Db | Tx, scope: Scope, id: string): Promise<InstallationRow> {
    const [row] = await db
      .select()
      .from(installations)
      .where(and(eq(installations.id, id), scopeCondition('installation', scope, 'change')))
      .limit(1);
    if (!row) throw notFound(ELECTRICIAN_MSG.installationNotFound);
    return row;
  }

  /** Locks the caller's installation, applies `change` (which enforces the state rules), keeps the customer-status in step. */
  async changeInstallation(
    scope: Scope,
    id: string,
    context: AuditContext,
    action:
      | 'installation.started'
      | 'installation.phase_changed'
      | 'installation.completed'
      | 'installation.updated'
      | 'installation.reopened',
    change: (row: InstallationRow) => Partial<typeof installations.$inferInsert>,
    extraChanges: Record<string, AuditChange> = {},
  ): Promise<Installation> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(installations)
        .where(and(eq(installations.id, id), scopeCondition('installation', scope, 'change')))
        .limit(1)
        .for('update');
      if (!row) throw notFound(ELECTRICIAN_MSG.installationNotFound);
      await this.assignments.assertStillAssigned(tx, scope, row.customerId);
      const set = change(row);
      if (set.status === 'in_progress' && row.sessionId === null)
        set.sessionId = await installationReference(tx, this.now());
      await tx.update(installations).set(set).where(eq(installations.id, row.id));
      if (set.status !== undefined) await this.assignments.syncCustomerStatus(tx, scope, row.customerId);
      if (set.status === 'completed') {
        // the devices' states are kept as they were at completion (every one configured, by the rule)
        await tx
          .update(installationDevices)
          .set({ status: 'configured' })
          .where(eq(installationDevices.installationId, row.id));
        await this.events?.publish('installation.completed', { tx, installationId: row.id });
      }
      const [customer] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, row.customerId));
      const changes = changesBetween(
        {
          status: row.status,
          phase: row.phase,
          customer_training_completed: row.customerTrainingCompleted,
          signed_by: row.signedBy,
        },
        {
          status: set.status ?? row.status,
          phase: set.phase ?? row.phase,
          customer_training_completed: set.customerTrainingCompleted ?? row.customerTrainingCompleted,
          signed_by: 'signedBy' in set ? (set.signedBy ?? null) : row.signedBy,
        },
        ['status', 'phase', 'customer_training_completed', 'signed_by'],
      );
      await this.audit.record(tx, context, {
        action,
        entity: { type: 'installation', id: row.id, name: customer?.name ?? null },
        changes: { ...changes, ...extraChanges },
      });
      return this.presentedInstallation(tx, row.id);
    });
  }

  async presentedInstallation(db: Db | Tx, id: string): Promise<Installation> {
    const [one] = await this.presentInstallations(db, eq(installations.id, id));
    if (!one) throw notFound(ELECTRICIAN_MSG.installationNotFound);
    return one;
  }

  /** Installations meeting a condition with their customer and devices, newest first (one statement). */
  private async presentInstallations(db: Db | Tx, where: SQL | undefined) {
    const rows = await db
      .select(installationShape)
      .from(installations)
      .innerJoin(users, eq(users.id, installations.customerId))
      .where(where)
      .orderBy(...installationOrder);
    return rows.map(presentInstallationRow);
  }
}
