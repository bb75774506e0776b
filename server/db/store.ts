import Database from "better-sqlite3";
import {
  DummyDriver,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type Migration,
} from "kysely";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import pg from "pg";
import * as initial from "./migrations/0001-initial";
import * as variantOrder from "./migrations/0002-variant-order-index";
import * as primaryCategory from "./migrations/0003-primary-category";
import * as phoneVerification from "./migrations/0004-phone-verification";
import * as idempotencyScope from "./migrations/0005-idempotency-scope";
import * as sharedState from "./migrations/0006-shared-state";
import * as flatCosts from "./migrations/0007-flat-costs";
import * as productViews from "./migrations/0008-product-views";
import * as foreignKeyIndexes from "./migrations/0009-foreign-key-indexes";
import * as addressCompany from "./migrations/0010-address-company";
import * as productViewGzip from "./migrations/0011-product-view-gzip";
import * as stockVersion from "./migrations/0012-stock-version";
import * as pendingReviews from "./migrations/0013-pending-reviews";
import * as stockNeverNegative from "./migrations/0014-stock-never-negative";
import * as stockWritesLockTheirRows from "./migrations/0015-stock-writes-lock-their-rows";
import * as mail from "./migrations/0016-mail";
import * as nameSearchIndex from "./migrations/0018-name-search-index";
import * as staffAndCounterImports from "./migrations/0019-staff-and-counter-imports";
import type { DB } from "./schema";

export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-variant-order-index": variantOrder,
  "0003-primary-category": primaryCategory,
  "0004-phone-verification": phoneVerification,
  "0005-idempotency-scope": idempotencyScope,
  "0006-shared-state": sharedState,
  "0007-flat-costs": flatCosts,
  "0008-product-views": productViews,
  "0009-foreign-key-indexes": foreignKeyIndexes,
  "0010-address-company": addressCompany,
  "0011-product-view-gzip": productViewGzip,
  "0012-stock-version": stockVersion,
  "0013-pending-reviews": pendingReviews,
  "0014-stock-never-negative": stockNeverNegative,
  "0015-stock-writes-lock-their-rows": stockWritesLockTheirRows,
  "0016-mail": mail,
  "0018-name-search-index": nameSearchIndex,
  "0019-staff-and-counter-imports": staffAndCounterImports,
};

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

interface Result {
  rows: unknown[];
  changes: number;
  insertId: number;
}

