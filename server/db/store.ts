import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type Insertable,
  type Selectable,
} from "kysely";
import { migrations } from "./migration-list";
import type { DB } from "./schema";

export type Param = string | number | bigint | Buffer | null;
export type Dialect = "sqlite" | "postgres";
export interface Compiled {
  sql: string;
  params: Param[];
}

/**
 * The database, behind one asynchronous interface for SQLite (embedded default: `npm start`, the tests)
 * and PostgreSQL (production, `DATABASE_URL=postgres://…`). Kysely builds the SQL (typed, compiled for the
 * store's dialect); the store runs it. `tx(fn)` runs `fn` in a transaction: every query `fn` makes, however
 * deep, goes to that transaction (AsyncLocalStorage), and the transaction hook (the idempotency middleware's
 * claim of the request's key) runs inside it, so a change and the record that it was made commit together.
 */
export abstract class Store {
  abstract readonly dialect: Dialect;
  abstract readonly qb: Kysely<DB>;

  /**
   * Called at the end of every transaction (see `tx`): the idempotency middleware's claim of the request's
   * key (one per app using this store; each acts only for its own requests).
   */
  readonly txHooks: (() => Promise<void>)[] = [];

  protected async runTxHooks(): Promise<void> {
    for (const hook of this.txHooks) await hook();
  }

  protected abstract exec(c: Compiled, mode: "rows" | "run" | "insert"): Promise<Result>;
  /**
   * Runs `fn` once the current transaction has committed (never if it rolls back), or at once outside one:
   * work that must only follow what was stored (waking the mail queue's worker, counting a queued message).
   */
  abstract afterCommit(fn: () => void): void;
  abstract tx<T>(fn: () => Promise<T>): Promise<T>;
  abstract migrate(): Promise<void>;
  /** A Kysely instance that runs its queries itself (migrations, schema changes). */
  abstract schemaDb(): Kysely<unknown>;
  abstract appliedMigrations(): Promise<string[]>;
  abstract close(): Promise<void>;
  /** After rows were inserted with explicit ids: the next generated id follows the largest one. */
  abstract afterBulkLoad(): Promise<void>;
  abstract analyze(): Promise<void>;

