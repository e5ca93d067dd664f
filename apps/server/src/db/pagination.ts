import type { PageMeta, PageQuery, SortQuery } from '@isaac/contract';
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * THE pagination of every list (ADR 017: one round trip): select `total: totalCount()` beside the
 * page's columns, page with `pageWindow(query)` (LIMIT/OFFSET, as values or, in a prepared statement,
 * as `sql.placeholder('limit')` / `sql.placeholder('offset')` fed from it), then
 * `listPage(key, items, query, await pageTotal(rows, query, countAll))` for the one list response
 * shape `{ [key]: items, page, page_size, total }` (contract `listResponseSchema`).
 */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * Newest first, in the order of the `(created_at DESC, id DESC)` indexes drizzle creates (DESC NULLS
 * LAST): a plain `ORDER BY x DESC` means NULLS FIRST, which no such index gives, so PostgreSQL would sort
 * every matching row before taking a page. The columns are NOT NULL, so the rows are the same.
 */
export function newestFirst(...columns: AnyColumn[]): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}

/**
 * A select with a constant LIMIT written into a prepared statement's text instead of sent as a parameter
 * (`fixedLimit(db.select(…)….orderBy(…), 5)`, for a sub-select such as a `jsonList`'s rows). PostgreSQL keeps
 * a prepared statement's generic plan only when it looks no dearer than the custom plans; with the LIMIT a
 * parameter it cannot tell how few rows are wanted and plans again on every execution (ADR 039). Constants
 * of the code only, never request values. (PostgreSQL applies a LIMIT after a parenthesised select to that
 * select, as if written inside it.)
 */
export function fixedLimit(select: SQLWrapper, rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`fixedLimit: not a row count: ${rows}`);
  return sql`${select} limit ${sql.raw(String(rows))}`;
}

/**
 * The ORDER BY of a list sorted by one of its columns (contract `sortQueryShape`): the column the query's
 * `sort` names, in its `order` (nulls last either way), then the tie-break columns (the row id) in the same
 * direction, so a page boundary never repeats or skips a row. `sortable` maps each name the contract
 * allows to its column or SQL; the query's sort is part of a prepared statement's shape (a fixed set).
 */
export function sortedBy<C extends string>(
  sortable: Record<C, AnyColumn | SQL>,
  query: SortQuery<C>,
  ...tieBreak: AnyColumn[]
): SQL[] {
  const direction = query.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  return [sortable[query.sort], ...tieBreak].map((column) => sql`${column} ${direction}`);
}

/** LIMIT and OFFSET of a page. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * The total of a list from its page's rows (each carries the window count). A page past the end has no
 * row to carry it: then `countAll` counts (page 1 with no rows is an empty list: 0, no second query).
 */
export async function pageTotal(
  rows: readonly { total: number }[],
  query: PageQuery,
  countAll: () => Promise<number>,
): Promise<number> {
  return rows[0]?.total ?? (query.page > 1 ? countAll() : 0);
}

/** The one list response shape: the items under the list's name, with page, page_size and total. */
export function listPage<K extends string, T>(
  key: K,
  items: T[],
  query: PageQuery,
  total: number,
): Record<K, T[]> & PageMeta {
  return { [key]: items, page: query.page, page_size: query.page_size, total } as Record<K, T[]> & PageMeta;
}
