import type { SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { statementKey } from './statements.ts';

/** The fields of a read: sub-selects with placeholders (JSON lists and records, counts…). */
export type ReadFields = Record<string, SQL | SQL.Aliased>;
export type ReadRow<F extends ReadFields> = SelectResultFields<F>;

/**
 * A read as data (ADR 064): what ONE statement selects, its parameters, and how its row becomes the
 * answer. A service describes it; the route runs it (`readAsCaller`, plugins/auth.ts), which adds the
 * caller's session to the same statement (ADR 041), prepares it once per `key`, checks the session and
 * only then decodes — so a service knows nothing of sessions, and a request is one round trip.
 */
export interface Read<T, F extends ReadFields = ReadFields> {
  /** The statement's key, which also names it: one per SQL text (`statementKey(family, shape)`). */
  readonly key: string;
  /** The selected fields, built on the name's first use only. */
  fields(): F;
  /** The placeholders' values. */
  readonly values: Record<string, unknown>;
  /** The answer from the selected row (it may read more, e.g. count a page past the end). */
  decode(row: ReadRow<F>): T | Promise<T>;
}

/**
 * A read of the statement family `family` in the shape `shape` (a scope kind, which filters a list has):
 * its one key `statementKey(family, shape)` caches and names its statement.
 */
export function readOf<F extends ReadFields, T>(
  family: string,
  shape: unknown,
  read: {
    fields: () => F;
    values: Record<string, unknown>;
    decode: (row: ReadRow<F>) => T | Promise<T>;
  },
): Read<T, F> {
  return { key: statementKey(family, shape), ...read };
}

/** A read whose answer is `present` of `read`'s answer: the same statement, another presentation. */
export function mapRead<T, U>(read: Read<T>, present: (answer: T) => U): Read<U> {
  return {
    key: read.key,
    fields: () => read.fields(),
    values: read.values,
    decode: async (row) => present(await read.decode(row)),
  };
}
