import type { InstallationJobState, OwnerOrder } from '@isaac/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import { presentOrder } from '../orders/presenter.ts';

/** An order's installation job as the owner's list reads it (null: the order has no job). */
export interface OrderInstallationRow {
  state: InstallationJobState;
  date: string | null;
  electrician: string | null;
  completedAt: Date | null;
}

/** An owner's order with its installation (contract `ownerOrderSchema`). */
export function presentOwnerOrder(row: OrderRow, installation: OrderInstallationRow | null): OwnerOrder {
  return {
    ...presentOrder(row),
    needs_installation: row.needsInstallation,
    // Where the electrician goes, or (shipped goods) where the order is delivered.
    address: row.installationAddress ?? row.deliveryAddress,
    installation: installation
      ? {
          state: installation.state,
          date: installation.date,
          electrician: installation.electrician,
          completed_at: installation.completedAt?.toISOString() ?? null,
        }
      : null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}
