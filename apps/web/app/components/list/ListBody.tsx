import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, EmptyState, ErrorState, Pagination } from '~/components/ui';
import { pageCount, pageFirst } from './list-view';
import { useCommonT } from '~/lib/i18n';

/** What ListBody needs of a list's view in the URL (`useListView`): its page, whether it is filtered, Clear. */
interface ListControls {
  state: { page: number };
  setPage: (page: number) => void;
  filtered: boolean;
  clear: () => void;
}

/** What an empty list says: the spec's title, why it is empty, and a way on (e.g. 'Add the first user'). */
export interface ListEmpty {
  icon: LucideIcon;
  title: string;
  /** When nothing was ever added. */
  text: string;
  /** When a search or filter found nothing (default: 'Nothing matches this search and these filters.'). */
  filteredText?: string;
  action?: ReactNode;
}

/** The rows' place while the first page loads: skeleton rows by default, named for screen readers. */
export function ListSkeleton({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div
      aria-busy="true"
      className={children ? undefined : 'space-y-2 rounded-xl border border-slate-700 bg-slate-800/60 p-4'}
    >
      <span role="status" className="sr-only">
        {label}
      </span>
      {children ??
        Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-10 animate-pulse rounded bg-slate-700/50" />
        ))}
    </div>
  );
}

/**
 * A list in its states (issue 31, ADR 065): loading (a skeleton named `Loading <noun>…`), failed (the error
 * with Retry), empty (why, and the way on: the first page, Clear filters, or the screen's own action), or the
 * rows — dimmed while the next page loads — with the pager ('Showing 21–40 of 95 users', Previous / Next)
 * when the answer is a page (`page`/`page_size`/`total`) and the screen pages. A list whose view is in the
 * URL passes it (`list`); another passes its `page`, `onPage`, `filtered` and `onClear` itself.
 */
export function ListBody<TData extends object, TItem>({
  query,
  items,
  noun,
  errorTitle,
  empty,
  list,
  page = list?.state.page ?? 1,
  onPage = list?.setPage,
  filtered = list?.filtered ?? false,
  onClear = list?.clear,
  loadingLabel,
  skeleton,
  children,
}: {
  query: UseQueryResult<TData>;
  items: (data: TData) => TItem[];
  /** Plural: 'Loading users…', 'Showing 1–20 of 45 users', 'User pages'. */
  noun: string;
  errorTitle: string;
  empty: ListEmpty;
  list?: ListControls;
  page?: number;
  onPage?: (page: number) => void;
  filtered?: boolean;
  onClear?: () => void;
  loadingLabel?: string;
  /** The loading state's own placeholders (a card grid's skeleton cards). */
  skeleton?: ReactNode;
  children: (items: TItem[], dimmed: boolean, data: TData) => ReactNode;
}) {
  const { t } = useCommonT();
  if (query.isPending) {
    return <ListSkeleton label={loadingLabel ?? t('list.loading', { noun })}>{skeleton}</ListSkeleton>;
  }
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
    const pastTheEnd = page > 1 && onPage;
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={
          pastTheEnd
            ? t('list.pageEmpty')
            : filtered
              ? (empty.filteredText ?? t('list.nothingMatches'))
              : empty.text
        }
        action={
          pastTheEnd ? (
            <Button variant="outline" onClick={() => onPage(1)}>
              {t('list.firstPage')}
            </Button>
          ) : filtered && onClear ? (
            <Button variant="outline" onClick={onClear}>
              {t('ui.clearFilters')}
            </Button>
          ) : (
            empty.action
          )
        }
      />
    );
  }
  const meta = pageMetaOf(query.data);
  return (
    <>
      {children(rows, query.isPlaceholderData, query.data)}
      {onPage && meta ? (
        <Pagination
          label={t('list.pages', { singular: `${noun[0]?.toUpperCase()}${noun.slice(1, -1)}`, noun })}
          page={page}
          pageCount={pageCount(meta.total, meta.pageSize)}
          summary={t('list.showing', {
            first: pageFirst(page, meta.pageSize),
            last: pageFirst(page, meta.pageSize) + rows.length - 1,
            total: meta.total,
            noun,
          })}
          onPageChange={onPage}
        />
      ) : null}
    </>
  );
}

/** A paged answer's total and page size (the contract's `listResponseSchema`), or undefined for a whole list. */
function pageMetaOf(data: object): { total: number; pageSize: number } | undefined {
  return 'total' in data &&
    typeof data.total === 'number' &&
    'page_size' in data &&
    typeof data.page_size === 'number'
    ? { total: data.total, pageSize: data.page_size }
    : undefined;
}
