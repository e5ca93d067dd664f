import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { retryOnConflict } from '../../db/errors.ts';
import { rowsOf } from '../../db/rows.ts';
import { authThrottle, type AuthThrottleRow } from '../../db/schema/index.ts';

/**
 * How failures of one key are counted and blocked (ADR 015). The first `max - 1` failures in a window
 * are free; failure number n ≥ `max` blocks the key for min(`maxDelayMs`, `delayMs` · 2^(n − max)).
 * A hard limit has `delayMs` = `maxDelayMs` = `windowMs` (the max-th failure blocks for a whole
 * window); a growing delay starts small and doubles up to its cap.
 */
export interface ThrottlePolicy {
  max: number;
  /**
   * The count starts afresh once no block is in force and this long has passed since the window's
   * first failure (`windowFrom: 'first'`, at most `max` failures per window) or since the last
   * failure (`'last'`: the count decays only after a quiet spell).
   */
  windowMs: number;
  windowFrom: 'first' | 'last';
  delayMs: number;
  maxDelayMs: number;
}

const FIFTEEN_MINUTES = 15 * 60_000;

const hardLimit = (max: number, windowMs: number): ThrottlePolicy => ({
  max,
  windowMs,
  windowFrom: 'first',
  delayMs: windowMs,
  maxDelayMs: windowMs,
});

/**
 * Sign-in throttling (ADR 015):
 * - `perAccountAndIp`: 5 failures of one account from one source in 15 minutes block that pair for
 *   15 minutes (the hard block falls on the guesser, not on the account's owner elsewhere);
 * - `perIp`: 20 failures from one source across accounts in 15 minutes block the source for 15 minutes;
 * - `perAccount`: from the 10th failure of an account from anywhere (without a quiet quarter of an
 *   hour), each failure makes the next attempt wait 1 s, 2 s, 4 s … at most 30 s: a distributed guesser
 *   gets ~2 guesses a minute, the owner waits seconds at worst. A source that signed in to the
 *   account within `trustedSourceMs` is not delayed by it.
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: hardLimit(5, FIFTEEN_MINUTES),
  perIp: hardLimit(20, FIFTEEN_MINUTES),
  perAccount: {
    max: 10,
    windowMs: FIFTEEN_MINUTES,
    windowFrom: 'last',
    delayMs: 1000,
    maxDelayMs: 30_000,
  },
  trustedSourceMs: 30 * 24 * 60 * 60_000,
} as const satisfies Record<string, ThrottlePolicy | number>;

/** Wrong current passwords on the password-change route: 5 per user per 15 minutes. */
export const PASSWORD_CHANGE_LIMIT = hardLimit(5, FIFTEEN_MINUTES);

/** "Try again in N minute(s)." for a throttled caller who must wait `seconds`. */
export function tryAgainIn(seconds: number): string {
  return `Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`;
}

/** Expired rows are deleted at most this often per process. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

export const THROTTLE_SCOPE = {
  pair: 'login:pair',
  account: 'login:account',
  source: 'login:source',
  password: 'password',
} as const;

export interface ThrottleKey {
  scope: string;
  /** The digest stored in the table (see `digest`). */
  key: string;
  policy: ThrottlePolicy;
}

/** Keys are stored as SHA-256 digests: no e-mail or address in the table, bounded length. */
export function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/**
 * The throttled source of a client address: an IPv4 address (IPv4-mapped IPv6 included) as is, an
 * IPv6 address by its /64 prefix (one subscriber's network: rotating inside it is free for a client).
 */
export function sourceOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    !part ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Seconds until a row lets attempts through again (0: not blocked). */
export function retryAfterSeconds(row: AuthThrottleRow | undefined, now: Date): number {
  if (!row?.blockedUntil) return 0;
  const ms = row.blockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
}

const ms = (value: number) => sql.raw(String(Math.trunc(value)));
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Failure counters in the `auth_throttle` table, shared by every API process on the database. Every
 * change is one statement that updates each row atomically (INSERT … ON CONFLICT DO UPDATE takes the
 * row lock and re-reads it), so concurrent attempts in several processes are counted exactly. A statement
 * touches several rows in CTEs, whose order PostgreSQL does not promise, so concurrent attempts on one
 * account can deadlock: the loser was rolled back whole and runs again (`retryOnConflict`).
 */
export class ThrottleStore {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The rows of these keys, by scope (one primary-key query); prunes expired rows now and then. */
  async read(keys: readonly ThrottleKey[]): Promise<Map<string, AuthThrottleRow>> {
    await this.prune();
    const rows = await this.db
      .select()
      .from(authThrottle)
      .where(or(...keys.map((k) => and(eq(authThrottle.scope, k.scope), eq(authThrottle.key, k.key)))));
    return new Map(rows.map((row) => [row.scope, row]));
  }

