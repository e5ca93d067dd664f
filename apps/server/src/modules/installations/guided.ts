import {
  ELECTRICIAN_MSG,
  type GuidedStep,
  type Installation,
  type InstallationSignature,
  type ReopenInstallationBody,
  type SignatureBody,
} from '@isaac/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  devices,
  electricianDevices,
  installationDevices,
  installations,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import type { Scope } from '../../policy/scope.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import type { InstallationService } from './service.ts';
import { signatureImageProblem } from './signature-image.ts';

/**
 * The guided install (ADR 034): the customer's open installation, resumed at its step; devices of the
 * caller's stock added by serial number; the training checklist; the customer's signature (a checked PNG,
 * final until a reopening with a reason). Completion is the installation's one rule (`complete`).
 */
export class GuidedInstallService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly installations: InstallationService,
    private readonly now: () => Date,
  ) {}

  /** POST /api/electrician/installations/guided: the customer's open installation, guided; else a new one. */
  async startGuided(scope: Scope, customerId: string, context: AuditContext): Promise<Installation> {
    const [open] = await this.db
      .select({ id: installations.id, status: installations.status, guidedStep: installations.guidedStep })
      .from(installations)
      .where(
        and(
          eq(installations.electricianId, scope.userId),
          eq(installations.customerId, customerId),
          sql`${installations.status} <> 'completed'`,
        ),
      )
      .limit(1);
    const installation = open
      ? open.status === 'pending'
        ? await this.installations.start(scope, open.id, context)
        : await this.installations.presentedInstallation(this.db, open.id)
      : await this.installations.createInstallation(
          scope,
          { customer_id: customerId, status: 'in_progress' },
          context,
        );
    if (installation.guided_step !== null) return installation;
    await this.db
      .update(installations)
      .set({ guidedStep: 'devices' })
      .where(eq(installations.id, installation._id));
    return this.installations.presentedInstallation(this.db, installation._id);
  }

  /** POST …/installations/{id}/devices {serial_number}: a device of the caller's stock joins the customer's home. */
  async addDeviceBySerial(
    scope: Scope,
    id: string,
    serial: string,
    context: AuditContext,
  ): Promise<Installation> {
    const row = await this.installations.ownInstallation(this.db, scope, id);
    const [device] = await this.db
      .select({ id: devices.id, userId: devices.userId })
      .from(devices)
      .innerJoin(electricianDevices, eq(electricianDevices.deviceId, devices.id))
      .where(and(eq(devices.serialNumber, serial.trim()), eq(electricianDevices.electricianId, scope.userId)))
      .limit(1);
    if (!device || (device.userId !== null && device.userId !== row.customerId))
      throw notFound(ELECTRICIAN_MSG.serialNotFound);
    if (device.userId === null) {
      await this.installations.assignDevice(
        scope,
        { device_id: device.id, customer_id: row.customerId },
        context,
      );
    }
    await this.db
      .insert(installationDevices)
      .values({ installationId: id, deviceId: device.id })
      .onConflictDoNothing();
    return this.installations.presentedInstallation(this.db, id);
  }

  /** POST …/installations/{id}/step {step}: the guided install's current step (resumable after a reload). */
  async setStep(scope: Scope, id: string, step: GuidedStep, context: AuditContext): Promise<Installation> {
    return this.db.transaction(async (tx) => {
      const row = await this.installations.ownInstallation(tx, scope, id);
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      await this.installations.assertStillAssigned(tx, scope, row.customerId);
      if (row.guidedStep === step) return this.installations.presentedInstallation(tx, id);
      await tx.update(installations).set({ guidedStep: step }).where(eq(installations.id, id));
      const [customer] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, row.customerId));
      await this.audit.record(tx, context, {
        action: 'installation.updated',
        entity: { type: 'installation', id, name: customer?.name ?? null },
        changes: { guided_step: { before: row.guidedStep, after: step } },
      });
      return this.installations.presentedInstallation(tx, id);
    });
  }

  /** POST …/installations/{id}/training: every checklist item confirmed with the customer. */
  async confirmTraining(scope: Scope, id: string, context: AuditContext): Promise<Installation> {
    return this.installations.changeInstallation(scope, id, context, 'installation.updated', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      return { customerTrainingCompleted: true };
    });
  }

  /** POST …/installations/{id}/signature {signer_name, image}: the customer's sign-off, stored with who and when. */
  async saveSignature(
    scope: Scope,
    id: string,
    body: SignatureBody,
    context: AuditContext,
  ): Promise<Installation> {
    const problem = signatureImageProblem(body.image);
    if (problem) throw badRequest(problem, [{ path: 'image', message: problem }]);
    return this.installations.changeInstallation(scope, id, context, 'installation.updated', (row) => {
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      // The customer's sign-off is final: only a reopening (audited, with a reason) clears it.
      if (row.signedAt !== null) throw conflict(ELECTRICIAN_MSG.signatureFinal);
      return { signatureImage: body.image, signedBy: body.signer_name.trim(), signedAt: this.now() };
    });
  }

  /** GET …/installations/{id}/signature: the customer's sign-off with its image (the workflow card shows it). */
  async signature(scope: Scope, id: string): Promise<InstallationSignature> {
    const row = await this.installations.ownInstallation(this.db, scope, id);
    return row.signedBy && row.signedAt && row.signatureImage
      ? { signed_by: row.signedBy, signed_at: row.signedAt.toISOString(), image: row.signatureImage }
      : null;
  }

  /**
   * POST …/installations/{id}/reopen {reason} (issue 29): the signature is cleared so the customer can sign
   * again, and a completed installation is in progress again (completing it again needs the signature).
   * Recorded as `installation.reopened` with the reason and who had signed. 409 when there is nothing to
   * reopen (a pending installation, or one in progress without a signature).
   */
  async reopen(
    scope: Scope,
    id: string,
    body: ReopenInstallationBody,
    context: AuditContext,
  ): Promise<Installation> {
    return this.installations.changeInstallation(
      scope,
      id,
      context,
      'installation.reopened',
      (row) => {
        if (row.status === 'pending' || (row.status === 'in_progress' && row.signedAt === null)) {
          throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
        }
        return {
          signatureImage: null,
          signedBy: null,
          signedAt: null,
          ...(row.status === 'completed'
            ? { status: 'in_progress' as const, phase: 'in_progress' as const, completedAt: null }
            : {}),
        };
      },
      { reason: { before: null, after: body.reason.trim() } },
    );
  }
}
