import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner, TextField } from '~/components/ui';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '~/lib/use-url-search-box';

export interface CheckListItem {
  id: string;
  label: string;
  detail?: string;
}

/** The search box of a pick list: what is typed, and the search it becomes once typing pauses. */
export function usePickSearch() {
  const [text, setText] = useState('');
  return { text, setText, search: useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS) };
}

interface PickListProps<TData> {
  /** The search box's label ('Find customers') and hint. */
  searchLabel: string;
  placeholder: string;
  search: ReturnType<typeof usePickSearch>;
  legend: string;
  /** The rows to pick from, fetched for `search.search`. */
  query: UseQueryResult<TData>;
  items: (data: TData) => CheckListItem[];
  /** What a failed load and an empty answer say. */
  errorText: string;
  empty: string;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

/**
 * The picker of the assign dialogs: a search box (the request follows once typing pauses) over a labelled
 * group of checkboxes (keyboard: Tab and Space), loading, failed with Retry, or empty.
 */
export function PickList<TData>({
  searchLabel,
  placeholder,
  search,
  legend,
  query,
  items,
  errorText,
  empty,
  chosen,
  onChange,
}: PickListProps<TData>) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((value) => value !== id));
  const rows = query.data ? items(query.data) : [];
  return (
    <>
      <TextField
        label={searchLabel}
        type="search"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        placeholder={placeholder}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-200">
          {legend} <span className="font-normal text-slate-400">({chosen.length} chosen)</span>
        </legend>
        <div className="max-h-60 overflow-y-auto rounded-lg border border-slate-600 bg-slate-900/70">
          {query.isPending ? (
            <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-400">
              <Spinner /> Loading…
            </p>
          ) : query.isError ? (
            <div role="alert" className="flex items-center justify-between gap-2 p-3 text-sm text-red-300">
              {errorText}
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="p-3 text-sm text-slate-400">{empty}</p>
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {rows.map((item) => (
                <li key={item.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-slate-800">
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 accent-sky-500"
                      checked={chosen.includes(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                    <span className="min-w-0 text-sm">
                      <span className="block text-slate-100">{item.label}</span>
                      {item.detail ? (
                        <span className="block text-xs break-all text-slate-400">{item.detail}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>
    </>
  );
}
