import type { SortOrder } from '@isaac/contract';
import type { Cell, Column, Header, ReactTable, Row, RowData, TableFeatures } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { cx } from './cx';
import { columnSortOptions, SortSelect } from './SortSelect';
import { usePhoneLayout } from './use-media-query';
import { useCommonT } from '~/lib/i18n';
import { localiseMessage, useLocaliseMessage } from '~/lib/i18n/messages';

/** A table's server-side sort: the current one, which columns sort (column id → sort name), and the change. */
export interface TableSort {
  sort: string;
  order: SortOrder;
  columns: Readonly<Record<string, string>>;
  /** A header's click: that column (the sorted one turns round). */
  onSort: (sort: string) => void;
  /** The phone's sort menu: a column and a direction at once. */
  onSortOrder: (sort: string, order: SortOrder) => void;
}

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  /** The table TanStack Table built (`useTable`): columns, rows, selection state are its. */
  table: ReactTable<TFeatures, TData>;
  /** The accessible name of the table (and of the phone's list of cards). */
  label: string;
  /** The table's minimum width (a Tailwind class): narrower screens (above a phone's) scroll it sideways. */
  minWidth: string;
  /** The column whose cells name their row (row headers for screen readers; a card's title on a phone). */
  rowHeader?: string;
  /** Per-row actions: a last column pinned to the right edge, at the bottom of the row's card on a phone. */
  renderRowActions?: (row: TData) => ReactNode;
  /** A full-width row under a row (details shown when it is expanded), or null. */
  renderExpanded?: (row: TData) => ReactNode;
  /** Renders a header or cell itself (e.g. a select-all checkbox); undefined = the column's own. */
  renderHeader?: (header: Header<TFeatures, TData>) => ReactNode | undefined;
  renderCell?: (cell: Cell<TFeatures, TData>) => ReactNode | undefined;
  /** A column shown before a card's title on a phone (a row's checkbox), its header above the cards. */
  cardLead?: string;
  /** Extra classes of a row (e.g. the selected ones). */
  rowClassName?: (row: Row<TFeatures, TData>) => string | false | undefined;
  /** Dimmed while the next page loads (the previous page stays readable). */
  dimmed?: boolean;
  /** Sortable column headers driving the server's sort (`useListView(...).tableSort()`). */
  sort?: TableSort;
}

const CELL = 'px-4 py-3';
const PINNED = 'sticky right-0 bg-slate-800';
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column's header as text: its label on a card, in the phone's sort menu. */
function headerText<TFeatures extends TableFeatures, TData extends RowData>(
  column: Column<TFeatures, TData>,
): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? localiseMessage(header) : column.id;
}

/**
 * A header cell's content: a header given as English text is shown in the language shown when a catalogue
 * has that English (lib/i18n/messages.ts); any other header renders as TanStack Table renders it.
 */
function HeaderContent<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  header,
}: {
  table: DataTableProps<TFeatures, TData>['table'];
  header: Header<TFeatures, TData, unknown>;
}) {
  const localise = useLocaliseMessage();
  const text = header.column.columnDef.header;
  return typeof text === 'string' ? localise(text) : <table.FlexRender header={header} />;
}

