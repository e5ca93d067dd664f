import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, SelectField, SortSelect, TextField, type SortOption } from '~/components/ui';
import type { ListViewControls } from './use-list-view';
import { useCommonT } from '~/lib/i18n';

/**
 * A list's search box, filters and sort above its rows (issue 31, ADR 065): the search shows what is typed at
 * once and reaches the URL (and the server) once typing pauses; the filters (`children`, applied at once);
 * the sort menu of a list shown as cards (`sortOptions`; a table sorts by its column headers); Clear filters
 * when a search or filter is on.
 */
export function ListToolbar<S extends string, F extends string>({
  list,
  search,
  sortOptions,
  children,
}: {
  list: ListViewControls<S, F>;
  /** The search region's name ('Find users') and the box's hint ('Name or e-mail'); none: no search. */
  search?: { label: string; placeholder: string };
  sortOptions?: readonly SortOption[];
  children?: ReactNode;
}) {
  const { t } = useCommonT();
  const controls = (
    <>
      {search ? (
        <TextField
          label={t('ui.search')}
          type="search"
          className="col-span-2 sm:w-80"
          placeholder={search.placeholder}
          autoComplete="off"
          value={list.text}
          onChange={(event) => list.setText(event.target.value)}
          trailing={<Search aria-hidden="true" className="h-4 w-4 text-slate-500" />}
        />
      ) : null}
      {children}
      {sortOptions ? (
        <SortSelect
          className="col-span-2 sm:w-56"
          options={sortOptions}
          sort={list.state.sort}
          order={list.state.order}
          onChange={list.setSort}
        />
      ) : null}
      {list.filtered ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start"
          onClick={list.clear}
          icon={<X aria-hidden="true" className="h-4 w-4" />}
        >
          {t('ui.clearFilters')}
        </Button>
      ) : null}
    </>
  );
  const layout = 'grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end';
  return search ? (
    <div role="search" aria-label={search.label} className={layout}>
      {controls}
    </div>
  ) : (
    <div className={layout}>{controls}</div>
  );
}

/** One of a list's filters as a menu (applied at once; its placeholder is "all"). */
export function ListFilter<S extends string, F extends string>({
  list,
  name,
  label,
  placeholder,
  options,
  className = 'sm:w-44',
}: {
  list: ListViewControls<S, F>;
  name: F;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <SelectField
      label={label}
      className={className}
      placeholder={placeholder}
      options={options}
      value={list.state.filters[name] ?? ''}
      onChange={(event) => list.setFilter(name, event.target.value || null)}
    />
  );
}

/**
 * A list screen's heading: the title, the count once the first page is in ('45 users', '3 users found'), or
 * what the screen is until then, and the screen's actions (Add User, Upload Firmware).
 */
export function ListHeader({
  title,
  intro,
  total,
  nouns,
  filtered = false,
  actions,
}: {
  title: string;
  intro: ReactNode;
  /** The list's total, once known. */
  total: number | undefined;
  nouns: { one: string; many: string };
  filtered?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useCommonT();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        <p className="text-sm text-slate-400" aria-live="polite">
          {total === undefined
            ? intro
            : t(filtered ? 'list.countFound' : 'list.count', {
                count: total,
                noun: total === 1 ? nouns.one : nouns.many,
              })}
        </p>
      </div>
      {actions ? <div className="flex flex-wrap items-end gap-3">{actions}</div> : null}
    </div>
  );
}
