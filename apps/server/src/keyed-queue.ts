/**
 * Work run one after another per key, in the order it was queued; different keys run side by side. A
 * device's messages are handled this way: two of its statuses handled at once could land in the database in
 * the other order (a device shown offline after it came back). A key's entry is dropped once its queue is
 * empty, so the map holds only keys with work pending.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` after the key's earlier work has settled (whether it succeeded or failed). */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Settles when the key's work queued so far has (at once when there is none). */
  idle(key: string): Promise<void> {
    return this.tails.get(key) ?? Promise.resolve();
  }

  /** Keys with work pending. */
  get size(): number {
    return this.tails.size;
  }
}
