import type { ElectricianSummary } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, UserPlus, Wrench } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Badge, Button, cx } from '~/components/ui';

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
  column.accessor('customers', { header: 'Customers' }),
  column.accessor('devices', { header: 'Devices' }),
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
  column.display({ id: 'actions', header: 'Actions' }),
]);

interface ElectriciansTableProps {
  electricians: ElectricianSummary[];
  dimmed: boolean;
  expanded: string | null;
  onToggle: (id: string) => void;
  onAssignCustomers: (electrician: ElectricianSummary) => void;
  onAssignDevices: (electrician: ElectricianSummary) => void;
  renderCustomers: (electrician: ElectricianSummary) => ReactNode;
}

/** Electricians with their counts; a row opens to list its customers. Actions stay pinned on narrow screens. */
export function ElectriciansTable({
  electricians,
  dimmed,
  expanded,
  onToggle,
  onAssignCustomers,
  onAssignDevices,
  renderCustomers,
}: ElectriciansTableProps) {
  const table = useTable({ features, columns, data: electricians, getRowId: (e) => e._id });
  const width = columns.length;
  return (
    <div
      role="region"
      aria-label="Electricians table"
      tabIndex={0}
      className={cx(
        'overflow-x-auto rounded-xl border border-slate-700 bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-sky-400',
        dimmed && 'opacity-60',
      )}
    >
      <table className="w-full min-w-[52rem] text-left text-sm text-slate-300">
        <thead className="border-b border-slate-700 text-xs tracking-wide text-slate-400 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cx(
                    'px-4 py-3 font-medium',
                    header.column.id === 'actions' && 'sticky right-0 bg-slate-800 text-right',
                  )}
                >
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-700/70">
          {table.getRowModel().rows.map((row) => {
            const electrician = row.original;
            const open = expanded === electrician._id;
            return (
              <Fragment key={row.id}>
                <tr className="hover:bg-slate-800">
                  {row.getAllCells().map((cell) =>
                    cell.column.id === 'actions' ? (
                      <td key={cell.id} className="sticky right-0 bg-slate-800 px-2 py-2">
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
                      </td>
                    ) : cell.column.id === 'name' ? (
                      <th key={cell.id} scope="row" className="px-4 py-3 text-left font-normal">
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id} className="px-4 py-3 tabular-nums">
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
                {open ? (
                  <tr>
                    <td colSpan={width} className="bg-slate-900/40 px-6 py-3">
                      {renderCustomers(electrician)}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
