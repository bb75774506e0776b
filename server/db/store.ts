import Database from "better-sqlite3";
import {
  DummyDriver,
  Kysely,
  Migrator,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type Migration,
} from "kysely";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import * as initial from "./migrations/0001-initial";
import * as variantOrder from "./migrations/0002-variant-order-index";
import * as primaryCategory from "./migrations/0003-primary-category";
import * as phoneVerification from "./migrations/0004-phone-verification";
import * as idempotencyScope from "./migrations/0005-idempotency-scope";
import type { DB } from "./schema";

export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-variant-order-index": variantOrder,
  "0003-primary-category": primaryCategory,
  "0004-phone-verification": phoneVerification,
  "0005-idempotency-scope": idempotencyScope,
};

export type Param = string | number | bigint | Buffer | null;

/**
 * Kysely builds the SQL (portable, typed); better-sqlite3 runs it synchronously with cached statements,
 * so a request's reads and writes cannot interleave with another request's and transactions are plain
 * synchronous functions.
 */
export class Store {
  readonly qb: Kysely<DB>;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly sqlite: Database.Database) {
    this.qb = new Kysely<DB>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
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

  private params(q: Compilable<unknown>): { sql: string; params: Param[] } {
    const c = q.compile();
    return {
      sql: c.sql,
      params: c.parameters.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : (p as Param))),
    };
  }

  /** The SQL and parameters of a query, to run later with `allCompiled` / `firstCompiled`. */
  compile(q: Compilable<unknown>): { sql: string; params: Param[] } {
    return this.params(q);
  }

  allCompiled<T>(c: { sql: string; params: Param[] }): T[] {
    return this.prepare(c.sql).all(...c.params) as T[];
  }

  firstCompiled<T>(c: { sql: string; params: Param[] }): T | undefined {
    return this.prepare(c.sql).get(...c.params) as T | undefined;
  }

  all<T>(q: Compilable<T>): T[] {
    const { sql, params } = this.params(q);
    return this.prepare(sql).all(...params) as T[];
  }

  first<T>(q: Compilable<T>): T | undefined {
    const { sql, params } = this.params(q);
    return this.prepare(sql).get(...params) as T | undefined;
  }

  run(q: Compilable<unknown>): { changes: number; lastInsertRowid: number } {
    const { sql, params } = this.params(q);
    const stmt = this.prepare(sql);
    if (stmt.reader) {
      const rows = stmt.all(...params);
      return { changes: rows.length, lastInsertRowid: 0 };
    }
    const r = stmt.run(...params);
    return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
  }

  insert(q: Compilable<unknown>): number {
    return this.run(q).lastInsertRowid;
  }

  /**
   * Runs `fn` in a transaction. The transaction hook (the idempotency middleware's claim of the request's
   * key) runs inside it, so a change and the record that it was made commit together or not at all.
   */
  tx<T>(fn: () => T): T {
    return this.sqlite.transaction(() => {
      const result = fn();
      this.txHook?.();
      return result;
    })();
  }

  /** Called at the end of every transaction (see `tx`); set once by the idempotency middleware. */
  txHook: (() => void) | null = null;

  close(): void {
    this.sqlite.close();
  }
}

export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  if (file !== ":memory:") sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("mmap_size = 268435456");
  return sqlite;
}

export async function migrate(sqlite: Database.Database): Promise<void> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations this build knows that the database has not applied (empty when it is up to date). */
export function pendingMigrations(sqlite: Database.Database): string[] {
  const table = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
    .get();
  const applied = new Set(
    table
      ? (sqlite.prepare("SELECT name FROM kysely_migration").all() as { name: string }[]).map((r) => r.name)
      : [],
  );
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
