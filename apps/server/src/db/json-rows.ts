import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * Rows carried as JSON inside ONE statement (ADR 039): a read that needs several lists (a dashboard's
 * recent installations, devices and customers) asks for them as `json_agg` sub-selects of one statement
 * instead of one statement each, so a request is one round trip to PostgreSQL (on this machine each
 * round trip's socket writes cost more than the queries themselves).
 *
 * A shape is the same record of columns (and typed SQL) a Drizzle `select` takes. `jsonObject(shape)`
 * builds `json_build_object('key', column, …)` from it, and `fromJson(shape, value)` turns that object
 * back into the row `db.select(shape)` would have returned, each value through its column's
 * `mapFromDriverValue` (timestamps become Dates, arrays and JSON stay as they are), as Drizzle's own
 * relational queries decode their JSON. Nested records are nested objects.
 */
export type JsonShape = { [key: string]: Column | SQL | SQL.Aliased | JsonShape };
export type JsonRow<T extends JsonShape> = SelectResultFields<T>;

/** `json_build_object('key', value, …)` of a shape (nested records nest). */
export function jsonObject(shape: JsonShape): SQL {
  const pairs = Object.entries(shape).map(([key, field]) => {
    const value = is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) ? field : jsonObject(field);
    return sql`${sql.raw(`'${key.replaceAll("'", "''")}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** How each key of a shape is decoded from JSON (built once per shape: lists decode many rows). */
type Decoders = [key: string, decode: (raw: unknown) => unknown][];
const decodersOf = new WeakMap<JsonShape, Decoders>();

function decoders(shape: JsonShape): Decoders {
  let built = decodersOf.get(shape);
  if (built === undefined) {
    built = Object.entries(shape).map(([key, field]): Decoders[number] => {
      if (is(field, Column)) return [key, (raw) => (raw === null ? null : field.mapFromDriverValue(raw))];
      if (is(field, SQL) || is(field, SQL.Aliased)) return [key, (raw) => raw];
      return [key, (raw) => (raw === null ? null : fromJson(field, raw))];
    });
    decodersOf.set(shape, built);
  }
  return built;
}

/** The row of a shape from the object `jsonObject(shape)` produced (as node-postgres parsed it). */
export function fromJson<T extends JsonShape>(shape: T, value: unknown): JsonRow<T> {
  const object = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, decode] of decoders(shape)) row[key] = decode(object[key] ?? null);
  return row as JsonRow<T>;
}

/**
 * A list of rows in one value: `(select json_agg(r order by n) from (<rows>) t)`, for `rows` a select of
 * `jsonListRow(shape, order)` ordered and paged as wanted — the aggregate keeps the page's order.
 */
export function jsonList(rows: SQLWrapper): SQL<unknown> {
  return sql`(select json_agg(t.r order by t.n) from (${rows}) t)`;
}

/** The columns of a `jsonList` sub-select: the row as `r`, its position in `order` as `n`. */
export function jsonListRow(shape: JsonShape, order: (SQL | Column)[]) {
  return {
    r: jsonObject(shape).as('r'),
    n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
  };
}

/** The rows of a `json_agg` of `jsonObject(shape)` (null when the sub-select found none). */
export function fromJsonList<T extends JsonShape>(shape: T, value: unknown): JsonRow<T>[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
  return list.map((item) => fromJson(shape, item));
}
