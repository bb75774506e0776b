import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { randomUUID } from "node:crypto";
import { forwardedClient, type AppEnv, type Ctx, type Deps, type SmsSender } from "./lib/context";
import { isDataException, type Store } from "./db/store";
import { PostgresStore } from "./db/postgres-store";
import { sweepOnce } from "./lib/sweeps";
import { sitemapRoutes } from "./sitemap";
import { compressBody, GZIP_MIN_BYTES, preferredEncoding } from "./lib/compress";
import { readAuth } from "./lib/auth";
import { Carts } from "./services/cart/carts";
import { UPDATED_MESSAGE } from "./services/cart/cart-types";
import { Catalog } from "./services/catalog/catalog";
import { bagistoStrict } from "./lib/bagisto-strict";
import {
  DEFAULT_HASH_GATE,
  dummyHash,
  HashBusyError,
  HashGate,
  OWASP_SCRYPT,
  type HashGateLimits,
  type ScryptParams,
} from "./lib/crypto";
import { ExchangeRates } from "./lib/exchange";
import { HttpError, MAX_BODY_BYTES, nulError, setAfterReply, urlHoldsNul } from "./lib/http";
import {
  DEFAULT_IDEMPOTENCY_LIMITS,
  idempotency,
  IdempotencyKeys,
  type IdempotencyLimits,
} from "./lib/idempotency";
import { requestGuards } from "./lib/request-guards";
import { loadServerSecret } from "./lib/secret";
import type { Mailer } from "./lib/mail";
import { DEFAULT_MAIL_QUEUE, Postbox, type MailQueueOptions } from "./lib/mail-queue";
import { cartOwner, cartReply } from "./lib/cart-http";
import { createLogger, type Logger } from "./lib/log";
import {
  clusterScrape,
  countedSender,
  createMetrics,
  instanceName,
  metricsRoutes,
  observeRequest,
} from "./lib/metrics";
import {
  PRODUCTION_RATE_LIMITS,
  RateLimiter,
  TEST_RATE_LIMITS,
  type RateLimitConfig,
} from "./lib/rate-limit";
import { accountRoutes } from "./routes/account";
import { cartRoutes } from "./routes/cart";
import { catalogRoutes } from "./routes/catalog";
import { checkoutRoutes } from "./routes/checkout";
import { contentRoutes } from "./routes/content";
import { opsRoutes } from "./ops";
import { customerRoutes } from "./routes/customer";
import { oneTimeCodeRoutes } from "./routes/one-time-codes";
import { passwordResetRoutes } from "./routes/password-reset";
import { normalisePhone } from "./services/customers";
import { staffRoutes } from "./routes/staff";
import { showroomRequestRoutes } from "./routes/showroom-requests";
import { createPageRenderer, ssrEntryFor } from "./ssr";
import { contentSecurityPolicy, staticSite } from "./static";

export interface AppOptions {
  store: Store;
  /** how often this instance deletes rows the shop no longer needs (lib/sweeps.ts); default 10 min, off in tests */
  sweepEveryMs?: number;
  env?: string;
  log?: Logger;
  scrypt?: ScryptParams;
  rateLimits?: Partial<RateLimitConfig>;
  /** the password-hash queue (lib/crypto.ts HashGate) */
  hashGate?: Partial<HashGateLimits>;
  /** folder of the built storefront; null serves the API only */
  distDir?: string | null;
  exchangeRateUpstream?: string | null;
  /** how one-time codes are sent; null: none configured (sending answers 503); default in test mode: none written */
  sms?: SmsSender | null;
  /** SMS_ALLOWED_PREFIXES: the only number prefixes codes are texted to (`+44`, `+9198`…); null: any */
  smsAllowedPrefixes?: string[] | null;
  /** how e-mail is sent; null: none configured (mailing answers 503); default in test mode: none written */
  mailer?: Mailer | null;
  /** SHOP_EMAIL: where the shop hears of contact requests; null: it does not */
  shopEmail?: string | null;
  /** the mail queue's worker (lib/mail-queue.ts); in tests it does not poll (a post and `settled` send) */
  mailQueue?: Partial<MailQueueOptions>;
  /** number of reverse proxies in front (TRUST_PROXY): the client address then comes from X-Forwarded-For */
  trustProxy?: number;
  /** the shop's public address (PUBLIC_ORIGIN); https turns on HSTS and Secure, __Host- cookies */
  publicOrigin?: string | null;
  /** SERVER_SECRET; without it one is generated once and kept in the database */
  serverSecret?: string;
  idempotencyLimits?: Partial<IdempotencyLimits>;
  tokenTtlMs?: number;
  /** cached anonymous product-list replies (invalidated when stock changes); 0 disables */
  listCacheSize?: number;
  /** how often an instance looks at the database's catalogue version (ms); a change anywhere shows within it */
  catalogVersionCheckMs?: number;
  /** false: pages are served as the client shell only, even when `<distDir>-ssr` holds a renderer */
  serverRender?: boolean;
  /**
   * Build the catalogue's in-memory indexes (every product's facet inputs and names) at start, off the request
   * path; /readyz answers 503 until they are built (the server's entry sets it; tests build them on demand)
   */
  warmCatalog?: boolean;
  /** render threads (RENDER_THREADS); 0 renders on the main thread; default: cores − 1, 1 to 2 */
  renderThreads?: number;
  /** BAGISTO_STRICT=1: answer with a stock Bagisto 1.3.3's shapes and refusals (server/lib/bagisto-strict.ts) */
  bagistoStrict?: boolean;
  /** METRICS_TOKEN: `GET /metrics` answers only with `Authorization: Bearer <it>`; unset: no /metrics (404) */
  metricsToken?: string | null;
  /** INSTANCE_ID: the instance named on every request line; default `pid-<process id>` */
  instance?: string;
  /** SLOW_REQUEST_MS: a request taking longer gets a `slow request` warning line too; default 1000 */
  slowRequestMs?: number;
  /** the process' own metrics (CPU, memory, event-loop lag, GC) on /metrics; default: outside tests */
  processMetrics?: boolean;
  /** a node:cluster worker (`--instances N`): /metrics answers every instance's, summed by the primary */
  clusterMetrics?: boolean;
}