/**
 * THE table of the back office (issue 31, ADR 065): TanStack Table builds the rows and cells, this renders
 * what every list shares. Wide screens: a keyboard-focusable region that scrolls sideways when narrow,
 * column headers (sortable ones are buttons with `aria-sort`, driving the server's sort), a row-header
 * column, an Actions column pinned to the right edge, optional expanded rows. Phones (≤ 640 px): one card
 * per row — an article titled by the row header, each column a term and its value, the actions at the
 * bottom — so an action never sits beside data scrolled out of view; a "Sort by" menu replaces the headers.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>(
  props: DataTableProps<TFeatures, TData>,
) {
  const phone = usePhoneLayout();
  return phone ? <CardList {...props} /> : <WideTable {...props} />;
}

function WideTable<TFeatures extends TableFeatures, TData extends RowData>({
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
  sort,
}: DataTableProps<TFeatures, TData>) {
  const { t } = useCommonT();
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
              {group.headers.map((header) => {
                const sortName = sort?.columns[header.column.id];
                const active = sort !== undefined && sortName === sort.sort;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={active ? ARIA_SORT[sort.order] : undefined}
                    className={cx(CELL, 'font-medium')}
                  >
                    {renderHeader?.(header) ??
                      (sort && sortName ? (
                        <SortButton active={active} order={sort.order} onClick={() => sort.onSort(sortName)}>
                          <HeaderContent table={table} header={header} />
                        </SortButton>
                      ) : (
                        <HeaderContent table={table} header={header} />
                      ))}
                  </th>
                );
              })}
              {renderRowActions ? (
                <th scope="col" className={cx(CELL, PINNED, 'text-right font-medium')}>
                  {t('ui.actions')}
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

/** A sortable column's header: a button (Enter and Space sort), with an arrow for the current direction. */
function SortButton({
  active,
  order,
  onClick,
  children,
}: {
  active: boolean;
  order: SortOrder;
  onClick: () => void;
  children: ReactNode;
}) {
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-sky-400',
        active && 'text-slate-100',
      )}
    >
      {children}
      <Icon aria-hidden="true" className={cx('h-3.5 w-3.5', !active && 'opacity-50')} />
    </button>
  );
}

/** Phones: the rows as a list of cards, each an article with the row's fields as a description list. */
function CardList<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  label,
  rowHeader,
  renderRowActions,
  renderExpanded,
  renderHeader,
  renderCell,
  cardLead,
  rowClassName,
  dimmed = false,
  sort,
}: DataTableProps<TFeatures, TData>) {
  const columns = table.getAllLeafColumns();
  const sortable = sort
    ? columns.flatMap((column) => {
        const name = sort.columns[column.id];
        return name ? [{ sort: name, label: headerText(column) }] : [];
      })
    : [];
  const leadHeader = cardLead
    ? table
        .getHeaderGroups()
        .flatMap((group) => group.headers)
        .find((header) => header.column.id === cardLead)
    : undefined;
  return (
    <div className={cx('space-y-3', dimmed && 'opacity-60')}>
      {(sort && sortable.length > 0) || leadHeader ? (
        <div className="flex flex-wrap items-end gap-3">
          {leadHeader ? (
            <div className="py-2">
              {renderHeader?.(leadHeader) ?? <HeaderContent table={table} header={leadHeader} />}
            </div>
          ) : null}
          {sort && sortable.length > 0 ? (
            <SortSelect
              className="min-w-0 flex-1"
              options={columnSortOptions(sortable)}
              sort={sort.sort}
              order={sort.order}
              onChange={sort.onSortOrder}
            />
          ) : null}
        </div>
      ) : null}
      <ul aria-label={label} className="space-y-3">
        {table.getRowModel().rows.map((row) => {
          const cells = row.getAllCells();
          const render = (cell: Cell<TFeatures, TData>) =>
            renderCell?.(cell) ?? <table.FlexRender cell={cell} />;
          const title = cells.find((cell) => cell.column.id === rowHeader);
          const lead = cells.find((cell) => cell.column.id === cardLead);
          const titleId = `card-${row.id}`;
          const expanded = renderExpanded?.(row.original);
          return (
            <li key={row.id}>
              <article
                aria-labelledby={title ? titleId : undefined}
                className={cx('rounded-xl border border-slate-700 bg-slate-800/60 p-4', rowClassName?.(row))}
              >
                {title || lead ? (
                  <div className="flex items-start gap-3">
                    {lead ? <div className="pt-0.5">{render(lead)}</div> : null}
                    {title ? (
                      <h3 id={titleId} className="min-w-0 flex-1 text-sm font-normal text-slate-100">
                        {render(title)}
                      </h3>
                    ) : null}
                  </div>
                ) : null}
                <dl className="mt-3 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
                  {cells
                    .filter((cell) => cell !== title && cell !== lead)
                    .map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-xs tracking-wide text-slate-400 uppercase">
                          {headerText(cell.column)}
                        </dt>
                        <dd className="min-w-0 break-words text-slate-300">{render(cell)}</dd>
                      </div>
                    ))}
                </dl>
                {expanded ? <div className="mt-3 border-t border-slate-700 pt-3">{expanded}</div> : null}
                {renderRowActions ? (
                  <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-700 pt-3">
                    {renderRowActions(row.original)}
                  </div>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
