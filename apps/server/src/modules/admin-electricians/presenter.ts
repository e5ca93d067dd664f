import type { AdminCustomer, ElectricianSummary, PersonRef } from '@isaac/contract';
import type { ElectricianCustomerRow, UserRow } from '../../db/schema/index.ts';
import { presentPersonRef } from '../users/presenter.ts';

type Counts = Pick<ElectricianSummary, 'customers' | 'devices' | 'installations'>;

/** An electrician with their counts (never the password hash). */
export function presentElectrician(row: UserRow, counts: Counts): ElectricianSummary {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ...counts,
  };
}

/** An owner with their electrician assignment, if any (spec section 3 "Electrician customer assignment"). */
export function presentCustomer(
  row: UserRow,
  assignment: ElectricianCustomerRow | null,
  electrician: UserRow | null,
): AdminCustomer {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    assignment:
      assignment && electrician
        ? {
            _id: assignment.id,
            electrician: presentPersonRef(electrician),
            installation_date: assignment.installationDate,
            status: assignment.status,
          }
        : null,
  };
}

/** 'Priya Sharma moved from Ravi Kumar; Arjun Mehta moved from Suresh Patil', or null when nobody moved. */
export function reassignedNotice(moved: { name: string; previous_electrician: PersonRef }[]): string | null {
  if (moved.length === 0) return null;
  return moved.map((m) => `${m.name} moved from ${m.previous_electrician.name}`).join('; ');
}
