import { createHash } from 'node:crypto';
import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The key of a prepared statement: its family (the query, e.g. `devices_list`) and, for a family with several
 * texts, the shape that picks the text — a scope kind, or which filters a list has (their values are
 * parameters). A shape that is a record names its values in its keys' order:
 * `devices_list:kind=owner,room=any,type=false`. Keys come from a small fixed set, never from request
 * values, so keys (and the caches below) stay few.
 */
export function statementKey(family: string, shape?: unknown): string {
  if (shape === undefined) return family;
  if (shape === null || typeof shape !== 'object') return `${family}:${String(shape)}`;
  const parts = Object.entries(shape).map(([key, value]) => `${key}=${String(value)}`);
  return `${family}:${parts.join(',')}`;
}

/**
 * The name a statement is prepared under: its key (`statementKey`), or, past what PostgreSQL keeps, its key
 * cut and ended with a digest of the whole (`kept`). node-postgres prepares each name once per connection.
 */
export function statementName(family: string, shape?: unknown): string {
  return kept(statementKey(family, shape));
}

/** The bytes of a name PostgreSQL keeps (NAMEDATALEN - 1); it cuts a longer statement name silently. */
const MAX_NAME_BYTES = 63;
const DIGEST_LENGTH = 16;

/**
 * A name PostgreSQL keeps whole: a longer one is cut and ends in a digest of the whole name, so two long
 * names that share their first bytes (two shapes of one family) never become one statement on a connection.
 */
function kept(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const digest = createHash('sha256').update(name).digest('base64url').slice(0, DIGEST_LENGTH);
  let prefix = name.slice(0, MAX_NAME_BYTES - DIGEST_LENGTH - 1);
  while (Buffer.byteLength(prefix) > MAX_NAME_BYTES - DIGEST_LENGTH - 1) prefix = prefix.slice(0, -1);
  return `${prefix}~${digest}`;
}

/**
 * Prepared statements of one family built on first use and kept (ADR 017, ADR 064): `get(shape)` builds
 * the statement for a shape once, handing `build` the name it must be prepared under — the name of the key
 * it is cached under (`statementKey(family, shape)`), so the two never disagree.
 * A family with one text is `Statements.one(family, (name) => ….prepare(name))`; a key that carries more
 * than its shape (a `Read`) says which part is the shape (`shapeOf`).
 */
export class Statements<K, T> {
  /** The one statement of a family without shapes, prepared under the family's name. */
  static one<T>(family: string, build: (name: string) => T): T {
    return new Statements(family, (_: void, name) => build(name)).get();
  }

  private readonly built = new Map<string, T>();

  constructor(
    private readonly family: string,
    private readonly build: (key: K, name: string) => T,
    private readonly shapeOf: (key: K) => unknown = (key) => key,
  ) {}

  get(key: K): T {
    const cacheKey = statementKey(this.family, this.shapeOf(key));
    let statement = this.built.get(cacheKey);
    if (statement === undefined) {
      statement = this.build(key, kept(cacheKey));
      this.built.set(cacheKey, statement);
    }
    return statement;
  }
}

/**
 * A placeholder for one column's value in a prepared statement's SET (or VALUES): encoded by that column at
 * execution (a Date, an array, a JSON value), as Drizzle encodes a value given in place — typed as the SQL it
 * is, where Drizzle's types take no bare placeholder for a column's value. As with any placeholder, its
 * value is encoded without Drizzle's null check: a column whose encoder does not take null gets a separate
 * statement shape instead (ADR 040).
 */
export function columnValue(column: Column, name: string): SQL {
  return sql`${sql.param(sql.placeholder(name), column)}`;
}
