import { Kysely, PostgresDialect } from "kysely";
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { migrations, runMigrations } from "./migration-list";
import { isResultTypeChange, StatementNames } from "./statement-names";
import { kysely, Store, type Compiled, type Result } from "./store";

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
  private readonly client = new AsyncLocalStorage<{
    client: pg.PoolClient;
    open: boolean;
    committed: (() => void)[];
  }>();

  /** One connection of its own for `/readyz` (`ping`), so a health check never queues behind shoppers. */
  private healthPool: pg.Pool | null = null;
  private readonly settings: Required<PostgresSettings>;
  /** The statements run as named, server-side prepared statements (decision 061). */
  readonly statementNames: StatementNames;

  constructor(
    readonly url: string,
    opts: PostgresSettings = {},
  ) {
    super();
    this.settings = { ...POSTGRES_DEFAULTS, ...opts };
    this.pool = this.newPool(this.settings.max);
    this.statementNames = new StatementNames(this.settings.preparedStatements);
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
    const name = this.statementNames.name(sql);
    let r: pg.QueryResult;
    try {
      r = await runner.query({ name, text: sql, values: c.params });
    } catch (e) {
      if (name === undefined || !isResultTypeChange(e)) throw e;
      // Prepared before a migration changed what it returns: every statement is prepared again under a new
      // name. Inside a transaction the error has ended it; a statement on its own is run again.
      this.statementNames.reset();
      if (tx?.open) throw e;
      r = await runner.query({ text: sql, values: c.params });
    }
    const rows = r.rows as Record<string, unknown>[];
    return {
      rows,
      changes: r.rowCount ?? rows.length,
      insertId: mode === "insert" ? Number(rows[0]?.id ?? 0) : 0,
    };
  }

  afterCommit(fn: () => void): void {
    const tx = this.client.getStore();
    if (tx?.open) tx.committed.push(fn);
    else fn();
  }

  async tx<T>(fn: () => Promise<T>): Promise<T> {
    if (this.client.getStore()?.open) return fn();
    const client = await this.pool.connect();
    const tx = { client, open: true, committed: [] as (() => void)[] };
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
      tx.open = false;
      for (const f of tx.committed) f();
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
  /** statements kept prepared on each connection (0: none; `StatementNames`) */
  preparedStatements?: number;
}

export const POSTGRES_DEFAULTS: Required<PostgresSettings> = {
  max: 10,
  idleTimeoutMillis: 10_000,
  connectionTimeoutMillis: 5_000,
  statementTimeoutMillis: 15_000,
  idleInTransactionTimeoutMillis: 10_000,
  preparedStatements: 200,
};

const UNITS: Record<keyof PostgresSettings, string> = {
  max: " of at least 1",
  idleTimeoutMillis: " (milliseconds, 0 for none)",
  connectionTimeoutMillis: " (milliseconds, 0 for none)",
  statementTimeoutMillis: " (milliseconds, 0 for none)",
  idleInTransactionTimeoutMillis: " (milliseconds, 0 for none)",
  preparedStatements: " (0 for none)",
};

/**
 * The pool and timeouts from the environment: PG_POOL_MAX, PG_IDLE_TIMEOUT_MS, PG_CONNECT_TIMEOUT_MS,
 * PG_STATEMENT_TIMEOUT_MS, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS, PG_PREPARED_STATEMENTS. A value that is not a
 * whole number ≥ 0 (≥ 1 for the pool) is refused: a typo must not start the shop with a setting nobody chose.
 */
export function postgresSettingsFromEnv(env: Record<string, string | undefined>): PostgresSettings {
  const names: Record<keyof PostgresSettings, string> = {
    max: "PG_POOL_MAX",
    idleTimeoutMillis: "PG_IDLE_TIMEOUT_MS",
    connectionTimeoutMillis: "PG_CONNECT_TIMEOUT_MS",
    statementTimeoutMillis: "PG_STATEMENT_TIMEOUT_MS",
    idleInTransactionTimeoutMillis: "PG_IDLE_IN_TRANSACTION_TIMEOUT_MS",
    preparedStatements: "PG_PREPARED_STATEMENTS",
  };
  const out: PostgresSettings = {};
  for (const [key, name] of Object.entries(names) as [keyof PostgresSettings, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || (key === "max" && n < 1))
      throw new Error(`${name} must be a whole number${UNITS[key]}: "${raw}"`);
    out[key] = n;
  }
  return out;
}
