/**
 * Which statements a PostgreSQL store runs as named, server-side prepared statements (decision 061).
 *
 * An unnamed statement is parsed, analysed and planned by PostgreSQL every time it runs; a named one is
 * parsed once per connection and its plan kept (PostgreSQL chooses between a plan per set of values and one
 * generic plan: `plan_cache_mode`). For the shop's short statements that work was about a third of the
 * database's CPU.
 *
 * - A statement gets a name the second time its text is seen, so a text seen once (an id list of an unusual
 *   length) never takes one of the `max` names; past `max`, new texts run unnamed.
 * - A prepared statement's result columns are fixed when it is prepared: a migration that changes them while
 *   this instance runs (a rolling deploy adding a column to a table read with `select *`) makes PostgreSQL
 *   refuse it ("cached plan must not change result type"). `reset` then gives every text a new name, so each
 *   is prepared again against the new tables.
 * - `max` 0 names nothing: behind a pooler that does not keep prepared statements per client (PgBouncer in
 *   transaction mode before 1.21), set `PG_PREPARED_STATEMENTS=0`.
 */
export class StatementNames {
  private names = new Map<string, string>();
  private readonly seen = new Set<string>();
  /** bumped by `reset`: names of an older generation are never used again */
  private generation = 0;

  constructor(private readonly max: number) {}

  /** The name to run `sql` under, or undefined: unnamed. */
  name(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= this.max) return known;
    if (!this.seen.has(sql)) {
      // Texts seen once are forgotten in bulk: a flood of one-off shapes cannot grow this set for ever.
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.add(sql);
      return undefined;
    }
    this.seen.delete(sql);
    const name = `shop_${this.generation}_${this.names.size}`;
    this.names.set(sql, name);
    return name;
  }

  /** Every statement is prepared again, under a new name, the next time it runs twice. */
  reset(): void {
    this.generation++;
    this.names = new Map();
  }

  /** How many statements have a name (read by tests). */
  get size(): number {
    return this.names.size;
  }
}

/** Texts seen once, remembered until this many. */
const SEEN_MAX = 10_000;

/** The error PostgreSQL answers when a prepared statement's result would change shape. */
export function isResultTypeChange(e: unknown): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    (e as { code?: unknown }).code === "0A000" &&
    /cached plan must not change result type/.test(String((e as { message?: unknown }).message))
  );
}
