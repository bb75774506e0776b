/*
 * The shop's database as the server and `npm run migrate` open it: the store (db/open.ts), its migrations, and
 * the sample shop seeded on first use (seed/). Above both rooms, so that db/ never imports the seed.
 */
import type { ScryptParams } from "./lib/crypto";
import type { Logger } from "./lib/log";
import { describeLocation, openStore } from "./db/open";
import type { PostgresSettings } from "./db/postgres-store";
import type { Store } from "./db/store";
import { isSeeded, seed } from "./seed/seed";

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
