/**
 * Which statements a PostgreSQL store runs as named, server-side prepared statements (decision 061).
 *
 * An unnamed statement is parsed, analysed and planned by PostgreSQL every time it runs; a named one is
 * parsed once per connection, and its plan kept (PostgreSQL's own choice between a plan per set of values and
 * one generic plan, `plan_cache_mode`). For the shop's short statements that work was about a third of the
 * database's CPU per checkout.
 *
 * - A statement gets a name the second time its text is seen: a text seen once (an id list of an unusual
 *   length) never takes one of the `max` names.
 * - A statement that returns a bare `*` (`select *`, `returning *`, `"t".*`) is never named: its result's
 *   columns are fixed when it is prepared, and a migration that adds a column while this instance runs (a
 *   rolling deploy) would make PostgreSQL refuse it ("cached plan must not change result type").
 * - Should PostgreSQL refuse a named statement all the same (a column's type changed under it), `refused`
 *   takes its name away, and it runs unnamed from then on.
 * - `max` 0 names nothing: behind a pooler that does not keep prepared statements per client (PgBouncer in
 *   transaction mode before 1.21), `PG_PREPARED_STATEMENTS=0`.
 */
export class StatementNames {
  private readonly names = new Map<string, string | null>();
  private readonly seen = new Set<string>();
  private named = 0;

  constructor(private readonly max: number) {}

  /** The name to run `sql` under, or undefined: unnamed. */
  name(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined) return known ?? undefined;
    if (this.named >= this.max || RETURNS_STAR.test(sql)) return undefined;
    if (!this.seen.has(sql)) {
      // Texts seen once are forgotten in bulk: a flood of one-off shapes cannot grow this set for ever.
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.add(sql);
      return undefined;
    }
    this.seen.delete(sql);
    const name = `shop_${this.named++}`;
    this.names.set(sql, name);
    return name;
  }

  /** PostgreSQL refused the prepared form of `sql`: it runs unnamed from now on. */
  refused(sql: string): void {
    if (this.names.get(sql)) this.names.set(sql, null);
  }

  /** How many statements have a name (read by tests). */
  get size(): number {
    return this.named;
  }
}

/** Texts seen once, remembered until this many. */
const SEEN_MAX = 10_000;

/** A `*` standing for columns: after select, returning or a comma, alone or qualified, followed by a separator. */
const RETURNS_STAR = /(?:^|[\s,])(?:"[^"]*"\.|\w+\.)?\*(?=[\s,]|$)/;

/** The error PostgreSQL answers when a prepared statement's result would change shape. */
export function isResultTypeChange(e: unknown): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    (e as { code?: unknown }).code === "0A000" &&
    /cached plan must not change result type/.test(String((e as { message?: unknown }).message))
  );
}
