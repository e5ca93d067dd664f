import type { Cell, Header, ReactTable, Row, RowData, TableFeatures } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { cx } from './cx';

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  /** The table TanStack Table built (`useTable`): columns, rows, selection state are its. */
  table: ReactTable<TFeatures, TData>;
  /** The accessible name of the scrollable region (and so of the table). */
  label: string;
  /** The table's minimum width (a Tailwind class): narrower screens scroll it sideways. */
  minWidth: string;
  /** The column whose cells name their row (rendered as row headers for screen readers). */
  rowHeader?: string;
  /** Per-row actions in a last column pinned to the right edge, so they are never scrolled away. */
  renderRowActions?: (row: TData) => ReactNode;
  /** A full-width row under a row (details shown when it is expanded), or null. */
  renderExpanded?: (row: TData) => ReactNode;
  /** Renders a header or cell itself (e.g. a select-all checkbox); undefined = the column's own. */
  renderHeader?: (header: Header<TFeatures, TData>) => ReactNode | undefined;
  renderCell?: (cell: Cell<TFeatures, TData>) => ReactNode | undefined;
  /** Extra classes of a row (e.g. the selected ones). */
  rowClassName?: (row: Row<TFeatures, TData>) => string | false | undefined;
  /** Dimmed while the next page loads (the previous page stays readable). */
  dimmed?: boolean;
}

const CELL = 'px-4 py-3';
const PINNED = 'sticky right-0 bg-slate-800';

/**
 * THE admin table (users, devices, electricians, orders, messages): TanStack Table builds the rows and
 * cells, this renders the markup every table shares — a keyboard-focusable region that scrolls sideways on
 * narrow screens, column headers, a row-header column, an optional Actions column pinned to the right
 * edge, optional expanded rows — so the tables differ only in their columns.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  label,
  minWidth,
  rowHeader,
  renderRowActions,
  renderExpanded,
  renderHeader,
  renderCell,
  rowClassName,
  dimmed = false,
}: DataTableProps<TFeatures, TData>) {
  const columnCount = table.getAllLeafColumns().length + (renderRowActions ? 1 : 0);
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx(
        'overflow-x-auto rounded-xl border border-slate-700 bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-sky-400',
        dimmed && 'opacity-60',
      )}
    >
      <table className={cx('w-full text-left text-sm text-slate-300', minWidth)}>
        <thead className="border-b border-slate-700 text-xs tracking-wide text-slate-400 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={cx(CELL, 'font-medium')}>
                  {renderHeader?.(header) ?? <table.FlexRender header={header} />}
                </th>
              ))}
              {renderRowActions ? (
                <th scope="col" className={cx(CELL, PINNED, 'text-right font-medium')}>
                  Actions
                </th>
              ) : null}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-700/70">
          {table.getRowModel().rows.map((row) => {
            const expanded = renderExpanded?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr className={cx('hover:bg-slate-800', rowClassName?.(row))}>
                  {row.getAllCells().map((cell) => {
                    const content = renderCell?.(cell) ?? <table.FlexRender cell={cell} />;
                    return cell.column.id === rowHeader ? (
                      <th key={cell.id} scope="row" className={cx(CELL, 'text-left font-normal')}>
                        {content}
                      </th>
                    ) : (
                      <td key={cell.id} className={CELL}>
                        {content}
                      </td>
                    );
                  })}
                  {renderRowActions ? (
                    <td className={cx(PINNED, 'px-2 py-2 text-right')}>{renderRowActions(row.original)}</td>
                  ) : null}
                </tr>
                {expanded ? (
                  <tr>
                    <td colSpan={columnCount} className="bg-slate-900/40 px-6 py-3">
                      {expanded}
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
