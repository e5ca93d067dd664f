import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/**
 * THE way a statement carries rows as JSON (ADR 039, 043, 046, 064): a read that needs several lists (a
 * dashboard's recent installations, devices and customers) or a record beside its columns (a device's
 * latest update, a device's owner) asks for them inside ONE statement, so a request is one round trip.
 *
 * A shape is the same record of columns (and typed SQL) a Drizzle `select` takes. Its row travels as a
 * positional JSON array, `json_build_array(value, …)` in the shape's key order (half the bytes of an object
 * with keys, ADR 043). Each JSON value is a typed SQL decoded through its shape (`jsonList`, `jsonRecord`),
 * wherever it is selected — a top-level field of a Drizzle select, or a field of another shape — into the
 * rows `db.select(shape)` would have returned: each value through its column's `mapFromDriverValue`
 * (timestamps become Dates), nested records and lists through their shapes, any other SQL as PostgreSQL
 * wrote it. Nothing reads a JSON row by position or by key outside this file.
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

/**
 * A list of a shape's rows in one value: `array_to_json(array(<rows>))`, `rows` being a select of the
 * one column it is handed (the row as a tuple), ordered and paged as wanted. An ARRAY sub-select collects
 * its rows in the order the sub-select returns them (its ORDER BY), with no aggregate, window or sort of
 * its own (ADR 046). An empty list is `[]`.
 */
export function jsonList<S extends JsonShape>(
  shape: S,
  rows: (row: { r: SQL.Aliased<unknown> }) => SQLWrapper,
): SQL<JsonRow<S>[]> {
  const list = sql`array_to_json(array(${rows({ r: jsonTuple(shape).as('r') })}))`;
  return jsonValue(list, (value) => fromJsonList(shape, value));
}

/**
 * One row of a shape as a value, or null: the tuple itself (`jsonRecord(shape)`), or an expression around
 * it — a scalar sub-select of one row, a `case` that is null when a left join found nothing.
 */
export function jsonRecord<S extends JsonShape>(
  shape: S,
  around: (tuple: SQL) => SQL = (tuple) => tuple,
): SQL<JsonRow<S> | null> {
  return jsonValue(around(jsonTuple(shape)), (value) => (value == null ? null : fromJson(shape, value)));
}

/** The decoders of the JSON values `jsonList` and `jsonRecord` made, for when they are a shape's fields. */
const jsonDecoders = new WeakMap<SQL, (value: unknown) => unknown>();

/**
 * A JSON value decoded by `decode`: as a select's field (Drizzle's `mapWith`) and as a shape's field. The SQL
 * is nested in one of its own, so that a single-table select, which writes its fields' own columns
 * unqualified, leaves the sub-select's columns qualified.
 */
function jsonValue<T>(value: SQL, decode: (value: unknown) => T): SQL<T> {
  const field = sql`${value}`.mapWith(decode);
  jsonDecoders.set(field, decode);
  return field;
}

/** Builds a shape's row from the values of its JSON array. */
type RowDecoder = (values: readonly unknown[]) => Record<string, unknown>;
const rowDecoders = new WeakMap<JsonShape, RowDecoder>();
/** Drizzle's own `mapFromDriverValue`, which returns the value as it is (text, uuid, boolean, enum…). */
const passThrough = (Column.prototype as Column).mapFromDriverValue;

/** How one field's JSON value becomes the row's value; null when it is kept as it is. */
function fieldDecoder(field: JsonShape[string]): ((raw: unknown) => unknown) | null {
  if (is(field, Column)) {
    return field.mapFromDriverValue === passThrough ? null : (value) => field.mapFromDriverValue(value);
  }
  // A JSON list or record nested in the row; any other SQL is kept as PostgreSQL wrote it in JSON.
  if (is(field, SQL)) return jsonDecoders.get(field) ?? null;
  if (is(field, SQL.Aliased)) return jsonDecoders.get(field.sql) ?? null;
  return (value) => fromJson(field, value);
}

/**
 * A shape's decoder, made once per shape (lists decode many rows). Every row starts as a copy of one
 * template object with the shape's keys, so all rows of a shape share one hidden class and stay fast-mode
 * objects in V8 (a row built key by key from `{}` turns into a dictionary past a dozen keys, and every later
 * read of it is a hash lookup); the values are then written in place. A field's decoder is called only
 * when it has one; null stays null.
 */
function rowDecoder(shape: JsonShape): RowDecoder {
  let decoder = rowDecoders.get(shape);
  if (decoder === undefined) {
    const fields = Object.entries(shape).map(([key, field]) => {
      if (key === '__proto__') throw new Error('a JSON shape may not have a __proto__ key');
      return { key, decode: fieldDecoder(field) };
    });
    // JSON.parse builds a fast-mode object, whatever the number of keys; spreading it copies that layout.
    const template = JSON.parse(
      JSON.stringify(Object.fromEntries(fields.map(({ key }) => [key, null]))),
    ) as Record<string, unknown>;
    decoder = (values) => {
      const row = { ...template };
      for (let i = 0; i < fields.length; i += 1) {
        const { key, decode } = fields[i]!;
        const raw = values[i];
        row[key] = raw == null ? null : decode === null ? raw : decode(raw);
      }
      return row;
    };
    rowDecoders.set(shape, decoder);
  }
  return decoder;
}

/** The row of a shape from its JSON array (as the driver parsed it, or as text). */
export function fromJson<T extends JsonShape>(shape: T, value: unknown): JsonRow<T> {
  const values = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
  return rowDecoder(shape)(values) as JsonRow<T>;
}

/** The rows of a list of a shape's JSON arrays; null is no rows. */
function fromJsonList<T extends JsonShape>(shape: T, value: unknown): JsonRow<T>[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
  return list.map((item) => fromJson(shape, item));
}