function kysely(dialect: Dialect): Kysely<DB> {
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

async function runMigrations(db: Kysely<unknown>): Promise<void> {
  // Migrations are independent of each other and named by number; parallel branches may land a lower number
  // after a higher one has been applied somewhere (a developer's or the sample shop's database), which Kysely
  // would otherwise refuse as "corrupted". Every pending one is applied, in name order.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * SQLite through better-sqlite3: one connection, statements prepared once and cached. Queries run
 * synchronously; while a transaction is open (it may await between its queries), queries from outside it
 * wait for it to end, so no request ever reads another's uncommitted changes.
 */
export class SqliteStore extends Store {
  readonly dialect = "sqlite" as const;
  readonly qb = kysely("sqlite");
  private readonly statements = new Map<string, Database.Statement>();
  private readonly inTx = new AsyncLocalStorage<object>();
  /** The open transaction's token, and a promise that settles when it ends; null when none is open. */
  private current: object | null = null;
  private open: Promise<void> | null = null;

  constructor(readonly sqlite: Database.Database) {
    super();
  }

  private prepare(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.sqlite.prepare(sql);
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private execNow(c: Compiled, mode: "rows" | "run" | "insert"): Result {
    const stmt = this.prepare(c.sql);
    if (stmt.reader) {
      const rows = stmt.all(...c.params);
      return { rows, changes: rows.length, insertId: 0 };
    }
    const r = stmt.run(...c.params);
    return { rows: [], changes: r.changes, insertId: mode === "insert" ? Number(r.lastInsertRowid) : 0 };
  }

  protected async exec(c: Compiled, mode: "rows" | "run" | "insert"): Promise<Result> {
    if (!this.current || this.inTx.getStore() !== this.current) while (this.open) await this.open;
    return this.execNow(c, mode);
  }

  async tx<T>(fn: () => Promise<T>): Promise<T> {
    // A transaction inside a transaction is part of it.
    if (this.current && this.inTx.getStore() === this.current) return fn();
    while (this.open) await this.open;
    let end!: () => void;
    const token = {};
    this.current = token;
    this.open = new Promise((resolve) => (end = resolve));
    try {
      this.sqlite.exec("begin immediate");
      try {
        const result = await this.inTx.run(token, async () => {
          const r = await fn();
          await this.runTxHooks();
          return r;
        });
        this.sqlite.exec("commit");
        return result;
      } catch (e) {
        if (this.sqlite.inTransaction) this.sqlite.exec("rollback");
        throw e;
      }
    } finally {
      this.current = null;
      this.open = null;
      end();
    }
  }

  schemaDb(): Kysely<unknown> {
    return new Kysely<unknown>({ dialect: new SqliteDialect({ database: this.sqlite }) });
  }

  async migrate(): Promise<void> {
    await runMigrations(this.schemaDb());
  }

  async appliedMigrations(): Promise<string[]> {
    const table = this.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get();
    if (!table) return [];
    return (this.sqlite.prepare("SELECT name FROM kysely_migration").all() as { name: string }[]).map(
      (r) => r.name,
    );
  }

  async afterBulkLoad(): Promise<void> {
    // SQLite's integer primary keys follow the largest rowid by themselves.
  }

  async analyze(): Promise<void> {
    this.sqlite.exec("ANALYZE");
  }

  async close(): Promise<void> {
    this.sqlite.close();
  }
}

/** SQLITE_MAX_MMAP_SIZE's default, the most `mmap_size` takes. */
const SQLITE_MAX_MMAP_BYTES = 0x7fff0000;

export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  if (file !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Reads through a memory map, not a system call per page outside SQLite's own cache, over the whole file
  // up to SQLite's built-in limit (≈ 2 GB; 256 MB before, which a 100k-product shop outgrows: its stored
  // product views lie past it). The mapped pages are the operating system's file cache, shared, not the
  // process's own memory. 100k products, 12 stored views read at random: 95-108 -> 57-65 µs of CPU.
  sqlite.pragma(`mmap_size = ${SQLITE_MAX_MMAP_BYTES}`);
  return sqlite;
}

// PostgreSQL answers bigint (count, sum of integers) and numeric as strings; every such value here is a
// count or an amount well inside a double's exact range.
const INT8 = 20;
const NUMERIC = 1700;
const parseNumber = (v: string) => Number(v);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC
      ? parseNumber
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PostgreSQL through a `pg` pool: a transaction holds one pooled client for every query it makes. */
export class PostgresStore extends Store {
  readonly dialect = "postgres" as const;
  readonly qb = kysely("postgres");
  readonly pool: pg.Pool;
  private readonly client = new AsyncLocalStorage<{ client: pg.PoolClient; open: boolean }>();

  /** One connection of its own for `/readyz` (`ping`), so a health check never queues behind shoppers. */
  private healthPool: pg.Pool | null = null;
  private readonly settings: Required<PostgresSettings>;

  constructor(
    readonly url: string,
    opts: PostgresSettings = {},
  ) {
    super();
    this.settings = { ...POSTGRES_DEFAULTS, ...opts };
    this.pool = this.newPool(this.settings.max);
  }

  private newPool(max: number, timeouts = true): pg.Pool {
    const s = this.settings;
    const pool = new pg.Pool({
      connectionString: this.url,
      max,
      idleTimeoutMillis: s.idleTimeoutMillis,
      connectionTimeoutMillis: s.connectionTimeoutMillis,
      // Server-side limits, set on each connection: a statement or a transaction left open cannot hold
      // locks and a connection for ever (0: no limit).
      statement_timeout: (timeouts && s.statementTimeoutMillis) || undefined,
      idle_in_transaction_session_timeout: (timeouts && s.idleInTransactionTimeoutMillis) || undefined,
      application_name: "bicycle-shop",
      types,
    });
    // An idle client that loses its connection must not take the process down.
    pool.on("error", () => {});
    return pool;
  }

  override async ping(): Promise<void> {
    this.healthPool ??= this.newPool(1);
    await this.healthPool.query("select 1");
  }

  override async pendingMigrations(): Promise<string[]> {
    this.healthPool ??= this.newPool(1);
    const exists = await this.healthPool.query<{ t: string | null }>(
      "select to_regclass('kysely_migration')::text as t",
    );
    const applied = new Set(
      exists.rows[0]?.t
        ? (await this.healthPool.query<{ name: string }>("select name from kysely_migration")).rows.map(
            (r) => r.name,
          )
        : [],
    );
    return Object.keys(migrations).filter((name) => !applied.has(name));
  }

  protected async exec(c: Compiled, mode: "rows" | "run" | "insert"): Promise<Result> {
    const sql = mode === "insert" ? `${c.sql} returning id` : c.sql;
    const tx = this.client.getStore();
    const runner = tx?.open ? tx.client : this.pool;
    const r = await runner.query({ text: sql, values: c.params });
    const rows = r.rows as Record<string, unknown>[];
    return {
      rows,
      changes: r.rowCount ?? rows.length,
      insertId: mode === "insert" ? Number(rows[0]?.id ?? 0) : 0,
    };
  }

  async tx<T>(fn: () => Promise<T>): Promise<T> {
    if (this.client.getStore()?.open) return fn();
    const client = await this.pool.connect();
    const tx = { client, open: true };
    let broken = false;
    // The server may end the session while it is ours (idle in transaction too long, a restart): the error
    // fails the statement in flight and the client is discarded, never an uncaught 'error' event.
    const onError = () => {
      broken = true;
    };
    client.on("error", onError);
    try {
      await client.query("begin");
      const result = await this.client.run(tx, async () => {
        const r = await fn();
        await this.runTxHooks();
        return r;
      });
      await client.query("commit");
      return result;
    } catch (e) {
      await client.query("rollback").catch(() => {
        broken = true;
      });
      throw e;
    } finally {
      tx.open = false;
      client.off("error", onError);
      client.release(broken);
    }
  }

  schemaDb(): Kysely<unknown> {
    return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: this.pool }) });
  }

  async migrate(): Promise<void> {
    // Its own connections, without the statement timeout: building an index on a large table, or waiting
    // for another instance's migration, may take longer than a shopper's statement may.
    const pool = this.newPool(2, false);
    const client = await pool.connect();
    try {
      // One instance at a time, whoever runs it: the others wait, then find nothing left to do.
      await client.query("select pg_advisory_lock(724120001)");
      try {
        await runMigrations(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }));
      } finally {
        await client.query("select pg_advisory_unlock(724120001)");
      }
    } finally {
      client.release();
      await pool.end();
    }
  }

  async appliedMigrations(): Promise<string[]> {
    const exists = await this.raw<{ t: string | null }>("select to_regclass('kysely_migration')::text as t");
    if (!exists[0]?.t) return [];
    return (await this.raw<{ name: string }>("select name from kysely_migration")).map((r) => r.name);
  }

  async afterBulkLoad(): Promise<void> {
    const tables = await this.raw<{ table_name: string }>(
      "select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'",
    );
    for (const { table_name: t } of tables) {
      await this.raw(
        `select setval(pg_get_serial_sequence('"${t}"', 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false)`,
      );
    }
  }

  async analyze(): Promise<void> {
    await this.raw("analyze");
  }

  async close(): Promise<void> {
    await this.pool.end();
    await this.healthPool?.end();
  }
}

