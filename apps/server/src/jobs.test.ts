import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './jobs.ts';

const log = () =>
  ({ error: vi.fn() }) as unknown as Parameters<typeof every>[3] & { error: ReturnType<typeof vi.fn> };

describe('every', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when asked, then every period, and stops', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const stop = every('job', 1000, run, log(), { immediately: true });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('never runs twice at the same time: a due run is skipped while one is going', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = every('job', 1000, run, log());
    await vi.advanceTimersByTimeAsync(3500);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
  });

  it('logs a failure under its name and keeps going', async () => {
    vi.useFakeTimers();
    const logger = log();
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    const stop = every('outbox pruning', 1000, run, logger, { immediately: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'outbox pruning failed');
    stop();
  });
});
