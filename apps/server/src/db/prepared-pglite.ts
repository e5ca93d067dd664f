import { parse, PGlite, protocol, type QueryOptions, type Results, type Row } from '@electric-sql/pglite';

/** Distinct statement texts kept prepared; the app sends a few dozen, any further go the plain way. */
export const MAX_PREPARED_STATEMENTS = 256;

const { serialize, messages: msg } = protocol;
const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);
/** Commands whose tag's count is rows written (PGlite's `affectedRows`). */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PostgreSQL's "cached plan must not change result type" (a table changed under a prepared statement). */
function isPlanChanged(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '0A000' &&
    error.message.startsWith('cached plan must not change result type')
  );
}

interface Prepared {
  name: string;
  /** Parameter type OIDs, as the database inferred them: they pick each value's serializer. */
  paramTypes: number[];
  /** The result columns (none for a statement without rows), described once with the statement. */
  fields: { name: string; dataTypeID: number }[];
}

/**
 * PGlite whose `query` (the call Drizzle makes outside transactions) runs each distinct SQL text as a
 * named prepared statement (ADR 017). PGlite's own `query` makes six calls into the WASM backend
 * (Parse, Describe, Bind, Describe, Execute, Sync), parses and plans the text every time, and merges
 * its whole parser table with the caller's on every result (Drizzle always passes parsers). Here the text
 * is parsed and described once; an execution is one call (Bind, Execute, Sync), a fraction of the CPU
 * (ADR 017; figures in docs/benchmarks.md). Values are serialised and results parsed as PGlite does (its
 * serializers and parsers, the same `Results`); it holds the same locks as `query`, so no query runs
 * inside another's transaction. Transactions (`transaction()`), and queries with blobs or explicit
 * parameter types, keep PGlite's path.
 */
export class PreparedPGlite extends PGlite {
  readonly #prepared = new Map<string, Prepared>();
  #nextName = 1;

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (
      options?.blob !== undefined ||
      options?.paramTypes !== undefined ||
      (!this.#prepared.has(text) && this.#prepared.size >= MAX_PREPARED_STATEMENTS)
    ) {
      return super.query<T>(text, params, options);
    }
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const cached = this.#prepared.get(text);
        try {
          return await this.#execute<T>(cached ?? (await this.#prepare(text, options)), params, options);
        } catch (error) {
          // A schema change invalidated the cached statement's result type: the plan failed before
          // anything ran, so it is prepared again and run once more.
          if (!cached || !isPlanChanged(error)) throw error;
          this.#prepared.delete(text);
          return this.#execute<T>(await this.#prepare(text, options), params, options);
        }
      }),
    );
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `isaac_${this.#nextName++}`;
    const { messages } = await this.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { onNotice: options?.onNotice },
    );
    const description = messages.find(
      (m): m is InstanceType<typeof msg.RowDescriptionMessage> => m.name === 'rowDescription',
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: description?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
    };
    this.#prepared.set(text, prepared);
    return prepared;
  }

  async #execute<T>(
    statement: Prepared,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const values = params.map((value, i) => this.#serialize(value, statement.paramTypes[i], options));
    const { messages } = await this.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), EXECUTE_AND_SYNC]),
      { onNotice: options?.onNotice },
    );
    return this.#results<T>(statement.fields, messages, options);
  }

  /** As PGlite serialises a parameter: null as NULL, else the serializer of its type, else toString. */
  #serialize(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined ? undefined : (options?.serializers?.[type] ?? this.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  /**
   * The `Results` PGlite's `parse.parseResults` builds for one statement, with each column's parser
   * looked up once (the caller's, else PGlite's) instead of merging the two tables per call.
   */
  #results<T>(
    fields: Prepared['fields'],
    messages: { name: string }[],
    options: QueryOptions | undefined,
  ): Results<T> {
    const parsers = fields.map(
      ({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? this.parsers[dataTypeID],
    );
    const value = (raw: string | null, i: number): unknown => {
      if (raw === null) return null;
      const parser = parsers[i];
      return parser ? parser(raw, fields[i]?.dataTypeID ?? 0) : raw;
    };
    const rows: Row<T>[] = [];
    for (const message of messages) {
      if (message instanceof msg.DataRowMessage) {
        if (options?.rowMode === 'array') {
          rows.push(message.fields.map(value) as Row<T>);
        } else {
          const row: Record<string, unknown> = {};
          message.fields.forEach((raw, i) => {
            row[fields[i]?.name ?? String(i)] = value(raw, i);
          });
          rows.push(row as Row<T>);
        }
      } else if (message instanceof msg.CommandCompleteMessage) {
        const parts = message.text.split(' ');
        const command = parts[0] ?? '';
        const rowCount = Number.parseInt(parts[parts.length - 1] ?? '', 10);
        const result: Results<T> = {
          rows,
          fields,
          command,
          affectedRows: WRITES.has(command) ? rowCount : 0,
        };
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
        return result;
      }
    }
    return { rows: [], fields: [], affectedRows: 0 };
  }
}
