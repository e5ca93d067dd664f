import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * Rows carried as JSON inside ONE statement (ADR 039): a read that needs several lists (a dashboard's
 * recent installations, devices and customers) asks for them as ARRAY sub-selects of one statement (ADR 046)
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

/** Builds a shape's row from the values of its JSON array. */
type RowDecoder = (values: readonly unknown[]) => Record<string, unknown>;
const rowDecoders = new WeakMap<JsonShape, RowDecoder>();
/** Drizzle's own `mapFromDriverValue`, which returns the value as it is (text, uuid, boolean, enum…). */
const passThrough = (Column.prototype as Column).mapFromDriverValue;

/**
 * A shape's decoder, compiled once per shape (lists decode many rows): a function that returns the row as
 * one object literal, so every row of a shape has the same hidden class. (A row built key by key —
 * `row[key] = …` — becomes a dictionary-mode object past a dozen keys in V8, and every later read of it a
 * hash lookup: 17 µs to decode and 11 µs to present a page of five devices, against 7 and 9 µs.) A
 * column's `mapFromDriverValue` is called only when it has one of its own (timestamps, arrays, JSON…);
 * null stays null. Keys and code come from the shape (our schema), never from data.
 */
function rowDecoder(shape: JsonShape): RowDecoder {
  let decoder = rowDecoders.get(shape);
  if (decoder === undefined) {
    const decodes: ((raw: unknown) => unknown)[] = [];
    const properties = Object.entries(shape).map(([key, field], i) => {
      if (key === '__proto__') throw new Error('a JSON shape may not have a __proto__ key');
      const raw = `v[${i}]`;
      let decode: ((raw: unknown) => unknown) | null = null;
      if (is(field, Column)) {
        if (field.mapFromDriverValue !== passThrough) decode = (value) => field.mapFromDriverValue(value);
      } else if (!is(field, SQL) && !is(field, SQL.Aliased)) {
        decode = (value) => fromJson(field, value);
      }
      if (decode === null) return `${JSON.stringify(key)}: ${raw} ?? null`;
      decodes.push(decode);
      return `${JSON.stringify(key)}: ${raw} == null ? null : d[${decodes.length - 1}](${raw})`;
    });
    decoder = new Function('d', `return (v) => ({ ${properties.join(', ')} });`)(decodes) as RowDecoder;
    rowDecoders.set(shape, decoder);
  }
  return decoder;
}

/** The row of a shape from the array `jsonTuple(shape)` produced (as node-postgres parsed it). */
export function fromJson<T extends JsonShape>(shape: T, value: unknown): JsonRow<T> {
  const values = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
  return rowDecoder(shape)(values) as JsonRow<T>;
}

/**
 * A list of rows in one value: `array_to_json(array(<rows>))`, for `rows` a select of `jsonListRow(shape)`
 * ordered and paged as wanted. An ARRAY sub-select collects its rows in the order the sub-select returns
 * them (its ORDER BY), with no aggregate, no window and no sort of its own: for a page of five devices
 * it is three plan nodes (limit, window count, index scan) where `json_agg(r order by n)` over a
 * `row_number()` window was six, and executor set-up is a fifth of PostgreSQL's work per request (ADR 046).
 * An empty list is `[]`.
 */
export function jsonList(rows: SQLWrapper): SQL<unknown> {
  return sql`array_to_json(array(${rows}))`;
}

/** The one column of a `jsonList` sub-select: the row as a positional JSON array. */
export function jsonListRow(shape: JsonShape) {
  return { r: jsonTuple(shape).as('r') };
}

/** The rows of a `jsonList` (or a `json_agg`) of `jsonTuple(shape)`; null is no rows. */
export function fromJsonList<T extends JsonShape>(shape: T, value: unknown): JsonRow<T>[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
  return list.map((item) => fromJson(shape, item));
}
