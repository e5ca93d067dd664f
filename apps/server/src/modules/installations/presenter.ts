import {
  installationDeviceNeeds,
  type CustomerStatus,
  type ElectricianCustomer,
  type Installation,
  type InstallationDeviceNeed,
} from '@isaac/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { jsonList, type JsonRow } from '../../db/json-rows.ts';
import { devices, installationDevices, installations, type InstallationRow } from '../../db/schema/index.ts';
import { newestFirst } from '../../db/pagination.ts';
import { presentableUserColumns, presentUser, type PresentableUser } from '../users/presenter.ts';

/** A customer as the electrician sees them: the user plus their assignment's date and status. */
export function presentCustomer(
  user: PresentableUser,
  assignment: { installationDate: string | null; status: CustomerStatus },
): ElectricianCustomer {
  return {
    ...presentUser(user),
    installation_date: assignment.installationDate,
    'customer-status': assignment.status,
  };
}

/** An installation's device as its installation is read with it. */
const installationDeviceShape = {
  deviceId: devices.id,
  name: devices.name,
  /** As kept in installation_devices (written at completion). */
  status: installationDevices.status,
  type: devices.type,
  /** The device's WiFi is set; it has been seen online (connected now or before). */
  wifi: devices.wifiConfigured,
  online: sql<boolean>`${devices.isConnected} or ${devices.lastSeenAt} is not null`,
  /** It answered a test command sent from this installation. */
  tested: sql<boolean>`${installationDevices.testedAt} is not null`,
};
export type InstallationDeviceView = JsonRow<typeof installationDeviceShape>;

/**
 * An installation's device by the one rule (`installationDeviceNeeds`): live while the installation is
 * open; a completed installation keeps what was true when it was completed (its stored status).
 */
export function installationDeviceState(
  installationStatus: Installation['status'],
  d: InstallationDeviceView,
): { status: 'pending' | 'configured'; missing: InstallationDeviceNeed[] } {
  if (installationStatus === 'completed' && d.status === 'configured')
    return { status: 'configured', missing: [] };
  const missing = installationDeviceNeeds({
    type: d.type,
    wifi_configured: d.wifi,
    seen_online: d.online,
    tested: d.tested,
  });
  return { status: missing.length === 0 ? 'configured' : 'pending', missing };
}

/** An installation with its customer and devices (spec section 3 "Installation"). */
export function presentInstallation(
  row: Omit<InstallationRow, 'signatureImage'>,
  customer: { id: string; name: string; email: string; mobile: string | null },
  views: InstallationDeviceView[],
): Installation {
  const installed = views.map((d) => ({ ...d, ...installationDeviceState(row.status, d) }));
  return {
    _id: row.id,
    session_id: row.sessionId,
    apartment_complex: row.apartmentComplex,
    apartment_unit: row.apartmentUnit,
    devices_installed: installed.filter((d) => d.status === 'configured').map((d) => d.name),
    status: row.status,
    phase: row.phase,
    installation_date: row.installationDate,
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    notes: row.notes,
    handover_notes: row.handoverNotes,
    customer_training_completed: row.customerTrainingCompleted,
    customer: { _id: customer.id, name: customer.name, email: customer.email, mobile: customer.mobile },
    devices: installed.map((d) => ({
      device_id: d.deviceId,
      device_name: d.name,
      status: d.status,
      missing: d.missing,
    })),
    guided_step: row.guidedStep,
    signature:
      row.signedBy && row.signedAt
        ? { signed_by: row.signedBy, signed_at: row.signedAt.toISOString() }
        : null,
  };
}

/** An installation's devices, by name, as a JSON list (a correlated sub-select). */
export const devicesOfInstallation = jsonList(installationDeviceShape, (row) =>
  new QueryBuilder()
    .select(row)
    .from(installationDevices)
    .innerJoin(devices, eq(devices.id, installationDevices.deviceId))
    .where(eq(installationDevices.installationId, installations.id))
    .orderBy(devices.name),
);
/** An installation's columns but the signature image (an image, served only to the owner: GET /api/installations). */
export const { signatureImage: _signatureImage, ...installationColumns } = getTableColumns(installations);
/** What an installation is presented from: the row, its customer, its devices. */
export const installationShape = {
  installation: installationColumns,
  customer: presentableUserColumns,
  devices: devicesOfInstallation,
};
/** Installations newest first (the index (electrician_id, created_at) serves an electrician's). */
export const installationOrder = newestFirst(installations.createdAt, installations.id);

/** An installation as `installationShape` selected it, presented. */
export function presentInstallationRow(row: JsonRow<typeof installationShape>): Installation {
  return presentInstallation(row.installation, row.customer, row.devices);
}
