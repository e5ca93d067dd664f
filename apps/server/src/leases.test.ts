import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobLeases } from './db/schema/index.ts';
import { every } from './jobs.ts';
import { JobLeases } from './leases.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two processes' leases on one database, on one clock that the test moves. */
function twoProcesses(leaseMs = 10_000) {
  let at = Date.now();
  const now = () => new Date(at);
  const a = new JobLeases(t.db, now, log, { leaseMs, holder: `a-${Math.random()}` });
  const b = new JobLeases(t.db, now, log, { leaseMs, holder: `b-${Math.random()}` });
  return { a, b, advance: (ms: number) => (at += ms) };
}

let jobNo = 0;
const jobName = () => `test job ${++jobNo}`;

describe('job leases (ADR 060)', () => {
  it('one holder at a time: the second process is refused while the lease lives, and the holder renews it', async () => {
    const { a, b, advance } = twoProcesses();
    const job = jobName();
    expect(await a.claim(job)).toBe(true);
    expect(await b.claim(job)).toBe(false);
    expect(a.holds(job)).toBe(true);
    expect(b.holds(job)).toBe(false);
    // A renewal (before expiry) keeps it: past the first expiry, b is still refused.
    advance(8_000);
    expect(await a.claim(job)).toBe(true);
    advance(8_000);
    expect(await b.claim(job)).toBe(false);
    const [row] = await t.db.select().from(jobLeases).where(eq(jobLeases.name, job));
    expect(row?.holder).toBe(a.holder);
  });

  it('an expired lease is taken over, and the old holder knows it lost it (locally and in the database)', async () => {
    const { a, b, advance } = twoProcesses();
    const job = jobName();
    expect(await a.claim(job)).toBe(true);
    advance(10_001);
    expect(a.holds(job)).toBe(false);
    expect(await b.claim(job)).toBe(true);
    expect(await a.claim(job)).toBe(false);
    expect(b.holds(job)).toBe(true);
    const [row] = await t.db.select().from(jobLeases).where(eq(jobLeases.name, job));
    expect(row?.holder).toBe(b.holder);
  });

  it('two processes racing for a free lease: exactly one wins', async () => {
    const { a, b } = twoProcesses();
    const job = jobName();
    const won = await Promise.all([a.claim(job), b.claim(job), a.claim(job), b.claim(job)]);
    const holders = new Set([won[0] || won[2] ? a.holder : null, won[1] || won[3] ? b.holder : null]);
    holders.delete(null);
    expect(holders.size).toBe(1);
  });

  it('a slow holder that lost its lease stops: its next run is skipped and a stepwise run stops between steps', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { a, b, advance } = twoProcesses();
      const job = jobName();
      const writes: string[] = [];
      // a's run works in steps and stalls after the first (its event loop blocked past the lease).
      let stall: () => void = () => {};
      const stalled = new Promise<void>((resolve) => (stall = resolve));
      const stopA = every(
        job,
        60_000,
        async (stillHeld) => {
          for (const step of [1, 2, 3]) {
            if (!stillHeld()) return;
            writes.push(`a${step}`);
            if (step === 1) await stalled;
          }
        },
        log,
        { immediately: true, leases: a },
      );
      await vi.waitFor(() => expect(writes).toEqual(['a1']), { timeout: 10_000 });
      advance(10_001);
      expect(await b.claim(job)).toBe(true);
      stall();
      await vi.waitFor(() => expect(a.holds(job)).toBe(false), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toEqual(['a1']);
      // a's next run re-checks the lease in the database and is skipped; b's runs.
      const stopB = every(job, 60_000, async () => void writes.push('b'), log, {
        immediately: true,
        leases: b,
      });
      await vi.waitFor(() => expect(writes.filter((w) => w === 'b')).toHaveLength(1), { timeout: 10_000 });
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(writes.filter((w) => w === 'b')).toHaveLength(2), { timeout: 10_000 });
      expect(writes.filter((w) => w.startsWith('a'))).toEqual(['a1']);
      stopA();
      stopB();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a process that closes gives its leases back; the heartbeat of another takes them', async () => {
    const { a, b } = twoProcesses();
    const job = jobName();
    a.register(job);
    b.register(job);
    await a.renew();
    expect(a.heldNames()).toEqual([job]);
    expect(await b.othersAlive()).toBe(true);
    await b.renew();
    expect(b.heldNames()).toEqual([]);
    await a.close();
    expect(await a.claim(job)).toBe(false);
    await b.renew();
    expect(b.heldNames()).toEqual([job]);
  });

  it('taking a lease over runs its take-over work first (once), a renewal does not; seize takes a live lease', async () => {
    const { a, b, advance } = twoProcesses();
    const job = jobName();
    const taken: string[] = [];
    a.whenTaken(job, async () => void taken.push('a'));
    b.whenTaken(job, async () => void taken.push('b'));
    expect(await a.claim(job)).toBe(true);
    expect(await a.claim(job)).toBe(true);
    expect(taken).toEqual(['a']);
    advance(10_001);
    expect(await b.claim(job)).toBe(true);
    expect(taken).toEqual(['a', 'b']);
    // A process alone by construction (embedded broker) takes a lease its killed predecessor left live.
    a.register(job);
    await a.seize();
    expect(a.holds(job)).toBe(true);
    expect(await b.claim(job)).toBe(false);
  });
});
