// `npm run migrate`: applies the database migrations once per deploy (then start the instances with
// MIGRATE_ON_START=0, so that several instances never race to migrate), and seeds the sample shop
// into an empty database.
import { describeLocation } from "./db/open";
import { openDatabase } from "./open-database";
import { OWASP_SCRYPT, TEST_SCRYPT } from "./lib/crypto";
import { createLogger, parseLogLevel } from "./lib/log";

const env = process.env.NODE_ENV ?? "production";
const log = createLogger(parseLogLevel(process.env.LOG_LEVEL, "info"));
const database = process.env.DATABASE_URL || (process.env.DATABASE_FILE ?? "./data/shop.sqlite");
const store = await openDatabase(database, {
  scrypt: env === "test" ? TEST_SCRYPT : OWASP_SCRYPT,
  log,
  demo: env !== "production" || process.env.SEED_DEMO === "1",
});
const pending = await store.pendingMigrations();
await store.close();
if (pending.length) {
  log.error("migrations not applied", { pending });
  process.exit(1);
}
log.info("database up to date", { database: describeLocation(database) });
