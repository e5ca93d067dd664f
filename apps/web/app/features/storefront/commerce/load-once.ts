/**
 * Wraps a dynamic import so it runs once (a failed load may be retried). Used to keep the api-client
 * out of the pages' first load: forms load their call on first focus or submit.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
