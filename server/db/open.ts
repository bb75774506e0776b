import type { ScryptParams } from "../lib/crypto";
import type { Logger } from "../lib/log";
import { isSeeded, seed } from "../seed/seed";
import { migrate, openSqlite, Store } from "./store";

/** Opens (creating if needed) the database, applies migrations and seeds the sample shop on first use. */
export async function openDatabase(
  file: string,
  opts: { scrypt: ScryptParams; log?: Logger; products?: number },
): Promise<Store> {
  const sqlite = openSqlite(file);
  await migrate(sqlite);
  const store = new Store(sqlite);
  if (!isSeeded(store)) {
    opts.log?.info("seeding sample data", { file });
    await seed(store, { scrypt: opts.scrypt, products: opts.products });
    sqlite.exec("ANALYZE");
  }
  return store;
}