  /** The SQL and parameters of a query, to run later with `allCompiled` / `firstCompiled`. */
  compile(q: Compilable<unknown>): Compiled {
    const c = q.compile();
    return {
      sql: c.sql,
      params: c.parameters.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : (p as Param))),
    };
  }

  async allCompiled<T>(c: Compiled): Promise<T[]> {
    return (await this.exec(c, "rows")).rows as T[];
  }

  async firstCompiled<T>(c: Compiled): Promise<T | undefined> {
    return (await this.exec(c, "rows")).rows[0] as T | undefined;
  }

  /**
   * A query of a fixed shape, built and compiled once: `build` is called with markers in place of its
   * arguments, and each call of the answer runs that SQL with its arguments where the markers were (building
   * and compiling a query with Kysely costs more than SQLite takes to run a small one). Should a marker not
   * come out as exactly one parameter (a value written into the SQL text), every call builds and compiles.
   */
  prepared<A extends Param[], T>(build: (...args: A) => Compilable<T>): (...args: A) => Promise<T[]> {
    let shape: { sql: string; params: Param[]; at: number[] } | null | undefined;
    return async (...args) => {
      if (shape === undefined) {
        const markers = args.map((_, i) => `\u0000argument ${i}\u0000`);
        const compiled = this.compile(build(...(markers as A)));
        const at = markers.map((m) => compiled.params.indexOf(m));
        const once = markers.every((m, i) => at[i]! >= 0 && compiled.params.lastIndexOf(m) === at[i]);
        shape = once ? { ...compiled, at } : null;
      }
      if (!shape) return await this.all(build(...args));
      const params = shape.params.slice();
      shape.at.forEach((p, i) => (params[p] = args[i]!));
      return await this.allCompiled<T>({ sql: shape.sql, params });
    };
  }

  all<T>(q: Compilable<T>): Promise<T[]> {
    return this.allCompiled<T>(this.compile(q));
  }

  first<T>(q: Compilable<T>): Promise<T | undefined> {
    return this.firstCompiled<T>(this.compile(q));
  }

  async run(q: Compilable<unknown>): Promise<{ changes: number }> {
    const r = await this.exec(this.compile(q), "run");
    return { changes: r.changes };
  }

  /** Compiled inserts by table, columns and row count (`insertRows`); null: that shape is built every time. */
  private readonly insertShapes = new Map<string, string | null>();

  /**
   * `insertInto(table).values(rows).returningAll()`, built and compiled once per table, columns and number of
   * rows (`prepared` for inserts): the rows' values, in column order, are the statement's parameters. The
   * first compilation checks that they are; a shape whose parameters are not exactly its values (a value
   * written into the SQL) is built and compiled every time. Answers the rows as stored (none with
   * `returning: false`).
   */
  async insertRows<T extends keyof DB & string>(
    table: T,
    rows: Insertable<DB[T]>[],
    returning = true,
  ): Promise<Selectable<DB[T]>[]> {
    if (!rows.length) return [];
    const columns = Object.keys(rows[0]!) as (keyof Insertable<DB[T]> & string)[];
    const names = columns.join(",");
    const values = rows.flatMap((r) =>
      columns.map((c) => {
        const v = r[c] as unknown;
        return typeof v === "boolean" ? (v ? 1 : 0) : (v as Param);
      }),
    );
    const key = `${table}\n${names}\n${rows.length}\n${returning}`;
    const build = () => {
      const q = this.qb.insertInto(table).values(rows as never);
      return this.compile(returning ? q.returningAll() : q);
    };
    const plain =
      rows.every((r) => Object.keys(r).join(",") === names) &&
      values.every((v) => typeof v !== "object" || v === null || Buffer.isBuffer(v));
    const text = this.insertShapes.get(key);
    if (!plain || text === null) return await this.allCompiled(build());
    if (text === undefined) {
      const c = build();
      const same = c.params.length === values.length && c.params.every((p, i) => p === values[i]);
      this.insertShapes.set(key, same ? c.sql : null);
      return await this.allCompiled(c);
    }
    return await this.allCompiled({ sql: text, params: values });
  }

  /** An insert; answers the new row's id. */
  async insert(q: Compilable<unknown>): Promise<number> {
    return (await this.exec(this.compile(q), "insert")).insertId;
  }

  /**
   * Plain SQL with `?` placeholders (tests and maintenance only; routes build their queries with `qb`).
   * Rows for a query that returns rows, else an empty list.
   */
  async raw<T = Record<string, unknown>>(text: string, params: Param[] = []): Promise<T[]> {
    return (await this.exec({ sql: this.placeholders(text), params }, "rows")).rows as T[];
  }

  /** Plain SQL with `?` placeholders that changes rows; answers how many. */
  async rawRun(text: string, params: Param[] = []): Promise<{ changes: number }> {
    return { changes: (await this.exec({ sql: this.placeholders(text), params }, "run")).changes };
  }

  /** `?` placeholders as the dialect writes them (`$1, $2, …` on PostgreSQL). */
  private placeholders(text: string): string {
    if (this.dialect !== "postgres") return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  }

  /** The database answers (for /readyz). */
  async ping(): Promise<void> {
    await this.raw("select 1");
  }

  /** The migrations this build knows that the database has not applied (empty when it is up to date). */
  async pendingMigrations(): Promise<string[]> {
    const applied = new Set(await this.appliedMigrations());
    return Object.keys(migrations).filter((name) => !applied.has(name));
  }

  /** `like` that ignores case on both databases (SQLite's `like` does for ASCII; PostgreSQL needs `ilike`). */
  get likeOperator(): "like" | "ilike" {
    return this.dialect === "postgres" ? "ilike" : "like";
  }
}

export interface Result {
  rows: unknown[];
  changes: number;
  insertId: number;
}

/** A Kysely instance that only builds and compiles queries for the dialect (the store runs them). */
export function kysely(dialect: Dialect): Kysely<DB> {
  // Only builds and compiles: the store runs the SQL itself.
  return new Kysely<DB>({
    dialect:
      dialect === "sqlite"
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
}

/** A unique constraint refused a write (PostgreSQL 23505; SQLite's UNIQUE or PRIMARY KEY constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * A value the database cannot take (PostgreSQL's class 22, data exceptions: a number out of range, a NUL or an
 * invalid byte in text, a malformed number): the request's fault, not the server's.
 */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}
