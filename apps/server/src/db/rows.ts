/**
 * The rows of a `db.execute(sql…)` result: PGlite and node-postgres answer `{ rows }` (an array, as some drivers
 * answer, is taken as the rows).
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  return [];
}
