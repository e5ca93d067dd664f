import {
  installationDeviceNeeds,
  type CustomerStatus,
  type DeviceType,
  type ElectricianCustomer,
  type Installation,
  type InstallationDeviceNeed,
} from '@isaac/contract';
import type { InstallationRow } from '../../db/schema/index.ts';
import { presentUser, type PresentableUser } from '../users/presenter.ts';

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

export interface InstallationDeviceView {
  deviceId: string;
  name: string;
  /** As kept in installation_devices (written at completion). */
  status: 'pending' | 'configured';
  type: DeviceType;
  /** The device's WiFi is set; it has been seen online (connected now or before). */
  wifi: boolean;
  online: boolean;
}

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
  const missing = installationDeviceNeeds({ type: d.type, wifi_configured: d.wifi, seen_online: d.online });
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
