// Builds a seeded database of any size for benchmarks:
//   tsx server/seed/generate.ts --products 100000 --out data/bench-100k.sqlite
//   tsx server/seed/generate.ts --products 100000 --out postgres://user@host/empty_database
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { describeLocation, isPostgresUrl, openStore } from "../db/open";
import { SqliteStore } from "../db/sqlite-store";
import { OWASP_SCRYPT } from "../lib/crypto";
import { seed } from "./seed";

const { values } = parseArgs({
  options: { products: { type: "string", default: "10000" }, out: { type: "string" } },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
  console.error("--products must be an integer between 1 and 1000000");
  process.exit(2);
}
const out = values.out ?? `data/bench-${products}.sqlite`;
const started = performance.now();
const progress = (done: number, total: number) => process.stdout.write(`\r${done}/${total} products`);
// An empty PostgreSQL database (created by the caller), or a new SQLite file.
if (!isPostgresUrl(out)) for (const suffix of ["", "-wal", "-shm"]) rmSync(out + suffix, { force: true });
const store = openStore(out);
if (store instanceof SqliteStore) store.sqlite.pragma("synchronous = OFF");
await store.migrate();
await seed(store, { products, scrypt: OWASP_SCRYPT, onProgress: progress });
if (store instanceof SqliteStore) store.sqlite.pragma("wal_checkpoint(TRUNCATE)");
await store.analyze();
await store.close();
console.log(
  `\n${describeLocation(out)}: ${products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
