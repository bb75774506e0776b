import { describe, expect, it } from "vitest";
import { createApp } from "./app";
import { migrations } from "./db/migration-list";
import type { Compiled } from "./db/store";
import { TEST_SCRYPT } from "./lib/crypto";
import { createLogger, type LogLevel } from "./lib/log";
import { makeApp, makeStore } from "./test-utils";

describe("operations", () => {
  it("answers /healthz and /readyz, never cached", async () => {
    const app = await makeApp();
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("is not ready while a migration is pending, and ready once `npm run migrate` applied it", async () => {
    const store = await makeStore();
    const app = await createApp({ store, env: "test", scrypt: TEST_SCRYPT, log: createLogger("silent") });
    expect((await app.request("/readyz")).status).toBe(200);
    // A newer build on a database the deploy has not migrated yet: the newest migration is undone.
    const newest = Object.keys(migrations).at(-1)!;
    await migrations[newest]!.down!(store.schemaDb());
    await store.rawRun("DELETE FROM kysely_migration WHERE name = ?", [newest]);
    const before = await app.request("/readyz");
    expect(before.status).toBe(503);
    expect(await before.json()).toMatchObject({ status: "migrations pending", pending: [newest] });
    await store.migrate();
    expect((await app.request("/readyz")).status).toBe(200);
    await store.close();
  });

  it("is not ready until the catalogue's in-memory indexes are built, when asked to build them at start", async () => {
    const store = await makeStore();
    // The read of every product's variants (the facet inputs) waits until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const target = store as unknown as { exec: (c: Compiled, mode: string) => Promise<unknown> };
    const exec = target.exec.bind(store);
    target.exec = async (c, mode) => {
      if (/color_option_id/.test(c.sql)) await gate;
      return exec(c, mode);
    };
    const options = { store, env: "test" as const, scrypt: TEST_SCRYPT, log: createLogger("silent") };
    const app = await createApp({ ...options, warmCatalog: true });
    const cold = await app.request("/readyz");
    expect(cold.status).toBe(503);
    expect(await cold.json()).toEqual({ status: "warming up" });
    release();
    for (let i = 0; (await app.request("/readyz")).status !== 200; i++) {
      expect(i, "never ready").toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Built before any shopper asked, once: the first facet ask and the first search read nothing more.
    const catalog = app.deps.catalog;
    expect([catalog.facetStats.scans, catalog.nameIndexStats?.builds]).toEqual([1, 1]);
    expect((await app.request("/api/getattributes")).status).toBe(200);
    expect((await app.request("/api/products?search=trail")).status).toBe(200);
    expect([catalog.facetStats.scans, catalog.nameIndexStats?.builds]).toEqual([1, 1]);
    // Not asked to (the tests' default): nothing is built at start, and the instance is ready at once.
    const plain = await createApp(options);
    expect((await plain.request("/readyz")).status).toBe(200);
    expect([plain.deps.catalog.facetStats.scans, plain.deps.catalog.nameIndexStats?.builds]).toEqual([0, 0]);
    target.exec = exec;
    await store.close();
  });

  it("gives every request an id, keeps a proxy's, and writes it on the request's log line", async () => {
    const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
    const app = await makeApp({
      log: createLogger("debug", (line, level) => lines.push({ level, line: JSON.parse(line) })),
    });
    const own = await app.request("/api/categories");
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request("/api/categories", { headers: { "X-Request-Id": "lb-1234.5" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234.5");
    const forged = await app.request("/api/categories", { headers: { "X-Request-Id": "<script>" } });
    expect(forged.headers.get("x-request-id")).not.toBe("<script>");
    const requestLines = lines.filter((l) => l.line.msg === "request").map((l) => l.line.request_id);
    expect(requestLines).toEqual([
      own.headers.get("x-request-id"),
      "lb-1234.5",
      forged.headers.get("x-request-id"),
    ]);
  });
});
