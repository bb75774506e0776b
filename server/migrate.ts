// `npm run migrate`: applies the database migrations once per deploy (then start the instances with
// MIGRATE_ON_START=0, so that several instances never race to migrate), and seeds the sample shop
// into an empty database.
import { openDatabase } from "./db/open";
import { pendingMigrations } from "./db/store";
import { OWASP_SCRYPT, TEST_SCRYPT } from "./lib/crypto";
import { createLogger, parseLogLevel } from "./lib/log";

const env = process.env.NODE_ENV ?? "production";
const log = createLogger(parseLogLevel(process.env.LOG_LEVEL, "info"));
const file = process.env.DATABASE_FILE ?? "./data/shop.sqlite";
const store = await openDatabase(file, {
  scrypt: env === "test" ? TEST_SCRYPT : OWASP_SCRYPT,
  log,
  demo: env !== "production" || process.env.SEED_DEMO === "1",
});
const pending = pendingMigrations(store.sqlite);
store.close();
if (pending.length) {
  log.error("migrations not applied", { pending });
  process.exit(1);
}
log.info("database up to date", { database: file });
