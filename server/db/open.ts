import type { ScryptParams } from "../lib/crypto";
import type { Logger } from "../lib/log";
import { isSeeded, seed } from "../seed/seed";
import { migrate, openSqlite, pendingMigrations, Store } from "./store";

/** Opens (creating if needed) the database, applies migrations and seeds the sample shop on first use. */
export async function openDatabase(
  file: string,
  opts: { scrypt: ScryptParams; log?: Logger; products?: number; migrate?: boolean; demo?: boolean },
): Promise<Store> {
  const sqlite = openSqlite(file);
  if (opts.migrate !== false) await migrate(sqlite);
  const store = new Store(sqlite);
  const pending = pendingMigrations(sqlite);
  if (pending.length) {
    // MIGRATE_ON_START=0 and `npm run migrate` not run yet: /readyz answers 503 until it is.
    opts.log?.warn("database migrations pending", { pending });
    return store;
  }
  if (!isSeeded(store)) {
    opts.log?.info("seeding sample data", { file });
    await seed(store, { scrypt: opts.scrypt, products: opts.products, demo: opts.demo });
    sqlite.exec("ANALYZE");
  }
  return store;
}