/** A PostgreSQL store's pool and timeouts (`postgresSettingsFromEnv` reads them from the environment). */
export interface PostgresSettings {
  /** connections in this instance's pool */
  max?: number;
  /** an idle connection is closed after this long */
  idleTimeoutMillis?: number;
  /** waiting for a connection (a new one, or a free one from a full pool) fails after this long */
  connectionTimeoutMillis?: number;
  /** PostgreSQL cancels a statement that runs longer (0: never) */
  statementTimeoutMillis?: number;
  /** PostgreSQL ends a session idle inside a transaction for longer (0: never) */
  idleInTransactionTimeoutMillis?: number;
}

export const POSTGRES_DEFAULTS: Required<PostgresSettings> = {
  max: 10,
  idleTimeoutMillis: 10_000,
  connectionTimeoutMillis: 5_000,
  statementTimeoutMillis: 15_000,
  idleInTransactionTimeoutMillis: 10_000,
};

/**
 * The pool and timeouts from the environment: PG_POOL_MAX, PG_IDLE_TIMEOUT_MS, PG_CONNECT_TIMEOUT_MS,
 * PG_STATEMENT_TIMEOUT_MS, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS. A value that is not a whole number ≥ 0 (≥ 1 for
 * the pool) is refused: a typo must not start the shop with a setting nobody chose.
 */
export function postgresSettingsFromEnv(env: Record<string, string | undefined>): PostgresSettings {
  const names: Record<keyof PostgresSettings, string> = {
    max: "PG_POOL_MAX",
    idleTimeoutMillis: "PG_IDLE_TIMEOUT_MS",
    connectionTimeoutMillis: "PG_CONNECT_TIMEOUT_MS",
    statementTimeoutMillis: "PG_STATEMENT_TIMEOUT_MS",
    idleInTransactionTimeoutMillis: "PG_IDLE_IN_TRANSACTION_TIMEOUT_MS",
  };
  const out: PostgresSettings = {};
  for (const [key, name] of Object.entries(names) as [keyof PostgresSettings, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || (key === "max" && n < 1))
      throw new Error(
        `${name} must be a whole number${key === "max" ? " of at least 1" : " (milliseconds, 0 for none)"}: "${raw}"`,
      );
    out[key] = n;
  }
  return out;
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
