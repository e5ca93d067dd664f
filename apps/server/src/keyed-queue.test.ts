import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedQueue', () => {
  it("runs one key's work in order, one at a time, and other keys side by side", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const job = (key: string, n: number, ms: number) =>
      queue.run(key, async () => {
        log.push(`${key}${n} start`);
        await tick(ms);
        log.push(`${key}${n} end`);
        return n;
      });
    const results = await Promise.all([job('a', 1, 30), job('a', 2, 1), job('b', 1, 5)]);
    expect(results).toEqual([1, 2, 1]);
    // a2 waits for a1 although it is quicker; b1 runs beside a1.
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
    expect(queue.size).toBe(0);
  });

  it('a failure reaches its caller and does not stop the work queued after it', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
    await queue.idle('a');
    expect(queue.size).toBe(0);
  });

  it('idle settles once the work queued so far has', async () => {
    const queue = new KeyedQueue();
    let done = false;
    void queue.run('a', async () => {
      await tick(20);
      done = true;
    });
    await queue.idle('a');
    expect(done).toBe(true);
    await queue.idle('never');
  });
});
