/**
 * Prepared statements built on first use and kept, one per key (ADR 017): a scope kind, or a list's
 * filter shape (which filters are present; their values are parameters). The keys come from a small
 * fixed set — never from request values — so the map stays small.
 */
export class Statements<K, T> {
  private readonly built = new Map<K, T>();

  constructor(private readonly build: (key: K) => T) {}

  get(key: K): T {
    let statement = this.built.get(key);
    if (statement === undefined) {
      statement = this.build(key);
      this.built.set(key, statement);
    }
    return statement;
  }
}
