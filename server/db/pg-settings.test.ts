import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { TEST_SCRYPT } from "../lib/crypto";
import { createLogger } from "../lib/log";
import { makeStore, testDialect } from "../test-utils";
import { PostgresStore, postgresSettingsFromEnv } from "./postgres-store";

describe("PostgreSQL settings from the environment", () => {
  it("reads the pool and the timeouts, and refuses what is not a whole number", () => {
    expect(
      postgresSettingsFromEnv({
        PG_POOL_MAX: "4",
        PG_CONNECT_TIMEOUT_MS: "2500",
        PG_STATEMENT_TIMEOUT_MS: "0",
        PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: "8000",
        PG_IDLE_TIMEOUT_MS: "",
      }),
    ).toEqual({
      max: 4,
      connectionTimeoutMillis: 2500,
      statementTimeoutMillis: 0,
      idleInTransactionTimeoutMillis: 8000,
    });
    expect(() => postgresSettingsFromEnv({ PG_POOL_MAX: "0" })).toThrow(/PG_POOL_MAX/);
    expect(() => postgresSettingsFromEnv({ PG_STATEMENT_TIMEOUT_MS: "15s" })).toThrow(
      /PG_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => postgresSettingsFromEnv({ PG_POOL_MAX: "-3" })).toThrow(/PG_POOL_MAX/);
  });
});

// These need the server itself (the unit project's database is SQLite, which has no pool or server timeouts).
describe.runIf(testDialect === "postgres")("a PostgreSQL store's limits", () => {
  const url = async () => {
    const probe = (await makeStore()) as PostgresStore;
    await probe.close();
    return probe.url;
  };

  it("cancels a statement that runs past PG_STATEMENT_TIMEOUT_MS, and ends a transaction left idle", async () => {
    const store = new PostgresStore(await url(), {
      max: 2,
      statementTimeoutMillis: 300,
      idleInTransactionTimeoutMillis: 300,
    });
    try {
      await expect(store.raw("select pg_sleep(3)")).rejects.toMatchObject({ code: "57014" });
      // A transaction whose holder stops talking to the database (a stuck request) is ended by the server,
      // which releases its locks; the holder's next statement fails.
      await expect(
        store.tx(async () => {
          await store.raw("select id from carts limit 1 for update");
          await new Promise((r) => setTimeout(r, 1500));
          await store.raw("select 1");
        }),
      ).rejects.toThrow();
      expect(await store.raw<{ n: number }>("select 1 as n")).toEqual([{ n: 1 }]);
    } finally {
      await store.close();
    }
  });

  it("answers /readyz while every pooled connection is held by shoppers' transactions", async () => {
    const store = new PostgresStore(await url(), { max: 2 });
    const app = await createApp({ store, env: "test", scrypt: TEST_SCRYPT, log: createLogger("silent") });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = 0;
    const holders = [0, 1].map(() =>
      store.tx(async () => {
        await store.raw("select 1");
        started++;
        await held;
      }),
    );
    try {
      while (started < 2) await new Promise((r) => setTimeout(r, 20));
      // Both connections are taken: a health check that queued for one would wait until they are released.
      const ready = await app.request("http://shop.test/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready" });
    } finally {
      release();
      await Promise.all(holders);
      await store.close();
    }
  });
});
