/** The SQLSTATE of a PostgreSQL error, whether raised directly or wrapped by Drizzle (its `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Object && depth < 4; depth += 1) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** PostgreSQL unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * A deadlock (40P01) or serialization failure (40001): the statement was rolled back whole, so running it
 * again is safe and is what PostgreSQL asks of the client.
 */
export function isRetryableConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '40P01' || state === '40001';
}

/**
 * Runs `work` (one statement or one transaction) again after a deadlock or serialization failure, at most
 * `attempts` times in all. Concurrent statements that lock several rows in an order PostgreSQL does not
 * promise (data-modifying CTEs) can deadlock; the loser is rolled back and simply goes again.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
    }
  }
}
