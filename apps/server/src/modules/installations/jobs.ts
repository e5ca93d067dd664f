import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  devices,
  installationDevices,
  installationJobs,
  installations,
  type InstallationJobRow,
} from '../../db/schema/index.ts';
import { assignCustomers } from './assignments.ts';

/**
 * The writes of installation jobs (issue 15) — a paid order that needs installation, scheduled by an admin
 * with an electrician and a date, cancelled with its order — for the modules that decide them: fulfilment
 * creates a job, the admin's board (modules/installation-jobs) schedules one, orders cancel one. Each runs in
 * the caller's transaction; the caller records the change and sends its e-mail.
 */

/** The customer's devices become the installation's checklist (each once). */
export async function addHomeDevices(tx: Tx, installationId: string, customerId: string): Promise<void> {
  const homeDevices = await tx.select({ id: devices.id }).from(devices).where(eq(devices.userId, customerId));
  if (homeDevices.length === 0) return;
  await tx
    .insert(installationDevices)
    .values(homeDevices.map((d) => ({ installationId, deviceId: d.id })))
    .onConflictDoNothing();
}

/** A paid order's installation job (one per order): its id, or undefined when the order already had one. */
export async function createJob(
  tx: Db | Tx,
  job: Pick<typeof installationJobs.$inferInsert, 'orderId' | 'customerId' | 'address'>,
): Promise<string | undefined> {
  const [created] = await tx
    .insert(installationJobs)
    .values(job)
    .onConflictDoNothing({ target: installationJobs.orderId })
    .returning({ id: installationJobs.id });
  return created?.id;
}

/**
 * A job scheduled with an electrician on a date: the customer moves to the electrician with the date
 * (`assignCustomers`), the job's installation is created pending (the customer's devices its checklist) or,
 * still pending (`pendingInstallationId`, locked by the caller), moved to the electrician and date; the job
 * points at it. Returns the installation's id.
 */
export async function scheduleJob(
  tx: Tx,
  job: InstallationJobRow,
  schedule: {
    electricianId: string;
    date: string;
    notes: string;
    pendingInstallationId: string | null;
    at: Date;
  },
): Promise<string> {
  const { electricianId, date, notes, at } = schedule;
  await assignCustomers(tx, electricianId, [job.customerId], date);
  let installationId = schedule.pendingInstallationId;
  if (installationId !== null) {
    await tx
      .update(installations)
      .set({ electricianId, installationDate: date, notes })
      .where(eq(installations.id, installationId));
  } else {
    const [created] = await tx
      .insert(installations)
      .values({
        electricianId,
        customerId: job.customerId,
        status: 'pending',
        phase: 'pre_installation',
        installationDate: date,
        notes,
        // the reference is given when the work starts (installations/reference.ts)
        sessionId: null,
        createdAt: at,
      })
      .returning({ id: installations.id });
    if (!created) throw new Error('installation insert returned no row');
    installationId = created.id;
    await addHomeDevices(tx, installationId, job.customerId);
  }
  await tx
    .update(installationJobs)
    .set({ electricianId, installationDate: date, installationId, updatedAt: at })
    .where(eq(installationJobs.id, job.id));
  return installationId;
}

/**
 * Cancels the installation job of a refunded or cancelled order, if it has an open one; the electrician's
 * installation it created goes too while it is still pending (one in progress or completed stays, for the
 * record). Null when there was no open job.
 */
export async function cancelJobOfOrder(
  tx: Tx,
  orderId: string,
  at: Date,
): Promise<{ installationId: string | null; removedInstallation: boolean } | null> {
  const [job] = await tx
    .select()
    .from(installationJobs)
    .where(eq(installationJobs.orderId, orderId))
    .limit(1)
    .for('update');
  if (!job || job.cancelledAt !== null) return null;
  await tx
    .update(installationJobs)
    .set({ cancelledAt: at, updatedAt: at })
    .where(eq(installationJobs.id, job.id));
  if (job.installationId === null) return { installationId: null, removedInstallation: false };
  const removed = await tx
    .delete(installations)
    .where(and(eq(installations.id, job.installationId), eq(installations.status, 'pending')))
    .returning({ id: installations.id });
  return { installationId: job.installationId, removedInstallation: removed.length > 0 };
}
