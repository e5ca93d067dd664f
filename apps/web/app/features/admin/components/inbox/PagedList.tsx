import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, EmptyState, ErrorState, Pagination } from '~/components/ui';
import { pageCount, pageSummary } from '../../model/list-pages';
import { InboxFilterBar, ListSkeleton } from './InboxFilterBar';
import type { useChoiceFilters } from './use-choice-filters';

/**
 * One page of a filtered list in its four states: loading (skeleton), failed (message + Retry), empty (why,
 * and the way out: first page or clear filters) and the rows with their pagination.
 */
export function PagedList<TPage extends { page_size: number; total: number }, TItem>({
  query,
  items,
  noun,
  page,
  filtered,
  onClear,
  onPage,
  errorTitle,
  empty,
  children,
}: {
  query: UseQueryResult<TPage>;
  items: (data: TPage) => TItem[];
  /** Plural, for 'Showing 1–20 of 45 orders' and the loading label. */
  noun: string;
  page: number;
  filtered: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; filteredText: string; text: string };
  children: (items: TItem[], dimmed: boolean) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={`Loading ${noun}…`} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const rows = items(query.data);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={page > 1 ? 'This page is empty.' : filtered ? empty.filteredText : empty.text}
        action={
          page > 1 ? (
            <Button variant="outline" onClick={() => onPage(1)}>
              Go to the first page
            </Button>
          ) : filtered ? (
            <Button variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <>
      {children(rows, query.isPlaceholderData)}
      <Pagination
        label={`${noun[0]?.toUpperCase()}${noun.slice(1, -1)} pages`}
        page={page}
        pageCount={pageCount(query.data.total, query.data.page_size)}
        summary={pageSummary(page, query.data.page_size, rows.length, query.data.total, noun)}
        onPageChange={onPage}
      />
    </>
  );
}

/**
 * A whole list screen of the admin inbox (orders, messages): title and count, the search box and choice
 * filter kept in the URL (`useChoiceFilters`), and the page of rows in its states.
 */
export function FilteredListScreen<
  C extends string,
  TPage extends { page_size: number; total: number },
  TItem,
>({
  title,
  intro,
  nouns,
  view,
  search,
  choice,
  query,
  items,
  errorTitle,
  empty,
  children,
}: {
  title: string;
  /** Shown under the title until the first page arrives. */
  intro: string;
  nouns: { one: string; many: string };
  view: ReturnType<typeof useChoiceFilters<C>>;
  search: { label: string; placeholder: string };
  choice: { label: string; placeholder: string; options: readonly { value: C; label: string }[] };
  query: UseQueryResult<TPage>;
  items: (data: TPage) => TItem[];
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; filteredText: string; text: string };
  children: (items: TItem[], dimmed: boolean) => ReactNode;
}) {
  const total = query.data?.total ?? 0;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        <p className="text-sm text-slate-400" aria-live="polite">
          {query.data
            ? `${total} ${total === 1 ? nouns.one : nouns.many}${view.filtered ? ' found' : ''}`
            : intro}
        </p>
      </div>
      <InboxFilterBar
        label={search.label}
        placeholder={search.placeholder}
        text={view.text}
        onText={view.setText}
        choiceLabel={choice.label}
        choicePlaceholder={choice.placeholder}
        options={[...choice.options]}
        choice={view.filters.choice ?? ''}
        onChoice={(value) => view.setChoice(choice.options.find((o) => o.value === value)?.value ?? null)}
        filtered={view.filtered}
        onClear={view.clear}
      />
      <PagedList
        query={query}
        items={items}
        noun={nouns.many}
        page={view.filters.page}
        filtered={view.filtered}
        onClear={view.clear}
        onPage={view.setPage}
        errorTitle={errorTitle}
        empty={empty}
      >
        {children}
      </PagedList>
    </div>
  );
}
