import type { InstallationAddress, InstallationJob, InstallationJobState } from '@isaac/contract';
import { sql, type SQL } from 'drizzle-orm';
import { installationJobs, installations, type OrderItem } from '../../db/schema/index.ts';

/**
 * Where a job stands, in SQL (the board and the owner's orders read the same rule): cancelled when the job
 * is; unassigned while it has no installation; then its installation's status (pending = scheduled).
 * Needs `installations` joined on the job's `installation_id` (a left join: null = unassigned).
 */
export const jobStateSql: SQL<InstallationJobState> = sql<InstallationJobState>`case
  when ${installationJobs.cancelledAt} is not null then 'cancelled'
  when ${installations.id} is null then 'unassigned'
  when ${installations.status} = 'pending' then 'scheduled'
  else ${installations.status} end`;

/** '12 MG Road, Indiranagar, Bengaluru 560038': the address on one line (e-mails, the installation's notes). */
export function addressLine(address: InstallationAddress): string {
  return `${address.address}, ${address.city} ${address.pincode}`;
}

/** What was bought: the order's product note, else its items' names. */
export function productOf(notes: Record<string, string> | null, items: OrderItem[]): string {
  return notes?.product ?? items.map((item) => item.name).join(', ');
}

/** One row of the board query (service.ts `boardColumns`). */
export interface JobBoardRow {
  id: string;
  state: InstallationJobState;
  providerOrderId: string;
  notes: Record<string, string> | null;
  items: OrderItem[];
  customerId: string;
  customerName: string;
  customerEmail: string;
  address: InstallationAddress;
  electricianId: string | null;
  electricianName: string | null;
  installationDate: string | null;
  installationId: string | null;
  createdAt: Date;
}

/** A job as the admin board presents it (contract `installationJobSchema`). */
export function presentJob(row: JobBoardRow): InstallationJob {
  return {
    _id: row.id,
    state: row.state,
    order_id: row.providerOrderId,
    product: productOf(row.notes, row.items),
    customer: { _id: row.customerId, name: row.customerName, email: row.customerEmail },
    address: row.address,
    electrician:
      row.electricianId !== null && row.electricianName !== null
        ? { _id: row.electricianId, name: row.electricianName }
        : null,
    installation_date: row.installationDate,
    installation_id: row.installationId,
    created_at: row.createdAt.toISOString(),
  };
}
