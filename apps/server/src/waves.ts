/**
 * Items handled in waves: the first item starts a wave at once; items that arrive while a wave is being
 * handled wait and go together in the next. Under load the handler runs once for many items (one statement
 * for a batch's acknowledgements instead of one each); alone, an item waits for nothing. Each item's promise
 * settles with its own result, or with the wave's error.
 */
export class Waves<I, O> {
  private waiting: Array<{ item: I; resolve: (result: O) => void; reject: (error: unknown) => void }> = [];
  private busy = false;

  /** `handle` answers a wave's items in their order. */
  constructor(private readonly handle: (items: I[]) => Promise<O[]>) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.busy) void this.next();
    });
  }

  private async next(): Promise<void> {
    this.busy = true;
    while (this.waiting.length > 0) {
      const wave = this.waiting;
      this.waiting = [];
      try {
        const results = await this.handle(wave.map((w) => w.item));
        wave.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of wave) w.reject(error);
      }
    }
    this.busy = false;
  }
}
