/**
 * Prepared statements built on first use and kept, one per key (ADR 017): a scope kind, or a list's
 * filter shape (which filters are present; their values are parameters). A shape that is an object is
 * kept under its JSON (`keyOf`). The keys come from a small fixed set — never from request values — so
 * the map stays small.
 */
export class Statements<K, T> {
  private readonly built = new Map<string, T>();

  constructor(
    private readonly build: (key: K) => T,
    private readonly keyOf: (key: K) => string = (key) => JSON.stringify(key),
  ) {}

  get(key: K): T {
    const name = this.keyOf(key);
    let statement = this.built.get(name);
    if (statement === undefined) {
      statement = this.build(key);
      this.built.set(name, statement);
    }
    return statement;
  }
}
