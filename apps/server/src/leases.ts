import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { jobLeases } from './db/schema/index.ts';

/**
 * Job leases (issue 28, ADR 060): with several API processes on one database, each background job runs on
 * exactly one of them. A lease is a `job_leases` row naming its holder (this process's random id) and when it
 * expires. The holder renews every lease it holds every third of the lease (the heartbeat) and re-checks its
 * lease right before each run; any other process takes a lease over only once it has expired. So a process
 * that dies (kill -9) loses its leases within `leaseMs`, and the others take them within `leaseMs × 4/3`; a
 * process that stalls past its lease (event loop blocked, database unreachable) finds on waking that it no
 * longer holds it and does not run. Expiry is read against this process's clock (`now`): hosts keep their
 * clocks in step (NTP), skew being far below a lease.
 */
export class JobLeases {
  /** This process's id in `job_leases.holder`. */
  readonly holder: string;
  readonly leaseMs: number;
  private readonly names = new Set<string>();
  /** Leases this process holds, with when each expires (as last written). */
  private readonly held = new Map<string, number>();
  private readonly onTake = new Map<string, () => Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs: number; holder?: string },
  ) {
    this.leaseMs = options.leaseMs;
    this.holder = options.holder ?? `${process.pid}-${randomBytes(6).toString('hex')}`;
  }

  /** A job whose lease the heartbeat keeps (or takes over when it has expired). */
  register(name: string): void {
    this.names.add(name);
  }

  /**
   * What to do first whenever this process takes `name` (not when it renews it): the rollouts' recovery
   * when the tick moves here from a process that died. Awaited by the claim, so the job's run comes after.
   */
  whenTaken(name: string, run: () => Promise<unknown>): void {
    this.onTake.set(name, run);
  }

  /**
   * Takes every registered lease now, whoever holds it: for a process that is alone by construction (the
   * embedded broker, ADR 061), whose predecessor — killed -9 — left leases that would hold its jobs for up
   * to a lease.
   */
  async seize(): Promise<void> {
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.leaseMs);
    for (const name of this.names) {
      await this.db
        .insert(jobLeases)
        .values({ name, holder: this.holder, expiresAt, acquiredAt: at })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder: this.holder, expiresAt, acquiredAt: at },
        });
      this.held.set(name, expiresAt.getTime());
    }
  }

  /**
   * Takes or renews the lease on `name` for `leaseMs` from now: true when this process holds it afterwards
   * (it held it, or nobody did, or its holder let it expire). One statement, so two processes racing for
   * an expired lease cannot both win.
   */
  async claim(name: string): Promise<boolean> {
    if (this.closed) return false;
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.leaseMs);
    const won = await this.db
      .insert(jobLeases)
      .values({ name, holder: this.holder, expiresAt, acquiredAt: at })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: {
          holder: sql`excluded.holder`,
          expiresAt: sql`excluded.expires_at`,
          acquiredAt: sql`case when ${jobLeases.holder} = excluded.holder then ${jobLeases.acquiredAt} else excluded.acquired_at end`,
        },
        setWhere: sql`${jobLeases.holder} = excluded.holder or ${jobLeases.expiresAt} <= excluded.acquired_at`,
      })
      .returning({ holder: jobLeases.holder });
    const holds = won.length === 1;
    const before = this.held.has(name);
    if (holds) this.held.set(name, expiresAt.getTime());
    else this.held.delete(name);
    if (holds && !before) {
      this.log.info({ job: name, holder: this.holder }, 'job lease taken');
      const taken = this.onTake.get(name);
      if (taken) {
        try {
          await taken();
        } catch (error) {
          this.log.error({ err: error, job: name }, 'taking a job lease over failed');
        }
      }
    }
    if (!holds && before) this.log.warn({ job: name, holder: this.holder }, 'job lease lost');
    return holds;
  }

  /** Whether this process holds `name` now, by what it last wrote (no query): false once that has expired. */
  holds(name: string): boolean {
    const until = this.held.get(name);
    return until !== undefined && until > this.now().getTime();
  }

  /** The jobs this process runs under a lease (held or not). */
  registered(): string[] {
    return [...this.names];
  }

  /** The jobs whose lease this process holds now. */
  heldNames(): string[] {
    return [...this.names].filter((name) => this.holds(name));
  }

  /**
   * Whether another API process is alive now: it holds a lease that has not expired. A process starting
   * beside live ones leaves shared state (devices' presence) to them instead of resetting it.
   */
  async othersAlive(): Promise<boolean> {
    const rows = await this.db
      .select({ holder: jobLeases.holder })
      .from(jobLeases)
      .where(
        sql`${jobLeases.holder} <> ${this.holder} and ${jobLeases.expiresAt} > ${this.now().toISOString()}::timestamptz`,
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Renews or takes every registered lease (the heartbeat). A failure (database down) keeps nothing. */
  async renew(): Promise<void> {
    for (const name of this.names) {
      try {
        await this.claim(name);
      } catch (error) {
        this.held.delete(name);
        this.log.error({ err: error, job: name }, 'job lease renewal failed');
      }
    }
  }

  /** Starts the heartbeat: every third of the lease. */
  start(): void {
    if (this.timer || this.closed) return;
    void this.renew();
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** Stops the heartbeat and gives the leases back, so another process takes them at its next heartbeat. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.held.clear();
    try {
      await this.db.delete(jobLeases).where(eq(jobLeases.holder, this.holder));
    } catch (error) {
      this.log.warn({ err: error }, 'job leases not released (they expire)');
    }
  }
}
