import type { PageMeta, PageQuery } from '@isaac/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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
 * A constant LIMIT written into a prepared statement's text instead of sent as a parameter (`.limit(
 * fixedLimit(5))`). PostgreSQL keeps a prepared statement's generic plan only when it looks no dearer than
 * the custom plans; with the LIMIT a parameter it cannot tell how few rows are wanted and plans again on
 * every execution — the electrician dashboard spent ~1.3 ms of its ~3 ms there (ADR 039). Constants of
 * the code only, never request values.
 */
export function fixedLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`fixedLimit: not a row count: ${rows}`);
  // Drizzle writes an SQL limit as it is (a number would become a parameter).
  return sql.raw(String(rows)) as unknown as number;
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
