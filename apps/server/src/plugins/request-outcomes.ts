/**
 * Requests answered and server errors (5xx) of this process over the last hour, in one-minute buckets
 * (a ring of 60): the admin dashboard's "errors in the last hour" health check. Counted by the request
 * log controller, which already sees every completed request, so the hot path gains no hook.
 * Per process: with several API processes each reports its own share (documented in ADR 027).
 */
export class RequestOutcomes {
  static readonly MINUTES = 60;
  private readonly requests = new Uint32Array(RequestOutcomes.MINUTES);
  private readonly errors = new Uint32Array(RequestOutcomes.MINUTES);
  /** The minute (since the epoch) each bucket holds. */
  private readonly minutes = new Float64Array(RequestOutcomes.MINUTES).fill(-1);

  constructor(private readonly now: () => Date = () => new Date()) {}

  count(statusCode: number): void {
    const minute = Math.floor(this.now().getTime() / 60_000);
    const slot = minute % RequestOutcomes.MINUTES;
    if (this.minutes[slot] !== minute) {
      this.minutes[slot] = minute;
      this.requests[slot] = 0;
      this.errors[slot] = 0;
    }
    this.requests[slot] = (this.requests[slot] ?? 0) + 1;
    if (statusCode >= 500) this.errors[slot] = (this.errors[slot] ?? 0) + 1;
  }

  /** Requests and 5xx answers in the last hour (the current minute included). */
  lastHour(): { requests: number; errors: number } {
    const current = Math.floor(this.now().getTime() / 60_000);
    let requests = 0;
    let errors = 0;
    for (let slot = 0; slot < RequestOutcomes.MINUTES; slot += 1) {
      const minute = this.minutes[slot] ?? -1;
      if (minute > current - RequestOutcomes.MINUTES && minute <= current) {
        requests += this.requests[slot] ?? 0;
        errors += this.errors[slot] ?? 0;
      }
    }
    return { requests, errors };
  }
}
