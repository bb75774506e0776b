// The reference server standing in for a stock Bagisto 1.3 behind our proxy (bagisto-proxy.spec.ts), in
// strict-Bagisto mode (server/lib/bagisto-strict.ts, decision 31): Bagisto 1.3.3's shapes, its refusals, and the
// calls it has no route for (bagisto-compat.md §3) answered 404 to a GET and 405 to anything else. Run with
// tsx; PORT and DATABASE_FILE as the server's.
import { serve } from "@hono/node-server";
import { createApp } from "../../../server/app";
import { openDatabase } from "../../../server/open-database";
import { TEST_SCRYPT } from "../../../server/lib/crypto";
import { createLogger } from "../../../server/lib/log";

const log = createLogger("error");
const store = await openDatabase(process.env.DATABASE_FILE ?? "data/bagisto-upstream.sqlite", {
  scrypt: TEST_SCRYPT,
  log,
  demo: true,
});
const app = await createApp({
  store,
  env: "test",
  log,
  scrypt: TEST_SCRYPT,
  distDir: null,
  bagistoStrict: true,
});

serve(
  {
    fetch: app.fetch,
    hostname: "127.0.0.1",
    port: Number(process.env.PORT),
  },
  () => console.log("upstream listening"),
);
process.on("SIGTERM", () => void store.close().finally(() => process.exit(0)));
