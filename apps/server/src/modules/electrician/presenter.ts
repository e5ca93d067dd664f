import type { CustomerStatus, ElectricianCustomer, Installation } from '@isaac/contract';
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
  status: 'pending' | 'configured';
}

/** An installation with its customer and devices (spec section 3 "Installation"). */
export function presentInstallation(
  row: Omit<InstallationRow, 'signatureImage'>,
  customer: { id: string; name: string; email: string; mobile: string | null },
  installed: InstallationDeviceView[],
): Installation {
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
    devices: installed.map((d) => ({ device_id: d.deviceId, device_name: d.name, status: d.status })),
    guided_step: row.guidedStep,
    signature:
      row.signedBy && row.signedAt
        ? { signed_by: row.signedBy, signed_at: row.signedAt.toISOString() }
        : null,
  };
}
