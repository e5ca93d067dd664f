import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * Rows carried as JSON inside ONE statement (ADR 039): a read that needs several lists (a dashboard's
 * recent installations, devices and customers) asks for them as `json_agg` sub-selects of one statement
 * instead of one statement each, so a request is one round trip to PostgreSQL (on this machine each
 * round trip's socket writes cost more than the queries themselves).
 *
 * A shape is the same record of columns (and typed SQL) a Drizzle `select` takes. `jsonTuple(shape)`
 * builds `json_build_array(column, …)` from it — the values in the shape's key order, without the keys
 * (half the bytes of an object for PostgreSQL to build and send and for the API to parse, ADR 043) —
 * and `fromJson(shape, value)` turns that array back into the row
 * `db.select(shape)` would have returned, each value through its column's `mapFromDriverValue`
 * (timestamps become Dates, arrays and JSON stay as they are), as Drizzle's own relational queries decode
 * their JSON. Nested records are nested arrays; a typed SQL field is passed through as PostgreSQL wrote it.
 */
export type JsonShape = { [key: string]: Column | SQL | SQL.Aliased | JsonShape };
export type JsonRow<T extends JsonShape> = SelectResultFields<T>;

/** `json_build_array(value, …)` of a shape, in its keys' order (nested records nest). */
export function jsonTuple(shape: JsonShape): SQL {
  const values = Object.values(shape).map((field) =>
    is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) ? field : jsonTuple(field),
  );
  return sql`json_build_array(${sql.join(values, sql`, `)})`;
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

/** The row of a shape from the array `jsonTuple(shape)` produced (as node-postgres parsed it). */
export function fromJson<T extends JsonShape>(shape: T, value: unknown): JsonRow<T> {
  const values = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
  const row: Record<string, unknown> = {};
  const keyed = decoders(shape);
  for (let i = 0; i < keyed.length; i += 1) {
    const [key, decode] = keyed[i] as Decoders[number];
    row[key] = decode(values[i] ?? null);
  }
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
    r: jsonTuple(shape).as('r'),
    n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
  };
}

/** The rows of a `json_agg` of `jsonTuple(shape)` (null when the sub-select found none). */
export function fromJsonList<T extends JsonShape>(shape: T, value: unknown): JsonRow<T>[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
  return list.map((item) => fromJson(shape, item));
}
