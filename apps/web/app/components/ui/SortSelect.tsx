import type { SortOrder } from '@isaac/contract';
import { useCommonT } from '~/lib/i18n';
import { useLocaliseMessage } from '~/lib/i18n/messages';
import { SelectField } from './fields';

export interface SortOption {
  sort: string;
  order: SortOrder;
  /** E.g. 'Newest first', 'Name (A–Z)'. */
  label: string;
  /** A column's both ways ('Name (ascending)'): the column's name, so the menu words the way in its language. */
  column?: string;
}

/**
 * "Sort by" as one menu of sort-and-direction choices: the sort of a list shown as cards (a phone's table,
 * the rooms and orders grids), driving the same server-side sort as a table's column headers.
 */
export function SortSelect({
  options,
  sort,
  order,
  onChange,
  label,
  className,
}: {
  options: readonly SortOption[];
  sort: string;
  order: SortOrder;
  onChange: (sort: string, order: SortOrder) => void;
  label?: string;
  className?: string;
}) {
  const { t } = useCommonT();
  const localise = useLocaliseMessage();
  const key = (option: Pick<SortOption, 'sort' | 'order'>) => `${option.sort}:${option.order}`;
  const wording = (option: SortOption) =>
    option.column === undefined
      ? localise(option.label)
      : t(option.order === 'asc' ? 'ui.ascending' : 'ui.descending', { column: option.column });
  // A sort the menu does not list (a link, the other direction of a column): shown as what it is.
  const shown = options.some((option) => option.sort === sort && option.order === order)
    ? options
    : [...options, unlisted(options, sort, order)];
  return (
    <SelectField
      label={label ?? t('ui.sortBy')}
      className={className}
      options={shown.map((option) => ({ value: key(option), label: wording(option) }))}
      value={key({ sort, order })}
      onChange={(event) => {
        const chosen = shown.find((option) => key(option) === event.target.value);
        if (chosen) onChange(chosen.sort, chosen.order);
      }}
    />
  );
}

/** 'Newest first' and 'Oldest first' by a time column (`created_at` unless named). */
export function byTime(sort = 'created_at'): SortOption[] {
  return [
    { sort, order: 'desc', label: 'Newest first' },
    { sort, order: 'asc', label: 'Oldest first' },
  ];
}

/** Both directions of each sortable column, labelled by the column ('Name (ascending)'). */
export function columnSortOptions(columns: readonly { sort: string; label: string }[]): SortOption[] {
  return columns.flatMap(({ sort, label }) => [
    { sort, order: 'asc' as const, label: `${label} (ascending)`, column: label },
    { sort, order: 'desc' as const, label: `${label} (descending)`, column: label },
  ]);
}

/**
 * 'Name (descending)': a listed option's name for the column (its words before any parenthesis), or the
 * sort's own name in words ('created_at' → 'Created at'), and the way.
 */
function unlisted(options: readonly SortOption[], sort: string, order: SortOrder): SortOption {
  const option = options.find((o) => o.sort === sort);
  const words = sort.replace(/[_-]+/g, ' ');
  const name =
    option?.column ??
    option?.label.replace(/\s*\(.*\)$/, '') ??
    `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return { sort, order, label: `${name} (${order === 'asc' ? 'ascending' : 'descending'})`, column: name };
}
