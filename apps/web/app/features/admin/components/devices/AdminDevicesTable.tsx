import type { AdminDevice } from '@isaac/contract';
import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Badge, DataTable, type TableSort } from '~/components/ui';

const features = tableFeatures({ rowSelectionFeature });
const column = createColumnHelper<typeof features, AdminDevice>();

const TYPE_LABELS: Record<AdminDevice['type'], string> = {
  isaac: 'ISAAC',
  lumos: 'Lumos',
  skywalker: 'SKYWALKER',
};

const columns = column.columns([
  column.display({ id: 'select', header: 'Select' }),
  column.accessor('name', {
    header: 'Device',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="font-mono text-xs text-slate-400">{info.row.original.serial_number}</div>
      </div>
    ),
  }),
  column.accessor('type', { header: 'Type', cell: (info) => TYPE_LABELS[info.getValue()] }),
  column.accessor('is_connected', {
    header: 'Status',
    cell: (info) =>
      info.getValue() ? <Badge tone="green">Online</Badge> : <Badge tone="red">Offline</Badge>,
  }),
  column.accessor('owner', {
    header: 'Owner',
    cell: (info) => {
      const owner = info.getValue();
      return owner ? (
        <div className="min-w-0">
          <div>{owner.name}</div>
          <div className="text-xs break-all text-slate-400">{owner.email}</div>
        </div>
      ) : (
        <Badge tone="blue">Available</Badge>
      );
    },
  }),
  column.accessor('electrician', {
    header: 'Electrician',
    cell: (info) => info.getValue()?.name ?? <span className="text-slate-500">—</span>,
  }),
  column.accessor('firmware_version', { header: 'Firmware', cell: (info) => info.getValue() ?? '—' }),
]);

interface AdminDevicesTableProps {
  devices: AdminDevice[];
  selection: RowSelectionState;
  onSelectionChange: (updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) => void;
  dimmed: boolean;
  sort?: TableSort;
  /** Per-device actions in a pinned last column (the slot for the firmware Upload button). */
  renderRowActions?: (device: AdminDevice) => ReactNode;
}

/**
 * The devices of one page with row selection (TanStack Table keeps the selection by device id, so it
 * survives paging and refetches). Narrow screens scroll the table sideways inside a focusable region.
 */
export function AdminDevicesTable({
  devices,
  selection,
  onSelectionChange,
  dimmed,
  sort,
  renderRowActions,
}: AdminDevicesTableProps) {
  const table = useTable({
    features,
    columns,
    data: devices,
    getRowId: (device) => device._id,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
    enableRowRangeSelection: false,
  });
  const allOnPage = table.getIsAllPageRowsSelected();
  const someOnPage = table.getIsSomePageRowsSelected();
  return (
    <DataTable
      table={table}
      label="Devices table"
      minWidth="min-w-[56rem]"
      rowHeader="name"
      cardLead="select"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={renderRowActions}
      rowClassName={(row) => row.getIsSelected() && 'bg-sky-500/10'}
      renderHeader={(header) =>
        header.column.id === 'select' ? (
          <input
            type="checkbox"
            aria-label="Select all devices on this page"
            className="h-4 w-4 accent-sky-500"
            checked={allOnPage}
            ref={(el) => {
              if (el) el.indeterminate = someOnPage && !allOnPage;
            }}
            onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
          />
        ) : undefined
      }
      renderCell={(cell) =>
        cell.column.id === 'select' ? (
          <input
            type="checkbox"
            aria-label={`Select ${cell.row.original.name} (${cell.row.original.serial_number})`}
            className="h-4 w-4 accent-sky-500"
            checked={cell.row.getIsSelected()}
            onChange={(event) => cell.row.toggleSelected(event.target.checked)}
          />
        ) : undefined
      }
    />
  );
}
