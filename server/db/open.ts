import type { ScryptParams } from "../lib/crypto";
import type { Logger } from "../lib/log";
import { isSeeded, seed } from "../seed/seed";
import { type Store } from "./store";
import { openSqlite, SqliteStore } from "./sqlite-store";
import { PostgresStore, type PostgresSettings } from "./postgres-store";

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/** `postgres://…` (or `postgresql://…`) opens PostgreSQL; anything else is a SQLite file (or `:memory:`). */
export function openStore(location: string, opts: { postgres?: PostgresSettings } = {}): Store {
  return isPostgresUrl(location)
    ? new PostgresStore(location, opts.postgres)
    : new SqliteStore(openSqlite(location));
}

/** Where the server's data lives, without a password, for logs. */
export function describeLocation(location: string): string {
  return location.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

/** Opens (creating if needed) the database, applies migrations and seeds the sample shop on first use. */
export async function openDatabase(
  location: string,
  opts: {
    scrypt: ScryptParams;
    log?: Logger;
    products?: number;
    migrate?: boolean;
    demo?: boolean;
    /** PostgreSQL's pool and timeouts (`postgresSettingsFromEnv`) */
    postgres?: PostgresSettings;
  },
): Promise<Store> {
  const store = openStore(location, opts);
  if (opts.migrate !== false) await store.migrate();
  const pending = await store.pendingMigrations();
  if (pending.length) {
    // MIGRATE_ON_START=0 and `npm run migrate` not run yet: /readyz answers 503 until it is.
    opts.log?.warn("database migrations pending", { pending });
    return store;
  }
  if (!(await isSeeded(store))) {
    opts.log?.info("seeding sample data", { database: describeLocation(location) });
    await seed(store, { scrypt: opts.scrypt, products: opts.products, demo: opts.demo });
    await store.analyze();
  }
  return store;
}