  /**
   * Counts an attempt as a failure on each key before the password is checked (so that concurrent
   * attempts cannot all slip through before the first failure is written), in one statement. A key
   * that is blocked at that moment is not counted; `force` counts it anyway. Returns the scopes
   * counted: a missing one means another attempt blocked it meanwhile (the caller undoes the rest).
   */
  async claim(keys: readonly (ThrottleKey & { force?: boolean })[]): Promise<Set<string>> {
    const now = this.now();
    const statements = keys.map((k) => this.claimStatement(k, now, k.force ?? false));
    const ctes = statements.map(
      (statement, i) => sql`${sql.raw(`c${i}`)} as (${statement} returning t.scope)`,
    );
    const union = sql.join(
      statements.map((_, i) => sql.raw(`select scope from c${i}`)),
      sql` union all `,
    );
    const statement = sql`with ${sql.join(ctes, sql`, `)} ${union}`;
    const result = await retryOnConflict(() => this.db.execute(statement));
    return new Set(rowsOf(result).map((row) => String(row.scope)));
  }

  private claimStatement(k: ThrottleKey, now: Date, force: boolean): SQL {
    const p = k.policy;
    const nowSql = sql`excluded.last_failure_at`;
    const anchor =
      p.windowFrom === 'first' ? sql`t.window_start` : sql`coalesce(t.last_failure_at, t.window_start)`;
    const notBlocked = sql`(t.blocked_until is null or t.blocked_until <= ${nowSql})`;
    const restart = sql`(${anchor} <= ${nowSql} - ${ms(p.windowMs)} * interval '1 millisecond' and ${notBlocked})`;
    const count = sql`(case when ${restart} then 1 else t.failures + 1 end)`;
    const block = sql`${nowSql} + least(${ms(p.maxDelayMs)}, ${ms(p.delayMs)} * power(2, least(${count} - ${ms(p.max)}, 40))) * interval '1 millisecond'`;
    const firstBlock = 1 >= p.max ? new Date(now.getTime() + Math.min(p.delayMs, p.maxDelayMs)) : null;
    const expires = new Date(now.getTime() + Math.max(p.windowMs, p.maxDelayMs));
    return sql`insert into ${authThrottle} as t (scope, key, failures, window_start, last_failure_at, blocked_until, expires_at)
      values (${k.scope}, ${k.key}, 1, ${at(now)}, ${at(now)}, ${firstBlock ? at(firstBlock) : null}, ${at(expires)})
      on conflict (scope, key) do update set
        failures = ${count},
        window_start = case when ${restart} then excluded.window_start else t.window_start end,
        last_failure_at = excluded.last_failure_at,
        blocked_until = case when ${count} >= ${ms(p.max)} then ${block} when ${restart} then null else t.blocked_until end,
        expires_at = greatest(t.expires_at, excluded.expires_at, case when ${count} >= ${ms(p.max)} then ${block} end)
      ${force ? sql`` : sql`where ${notBlocked}`}`;
  }

  /** Undoes a claim: the attempt was not a failure after all (one statement). */
  async unclaim(keys: readonly ThrottleKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.execute(keys.map((k) => this.unclaimStatement(k)));
  }

  private unclaimStatement(k: ThrottleKey): SQL {
    return sql`update ${authThrottle} set
        failures = greatest(failures - 1, 0),
        blocked_until = case when failures - 1 < ${ms(k.policy.max)} then null else blocked_until end
      where scope = ${k.scope} and key = ${k.key}`;
  }

  /**
   * A successful sign-in: clears `trusted`'s failures and trusts it for `trustMs`, and undoes the
   * claims on `others` (one statement).
   */
  async succeed(trusted: ThrottleKey, trustMs: number, others: readonly ThrottleKey[]): Promise<void> {
    const now = this.now();
    const until = new Date(now.getTime() + trustMs);
    const trust = sql`insert into ${authThrottle} as t (scope, key, failures, window_start, trusted_until, expires_at)
      values (${trusted.scope}, ${trusted.key}, 0, ${at(now)}, ${at(until)}, ${at(until)})
      on conflict (scope, key) do update set
        failures = 0, window_start = excluded.window_start, last_failure_at = null, blocked_until = null,
        trusted_until = excluded.trusted_until, expires_at = greatest(t.expires_at, excluded.expires_at)`;
    await this.execute([trust, ...others.map((k) => this.unclaimStatement(k))]);
  }

