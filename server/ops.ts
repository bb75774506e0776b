import { Hono } from "hono";
import type { AppEnv } from "./lib/context";
import type { Store } from "./db/store";

/**
 * Health checks for a process manager or load balancer: `/healthz` says the process answers;
 * `/readyz` says it can serve shoppers (the database answers, every migration is applied, and the server
 * renderer's threads and the catalogue's in-memory indexes are warm: `warm`).
 */
export function opsRoutes(store: Store, warm: () => boolean = () => true) {
  const r = new Hono<AppEnv>();
  const noStore = { "Cache-Control": "no-store" };
  r.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  r.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await store.ping();
      const pending = await store.pendingMigrations();
      if (pending.length) return c.json({ status: "migrations pending", pending }, 503);
      // A cold renderer would give the first shoppers the plain shell (issue 16); cold catalogue indexes
      // would make them wait for every product's facet inputs.
      if (!warm()) return c.json({ status: "warming up" }, 503);
      return c.json({ status: "ready" });
    } catch (err) {
      return c.json(
        { status: "database unavailable", error: err instanceof Error ? err.message : String(err) },
        503,
      );
    }
  });
  return r;
}
