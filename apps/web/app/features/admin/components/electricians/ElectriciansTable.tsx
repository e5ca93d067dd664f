import type { ElectricianSummary } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, UserPlus, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Button, DataTable, type TableSort } from '~/components/ui';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ElectricianSummary>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Electrician',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="text-xs break-all text-slate-400">{info.row.original.email}</div>
      </div>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) =>
      info.getValue() === 'active' ? (
        <Badge tone="green">Active</Badge>
      ) : (
        <Badge tone="red">{info.getValue()}</Badge>
      ),
  }),
  column.accessor('customers', {
    header: 'Customers',
    cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
  }),
  column.accessor('devices', {
    header: 'Devices',
    cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
  }),
  column.accessor('installations', {
    header: 'Installations',
    cell: (info) => {
      const i = info.getValue();
      return (
        <span className="text-xs">
          {i.pending} pending · {i.in_progress} in progress · {i.completed} completed
        </span>
      );
    },
  }),
]);

interface ElectriciansTableProps {
  electricians: ElectricianSummary[];
  dimmed: boolean;
  sort?: TableSort;
  expanded: string | null;
  onToggle: (id: string) => void;
  onAssignCustomers: (electrician: ElectricianSummary) => void;
  onAssignDevices: (electrician: ElectricianSummary) => void;
  renderCustomers: (electrician: ElectricianSummary) => ReactNode;
}

/** Electricians with their counts, sorted by a column; a row opens to list its customers. */
export function ElectriciansTable({
  electricians,
  dimmed,
  sort,
  expanded,
  onToggle,
  onAssignCustomers,
  onAssignDevices,
  renderCustomers,
}: ElectriciansTableProps) {
  const table = useTable({ features, columns, data: electricians, getRowId: (e) => e._id });
  return (
    <DataTable
      table={table}
      label="Electricians table"
      minWidth="min-w-[52rem]"
      rowHeader="name"
      dimmed={dimmed}
      sort={sort}
      renderExpanded={(electrician) => (expanded === electrician._id ? renderCustomers(electrician) : null)}
      renderRowActions={(electrician) => {
        const open = expanded === electrician._id;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} customers of ${electrician.name}`}
              onClick={() => onToggle(electrician._id)}
              icon={
                open ? (
                  <ChevronDown aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                )
              }
            >
              Customers
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Assign customers to ${electrician.name}`}
              title="Assign customers"
              onClick={() => onAssignCustomers(electrician)}
            >
              <UserPlus aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Assign devices to ${electrician.name}`}
              title="Assign devices"
              onClick={() => onAssignDevices(electrician)}
            >
              <Wrench aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        );
      }}
    />
  );
}
