/** A limit on failures: at most `max` within `windowMs`. */
export interface FailureLimit {
  max: number;
  windowMs: number;
}

/** Sign-in throttling: 5 failures per account and 20 per IP address within 15 minutes. */
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perIp: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, FailureLimit>;

/**
 * Counts failures per key in a sliding window (in memory: per API process). A key with `max`
 * failures in the window is blocked until the oldest of them leaves the window.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: FailureLimit,
    private readonly now: () => Date,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now().getTime() - this.limit.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit.max) return 0;
    const oldest = recent[recent.length - this.limit.max] ?? this.now().getTime();
    return Math.max(1, Math.ceil((oldest + this.limit.windowMs - this.now().getTime()) / 1000));
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now().getTime());
    this.failures.set(key, recent);
    if (this.failures.size > 50_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
