/** How the automation runner spreads its work: lanes of a bounded width, and batches. */

/** Runs started side by side (a readings batch's or a moment's device changes'); the rest wait for a lane. */
export const RUNS_AT_ONCE = 16;

/** `work` on every item, at most `limit` at a time; resolves when all are done (a failure is thrown after). */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length > 0) throw errors[0];
}

/** `items` cut into batches of `size` (the last one shorter). */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}