  /** Forgets a key (a right password on the password-change route). */
  async clear(k: ThrottleKey): Promise<void> {
    await this.db
      .delete(authThrottle)
      .where(and(eq(authThrottle.scope, k.scope), eq(authThrottle.key, k.key)));
  }

  /** Runs data-modifying statements as one (`with s0 as (…), s1 as (…) <last>`). */
  private async execute(statements: SQL[]): Promise<void> {
    const last = statements.at(-1);
    if (!last) return;
    const ctes = statements.slice(0, -1).map((statement, i) => sql`${sql.raw(`s${i}`)} as (${statement})`);
    const statement = ctes.length === 0 ? last : sql`with ${sql.join(ctes, sql`, `)} ${last}`;
    await retryOnConflict(() => this.db.execute(statement));
  }

  /** Deletes rows past their expiry, at most every PRUNE_INTERVAL_MS in this process (indexed). */
  async prune(force = false): Promise<void> {
    const now = this.now();
    if (!force && now.getTime() - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now.getTime();
    await this.db.delete(authThrottle).where(lt(authThrottle.expiresAt, now));
  }
}

/** The sign-in throttle: (account, source) hard limit, per-source hard limit, per-account growing delay. */
export class LoginThrottle {
  private readonly store: ThrottleStore;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.store = new ThrottleStore(db, now);
  }

  private keys(email: string, ip: string) {
    const source = sourceOf(ip);
    return {
      pair: { scope: THROTTLE_SCOPE.pair, key: digest(email, source), policy: LOGIN_LIMITS.perAccountAndIp },
      account: { scope: THROTTLE_SCOPE.account, key: digest(email), policy: LOGIN_LIMITS.perAccount },
      source: { scope: THROTTLE_SCOPE.source, key: digest(source), policy: LOGIN_LIMITS.perIp },
    } satisfies Record<string, ThrottleKey>;
  }

  /**
   * Admits one sign-in attempt: returns 0 and counts it as a failure in advance, or returns the
   * seconds to wait (nothing counted). Call `succeeded` if the password was right.
   */
  async admit(email: string, ip: string): Promise<number> {
    const keys = this.keys(email, ip);
    const rows = await this.store.read([keys.pair, keys.account, keys.source]);
    const now = this.now();
    const pair = rows.get(keys.pair.scope);
    const trusted = Boolean(pair?.trustedUntil && pair.trustedUntil > now);
    const wait = Math.max(
      retryAfterSeconds(pair, now),
      retryAfterSeconds(rows.get(keys.source.scope), now),
      trusted ? 0 : retryAfterSeconds(rows.get(keys.account.scope), now),
    );
    if (wait > 0) return wait;

    const wanted = [keys.pair, { ...keys.account, force: trusted }, keys.source];
    const claimed = await this.store.claim(wanted);
    if (claimed.size === wanted.length) return 0;
    // Another attempt blocked one of the keys meanwhile: undo ours and answer like a blocked key.
    await this.store.unclaim(wanted.filter((k) => claimed.has(k.scope)));
    const after = await this.store.read(wanted.filter((k) => !claimed.has(k.scope)));
    return Math.max(1, ...[...after.values()].map((row) => retryAfterSeconds(row, this.now())));
  }

  /**
   * Neither a failure nor a success: the attempt's claims are undone, nothing is cleared or trusted
   * (a right password without its second factor, ADR 028: the code step is throttled, not this one).
   */
  async forgive(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.store.unclaim([keys.pair, keys.account, keys.source]);
  }

  /** The password was right: the pair's failures are cleared (and it is trusted), the others' claims undone. */
  async succeeded(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.store.succeed(keys.pair, LOGIN_LIMITS.trustedSourceMs, [keys.account, keys.source]);
  }
}

/** Wrong current passwords on the password-change route, per user. */
export class PasswordThrottle {
  private readonly store: ThrottleStore;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.store = new ThrottleStore(db, now);
  }

  private key(userId: string): ThrottleKey {
    return { scope: THROTTLE_SCOPE.password, key: digest(userId), policy: PASSWORD_CHANGE_LIMIT };
  }

  /** Returns 0 and counts the attempt as a failure in advance, or the seconds to wait. */
  async admit(userId: string): Promise<number> {
    const key = this.key(userId);
    const claimed = await this.store.claim([key]);
    if (claimed.has(key.scope)) return 0;
    const rows = await this.store.read([key]);
    return Math.max(1, retryAfterSeconds(rows.get(key.scope), this.now()));
  }

  async succeeded(userId: string): Promise<void> {
    await this.store.clear(this.key(userId));
  }
}