export type App = Hono<AppEnv> & { deps: Deps };

const HSTS = "max-age=31536000; includeSubDomains";
export const DEFAULT_SLOW_REQUEST_MS = 1000;
/** Answered without the catalogue's version check: they read nothing of it. */
const OPS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

export async function createApp(opts: AppOptions): Promise<App> {
  const isTest = opts.env === "test";
  const log = opts.log ?? createLogger("info");
  const store = opts.store;
  const scrypt = opts.scrypt ?? OWASP_SCRYPT;
  const limits = { ...(isTest ? TEST_RATE_LIMITS : PRODUCTION_RATE_LIMITS), ...opts.rateLimits };
  const rates = new ExchangeRates(opts.exchangeRateUpstream ?? null, log);
  const catalog = new Catalog(store, opts.listCacheSize ?? 1000, opts.catalogVersionCheckMs ?? 1000);
  await catalog.reloadCategories();
  await catalog.refresh();
  // The storefront's rendered-page cache, once `staticSite` made it (below).
  let pageCache: { size: number; hits: number; misses: number } | null = null;
  const metrics = createMetrics(
    {
      pool:
        store instanceof PostgresStore
          ? () => ({
              totalCount: store.pool.totalCount,
              idleCount: store.pool.idleCount,
              waitingCount: store.pool.waitingCount,
              max: store.pool.options.max ?? 10,
              prepared: store.statementNames.size,
            })
          : undefined,
      catalogCaches: () => catalog.cacheStats,
      pageCache: () => pageCache && { pages: pageCache.size, hits: pageCache.hits, misses: pageCache.misses },
    },
    { processMetrics: opts.processMetrics ?? !isTest },
  );
  if (opts.clusterMetrics) clusterScrape(metrics);
  const observer = {
    log,
    metrics,
    instance: opts.instance ?? instanceName({}),
    slowMs: opts.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS,
  };
  let dummy: Promise<string> | null = null;
  const deps: Deps = {
    store,
    log,
    catalog,
    carts: new Carts(store, catalog, () => rates.freeShippingThresholdInr()),
    rates,
    scrypt,
    tokenTtlMs: opts.tokenTtlMs ?? 30 * 24 * 60 * 60 * 1000,
    isTest,
    // Codes are never logged (security review L6); tests read them from /api/test/last-otp.
    sms: countedSender(
      "sms",
      opts.sms !== undefined ? opts.sms : isTest ? { name: "test", send: async () => {} } : null,
      metrics,
    ),
    smsAllowedPrefixes: opts.smsAllowedPrefixes ?? null,
    lastOtp: new Map(),
    mail: new Postbox(
      store,
      countedSender(
        "mail",
        opts.mailer !== undefined
          ? opts.mailer
          : isTest
            ? { name: "test", from: "shop@localhost", send: async () => {} }
            : null,
        metrics,
      ),
      opts.shopEmail !== undefined ? opts.shopEmail : isTest ? "shop@localhost" : null,
      log,
      metrics.mailQueue,
      { ...DEFAULT_MAIL_QUEUE, ...(isTest ? { pollMs: 0 } : {}), ...opts.mailQueue },
    ),
    limiters: Object.fromEntries(
      Object.entries(limits).map(([name, rule]) => [name, new RateLimiter(store, name, rule)]),
    ) as Deps["limiters"],
    hashGate: ((g) => new HashGate(g.concurrency, g.maxQueue, g.maxWaitMs, g.perClientQueue))({
      ...DEFAULT_HASH_GATE,
      ...opts.hashGate,
    }),
    dummyHash: () => (dummy ??= dummyHash(scrypt)),
    bagistoStrict: opts.bagistoStrict ?? false,
    metrics,
  };

  const serverSecret = await loadServerSecret(store, opts.serverSecret);
  const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : "";
  const secureOrigin = publicOrigin.startsWith("https://");
  const app = new Hono<AppEnv>() as App;
  app.deps = deps;

  // Mail waiting in the queue (decision 053) goes out from every instance that has a mailer.
  deps.mail.start();

  // Tables that would only grow (expired tokens and codes, abandoned guest carts, old contact requests).
  const sweepEveryMs = opts.sweepEveryMs ?? (isTest ? 0 : 10 * 60_000);
  if (sweepEveryMs > 0) {
    const timer = setInterval(() => {
      void sweepOnce(store)
        .then((swept) => {
          if (swept && Object.values(swept).some((n) => n > 0)) log.info("old rows swept", swept);
        })
        .catch((err: unknown) => log.warn("sweep failed", { error: String(err) }));
    }, sweepEveryMs);
    timer.unref();
  }

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.body, err.status);
    if (err instanceof HashBusyError)
      return c.json({ message: err.message, error: err.message }, err.status, { "Retry-After": "2" });
    // A value the database refuses (PostgreSQL's data exceptions: a number out of range, text it cannot
    // store), which the contract let through: the request's fault, a 422, never a 500.
    if (isDataException(err)) {
      log.warn("value refused by the database", {
        request_id: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        code: (err as { code?: string }).code,
      });
      return c.json({ message: "The given data was invalid." }, 422);
    }
    log.error("unhandled error", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? err.stack : String(err),
    });
    return c.json({ message: "Server Error" }, 500);
  });
  app.notFound((c) => {
    const path = c.req.path;
    return path.startsWith("/api") ? c.json({ error: "Resource Not Found" }, 404) : c.text("Not Found", 404);
  });

  const baseHeaders = (c: Ctx) => {
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  };
  app.use("*", async (c, next) => {
    const start = performance.now();
    // A proxy's request id is kept (so one id follows a request through the proxy's and our logs);
    // otherwise each request gets one. It is sent back and written on the request's log line.
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("clientIp", forwardedClient(c, opts.trustProxy ?? 0));
    c.set("secureCookies", secureOrigin);
    c.set("sessionSecret", serverSecret);
    c.set("publicOrigin", publicOrigin);
    if (secureOrigin) c.header("Strict-Transport-Security", HSTS);
    // Set before the handler runs: a header added after the reply exists makes Hono rebuild the Response
    // around a stream, which halves the throughput of the JSON routes (bench:api). Replies built as a bare
    // Response (an idempotent replay) do not carry them, and get them afterwards.
    baseHeaders(c);
    c.header("X-Request-Id", requestId);
    // A catalogue change made anywhere (another instance, an admin tool, SQL) empties this instance's caches.
    if (!OPS_PATHS.has(c.req.path)) await catalog.refresh();
    await next();
    // A reply the handler built itself (the pages and files of static.ts, an idempotent replay) lacks them.
    const missing: [string, string][] = [];
    if (!c.res.headers.has("X-Content-Type-Options"))
      missing.push(
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
      );
    if (!c.res.headers.has("X-Request-Id")) missing.push(["X-Request-Id", requestId]);
    if (secureOrigin && !c.res.headers.has("Strict-Transport-Security"))
      missing.push(["Strict-Transport-Security", HSTS]);
    if (missing.length) setAfterReply(c, missing);
    // The request line, the slow-request warning, the duration histogram (lib/metrics.ts).
    observeRequest(c, start, observer);
  });
  // NUL characters (PostgreSQL stores no text holding one; no page or API value needs one): refused before any
  // route reads the path or the query (after the request id: the refusal has its request line). Bodies are
  // checked where they are parsed (lib/http.ts readJson).
  app.use("*", async (c, next) => {
    if (!urlHoldsNul(c.req.url)) return next();
    if (c.req.path.startsWith("/api")) return c.json(nulError().body, 422);
    return c.text("Bad Request", 400);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "The request body is too large." }, 413),
  });
  // GET and HEAD carry no body; asking for one would make @hono/node-server build a full Request.
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );
  app.use("/api/*", async (c, next) => {
    c.set("auth", await readAuth(c, store));
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    // Brotli where the browser takes it (over https, every one): half gzip's CPU (lib/compress.ts).
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    if (encoding && type.includes("json") && !c.res.headers.has("content-encoding")) {
      // The reply is read once and replaced either way (a clone would tee its stream: more CPU than the gzip).
      const { status, headers } = c.res;
      const buf = new Uint8Array(await c.res.arrayBuffer());
      c.res = undefined;
      if (buf.length > GZIP_MIN_BYTES) {
        headers.set("Content-Encoding", encoding);
        headers.set("Vary", "Accept-Encoding");
        headers.delete("Content-Length");
        c.res = new Response(compressBody(buf, encoding, "per-request"), { status, headers });
      } else c.res = new Response(buf, { status, headers });
    }
  });
  app.use("/api/*", requestGuards());
  // Inside the compression (it reshapes plain JSON) and around the idempotency keys (a replayed reply too).
  if (deps.bagistoStrict) app.use("/api/*", bagistoStrict(deps));
  const keys = new IdempotencyKeys(store, serverSecret, {
    ...DEFAULT_IDEMPOTENCY_LIMITS,
    ...opts.idempotencyLimits,
  });
  app.use(
    "/api/*",
    idempotency(keys, {
      // A retry of a cart change whose reply was lost in a crash: the cart as it is now.
      cart: async (c) => {
        const owner = cartOwner(c, false);
        const cart = owner ? await deps.carts.find(owner) : undefined;
        return cartReply(c, { message: UPDATED_MESSAGE }, await deps.carts.viewJson(cart));
      },
    }),
  );

  // Without a renderer there is nothing to warm; with one, /readyz waits for its threads' warm-up. Likewise
  // for the catalogue's in-memory indexes, when asked to build them at start (a load balancer then sends
  // this instance's first shoppers nothing that would wait for them).
  let rendererWarm = true;
  let catalogWarm = !opts.warmCatalog;
  if (opts.warmCatalog) {
    const start = performance.now();
    void catalog.warm().then(
      () => {
        catalogWarm = true;
        log.info("catalogue warm", { ms: Math.round(performance.now() - start) });
      },
      (error: unknown) => {
        // The first requests build what is missing, as without a warm-up.
        catalogWarm = true;
        log.warn("catalogue warm-up failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
  }
  app.route(
    "/",
    opsRoutes(store, () => rendererWarm && catalogWarm),
  );
  app.route("/", metricsRoutes(metrics, opts.metricsToken));
  app.route("/", sitemapRoutes(store, publicOrigin, opts.distDir ?? undefined));
  app.route("/api", catalogRoutes(deps));
  app.route("/api", contentRoutes(deps));
  app.route("/api", cartRoutes(deps, keys));
  app.route("/api", checkoutRoutes(deps));
  app.route("/api", customerRoutes(deps));
  app.route("/api", passwordResetRoutes(deps));
  app.route("/api", oneTimeCodeRoutes(deps));
  app.route("/api", accountRoutes(deps));
  app.route("/api", staffRoutes(deps));
  app.route("/api", showroomRequestRoutes(deps));

  if (isTest) {
    app.get("/api/test/last-otp", (c) => {
      const phone = normalisePhone(c.req.query("phone") ?? "");
      const code = deps.lastOtp.get(phone);
      return code ? c.json({ phone, code }) : c.json({ error: "Resource Not Found" }, 404);
    });
    app.post("/api/test/reset-rate-limits", async (c) => {
      await store.run(store.qb.deleteFrom("rate_limits"));
      return c.json({ message: "Rate limits reset." });
    });
  }

  if (opts.distDir) {
    let upstreamOrigin: string[] = [];
    try {
      if (opts.exchangeRateUpstream) upstreamOrigin = [new URL(opts.exchangeRateUpstream).origin];
    } catch {
      upstreamOrigin = [];
    }
    const renderer =
      opts.serverRender === false
        ? null
        : createPageRenderer(ssrEntryFor(opts.distDir), (request) => app.fetch(request), log, {
            threads: opts.renderThreads,
          });
    if (renderer) {
      rendererWarm = false;
      const start = performance.now();
      void renderer.warmedUp.then(() => {
        rendererWarm = true;
        log.info("server renderer warm", { ms: Math.round(performance.now() - start) });
      });
    }
    const site = staticSite(
      opts.distDir,
      contentSecurityPolicy(upstreamOrigin),
      renderer,
      publicOrigin,
      catalog,
      () => rates.current().date,
    );
    pageCache = site.pages;
    app.use("*", site);
  }
  return app;
}
