import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** The connection a Drizzle session sends its queries on: the pool, PGlite, or a transaction's connection. */
type SessionClient = { query: (...args: never[]) => unknown };

function clientOf(executor: Db | Tx): SessionClient {
  const client = (executor._.session as unknown as { client?: SessionClient }).client;
  if (typeof client?.query !== 'function') {
    throw new Error('drizzle-orm: a session no longer exposes its client (see db/reusable.ts, ADR 040)');
  }
  return client;
}

/**
 * A statement built once — SQL text, parameters, result fields — and run on the pool or on any
 * transaction's connection (ADR 040). Drizzle's `prepare()` binds a statement to the session it was built
 * on (the pool's), so inside a transaction every query used to be built again on each call: a device
 * command's three statements cost ~1/3 of the API's CPU per command that way. Here the statement is
 * prepared once on the pool and, for a transaction, run through a view of it whose client is the
 * transaction's connection (the same `execute`: placeholders filled with each column's encoder, rows
 * mapped to the same shape). With node-postgres a named statement is also parsed and planned once per
 * connection. Values go in as `sql.placeholder(name)`; a placeholder of a nullable column whose encoder
 * does not take null (timestamps, arrays, JSON) must be a separate statement shape instead (Drizzle
 * encodes a placeholder's value without its null check).
 */
export class Reusable<T extends PreparedQueryConfig> {
  private readonly pool: SessionClient;

  constructor(private readonly prepared: PgPreparedQuery<T>) {
    const own = (prepared as unknown as { client?: SessionClient }).client;
    if (typeof own?.query !== 'function') {
      throw new Error(
        'drizzle-orm: a prepared query no longer keeps its client (see db/reusable.ts, ADR 040)',
      );
    }
    this.pool = own;
  }

  /** Runs the statement on `executor`'s connection: the pool (`db`) or a transaction (`tx`). */
  execute(executor: Db | Tx, values: Record<string, unknown> = {}): Promise<T['execute']> {
    const client = clientOf(executor);
    if (client === this.pool) return this.prepared.execute(values);
    const bound = Object.create(this.prepared, { client: { value: client } }) as PgPreparedQuery<T>;
    return bound.execute(values);
  }
}
