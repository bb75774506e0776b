import type { TestProject } from "vitest/node";
import { PostgresStore } from "../../server/db/postgres-store";
import { TEST_SCRYPT } from "../../server/lib/crypto";
import { seed } from "../../server/seed/seed";
import { startPostgres } from "../../scripts/pg-cluster.mjs";

/**
 * The `postgres` test project: a throw-away PostgreSQL cluster (Debian's, `initdb`/`pg_ctl` in a temporary
 * directory; never skipped: without PostgreSQL installed this fails and says how to install it), with the
 * seeded sample shop in a template database that each test's shop is cloned from.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  const admin = new PostgresStore(cluster.url, { max: 1 });
  await admin.raw('create database "shop_template"');
  await admin.close();
  const store = new PostgresStore(cluster.url.replace(/\/[^/]*$/, "/shop_template"), { max: 2 });
  await store.migrate();
  await seed(store, { scrypt: TEST_SCRYPT });
  await store.analyze();
  await store.close();
  project.provide("postgresUrl", cluster.url);
  project.provide("postgresTemplate", "shop_template");
  return async () => {
    await cluster.stop();
  };
}
