// The reference server standing in for a stock Bagisto 1.3 behind our proxy (bagisto-proxy.spec.ts): the
// calls Bagisto has no route for (bagisto-compat.md §3) answer as Bagisto's router does, 404 to a GET and
// 405 to anything else; the rest is the reference server. Run with tsx; PORT and DATABASE_FILE as the server's.
import { serve } from "@hono/node-server";
import { createApp } from "../../../server/app";
import { openDatabase } from "../../../server/db/open";
import { TEST_SCRYPT } from "../../../server/lib/crypto";
import { createLogger } from "../../../server/lib/log";

/** The storefront's calls a stock Bagisto 1.3.3 lacks. */
export const BAGISTO_LACKS =
  /^\/api\/(brands|getbanner|page\/.*|getattributes|product-with-additional-information|statelist|contactrequest|contactsubscribe|send-verification-code|verify-code|about|checkout\/cart\/batch)$/;

const log = createLogger("error");
const store = await openDatabase(process.env.DATABASE_FILE ?? "data/bagisto-upstream.sqlite", {
  scrypt: TEST_SCRYPT,
  log,
  demo: true,
});
const app = await createApp({ store, env: "test", log, scrypt: TEST_SCRYPT, distDir: null });

serve(
  {
    fetch: (request, env) => {
      if (BAGISTO_LACKS.test(new URL(request.url).pathname))
        return request.method === "GET"
          ? Response.json({ error: "Resource Not Found" }, { status: 404 })
          : Response.json({ error: "Method Not Allowed" }, { status: 405 });
      return app.fetch(request, env);
    },
    hostname: "127.0.0.1",
    port: Number(process.env.PORT),
  },
  () => console.log("upstream listening"),
);
process.on("SIGTERM", () => void store.close().finally(() => process.exit(0)));
