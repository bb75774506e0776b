import { Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { createHash, timingSafeEqual } from "node:crypto";
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppEnv, Ctx } from "./context";
import type { Logger } from "./log";

/**
 * What an operator watches (issue 38 item 2): one registry per app (tests run several apps in one process),
 * scraped at `GET /metrics` in Prometheus' text format. Values held elsewhere (the pool, the caches' counts)
 * are read at scrape time, so the hot paths pay an integer increment at most.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<"method" | "route" | "status_class">;
  readonly cartBatchChanges: Histogram;
  readonly messages: Counter<"channel" | "sender" | "outcome">;
  /** the mail queue (decision 053): messages queued, sent, failed (a try; retried later) and given up */
  readonly mailQueue: Counter<"outcome">;
  /** what `GET /metrics` answers: this registry's, or under node:cluster every worker's summed (`clusterScrape`) */
  scrape: () => Promise<Scrape>;
}

export interface Scrape {
  text: string;
  contentType: string;
}

/** Read at each scrape; a source the app does not have (SQLite has no pool, no storefront no page cache) is absent. */
export interface MetricSources {
  /** a PostgreSQL pool: pg.Pool's counts */
  pool?: () => {
    totalCount: number;
    idleCount: number;
    waitingCount: number;
    max: number;
    /** statement texts kept prepared on its connections (decision 061) */
    prepared: number;
  } | null;
  /** the catalogue caches' lookups so far, per cache */
  catalogCaches?: () => Record<string, { hits: number; misses: number }>;
  /** the rendered-page cache: pages held, lookups so far */
  pageCache?: () => { pages: number; hits: number; misses: number } | null;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(sources: MetricSources = {}, opts: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC of this process (off in tests: each would start its own monitors).
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its reply, per route pattern (the Hono path, never the address).",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const cartBatchChanges = new Histogram({
    name: "shop_cart_batch_changes",
    help: "Cart changes per outbox batch (POST /api/checkout/cart/batch) the server applied.",
    buckets: [1, 2, 3, 5, 10, 20, 50, 100, 500],
    registers: [registry],
  });
  const messages = new Counter({
    name: "shop_outgoing_messages_total",
    help: "Messages handed to a sender (channel sms, mail), by outcome: sent, or failed (the sender refused or broke).",
    labelNames: ["channel", "sender", "outcome"] as const,
    registers: [registry],
  });

  const mailQueue = new Counter({
    name: "shop_mail_queue_messages_total",
    help: "The mail queue: messages queued (written with what caused them), sent, failed (one try; retried later) and given up.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });

  new Gauge({
    name: "shop_instances",
    help: "Instances (processes) whose metrics these are: 1, or under --instances N every worker's summed.",
    registers: [registry],
  }).set(1);

  if (sources.pool) {
    const pool = sources.pool;
    const gauge = (name: string, help: string, read: (p: NonNullable<ReturnType<typeof pool>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const p = pool();
          if (p) this.set(read(p));
        },
      });
    gauge(
      "shop_db_pool_connections_in_use",
      "PostgreSQL connections of this instance's pool lent out now.",
      (p) => Math.max(0, p.totalCount - p.idleCount),
    );
    gauge(
      "shop_db_pool_connections_idle",
      "PostgreSQL connections of the pool open and idle now.",
      (p) => p.idleCount,
    );
    gauge(
      "shop_db_pool_waiting_clients",
      "Queries waiting for a connection of the pool now (the pool is full).",
      (p) => p.waitingCount,
    );
    gauge("shop_db_pool_max_connections", "The pool's size (PG_POOL_MAX).", (p) => p.max);
    gauge(
      "shop_db_prepared_statements",
      "Statement texts kept prepared on the pool's connections (at most PG_PREPARED_STATEMENTS).",
      (p) => p.prepared,
    );
  }

  if (sources.catalogCaches) {
    const caches = sources.catalogCaches;
    // Counted by the catalogue as plain numbers; copied here at each scrape.
    const counter = (name: string, help: string, pick: (c: { hits: number; misses: number }) => number) =>
      new Counter({
        name,
        help,
        labelNames: ["cache"] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [cache, counts] of Object.entries(caches())) this.inc({ cache }, pick(counts));
        },
      });
    counter("shop_catalog_cache_hits_total", "Catalogue cache lookups answered from memory.", (c) => c.hits);
    counter(
      "shop_catalog_cache_misses_total",
      "Catalogue cache lookups that had to read or build.",
      (c) => c.misses,
    );
  }

  if (sources.pageCache) {
    const pages = sources.pageCache;
    new Gauge({
      name: "shop_page_cache_pages",
      help: "Server-rendered pages held in this instance's page cache.",
      registers: [registry],
      collect() {
        const p = pages();
        if (p) this.set(p.pages);
      },
    });
    new Counter({
      name: "shop_page_cache_lookups_total",
      help: "Page cache lookups of public pages, by result (hit, miss).",
      labelNames: ["result"] as const,
      registers: [registry],
      collect() {
        const p = pages();
        this.reset();
        if (!p) return;
        this.inc({ result: "hit" }, p.hits);
        this.inc({ result: "miss" }, p.misses);
      },
    });
  }

  return {
    registry,
    requestDuration,
    cartBatchChanges,
    messages,
    mailQueue,
    scrape: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  };
}

const ASK = "shop:metrics";
const ANSWER = "shop:metrics-answer";
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * Under `--instances N` (node:cluster) the instances share one port, so a scrape reaches any one of them:
 * a worker's `/metrics` asks the primary, which gathers every worker's registry and sums them (counters,
 * histograms and gauges alike: the pools' connections add up). The primary calls `answerClusterScrapes`.
 */
export function clusterScrape(metrics: Metrics): void {
  if (!cluster.isWorker || !process.send) return;
  new AggregatorRegistry(); // makes this worker answer the primary's requests (prom-client's own messages)
  AggregatorRegistry.setRegistries([metrics.registry]);
  const waiting = new Map<number, (a: Answer) => void>();
  let next = 0;
  process.on("message", (msg: unknown) => {
    const a = msg as Answer | null;
    if (a?.type === ANSWER) waiting.get(a.id)?.(a);
  });
  metrics.scrape = () =>
    new Promise<Scrape>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary process did not answer for the metrics"));
      }, 10_000);
      waiting.set(id, (a) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (a.text === undefined) reject(new Error(a.error ?? "no metrics"));
        else resolve({ text: a.text, contentType: Registry.PROMETHEUS_CONTENT_TYPE });
      });
      process.send!({ type: ASK, id });
    });
}

/** In the primary of `--instances N`: answers the workers' `clusterScrape` with every worker's metrics summed. */
export function answerClusterScrapes(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, msg: unknown) => {
    const ask = msg as { type?: string; id?: number } | null;
    if (ask?.type !== ASK || typeof ask.id !== "number") return;
    const id = ask.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: unknown) =>
        worker.isConnected() && worker.send({ type: ANSWER, id, error: String(err) } satisfies Answer),
    );
  });
}

/**
 * `sender` with each send counted in `metrics` as sent or failed, under `channel` (`sms`; a mailer can be
 * wrapped the same way as `mail`). Anything with a `name` and a `send` that rejects when it could not hand
 * the message over.
 */
export function countedSender<S extends { readonly name: string; send(...args: never[]): Promise<unknown> }>(
  channel: string,
  sender: S | null,
  metrics: Metrics,
): S | null {
  if (!sender) return null;
  const send = sender.send.bind(sender) as (...args: unknown[]) => Promise<unknown>;
  const count = (outcome: string, by = 1) =>
    metrics.messages.inc({ channel, sender: sender.name, outcome }, by);
  // Both series exist from the start (at 0): a rate or an alert sees the first failure.
  count("sent", 0);
  count("failed", 0);
  const wrapped: S = Object.create(sender) as S;
  Object.defineProperty(wrapped, "send", {
    value: async (...args: unknown[]) => {
      let result: unknown;
      try {
        result = await send(...args);
      } catch (err) {
        count("failed");
        throw err;
      }
      count("sent");
      return result;
    },
  });
  return wrapped;
}

/**
 * The route a request was answered by, as registered (`/api/products/:id`), never the address it asked for:
 * a handler that answers many addresses names itself (`c.set("route", …)`: the storefront's pages and
 * files); a reply a middleware gave in front of a route (an idempotent replay, a refusal) is that route's;
 * a request no route matched is `(unmatched)`.
 */
export function routeOf(c: Ctx): string {
  const own = c.get("route");
  if (own) return own;
  const routes = matchedRoutes(c);
  const here = routes[c.req.routeIndex];
  if (here && here.method !== "ALL") return here.path;
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== "ALL") return routes[i]!.path;
  return "(unmatched)";
}

/** The routes whose successful replies are logged at debug only (a load balancer or Prometheus polls them). */
const POLLED = new Set(["/healthz", "/readyz", "/metrics"]);

export interface RequestObserver {
  log: Logger;
  metrics: Metrics | null;
  /** written on every request line: INSTANCE_ID, else the process id */
  instance: string;
  /** a request taking longer than this (ms) also gets a warning line (SLOW_REQUEST_MS) */
  slowMs: number;
}

/**
 * One JSON line per request at level info (error for a 5xx; debug for a health check or scrape that
 * succeeded): method, route pattern, status, duration, request id, instance. Never the address's query or
 * path (tokens, personal ids). A request over `slowMs` also gets a `slow request` warning. `start`:
 * `performance.now()` at the request's arrival.
 */
export function observeRequest(c: Ctx, start: number, o: RequestObserver): void {
  const elapsed = performance.now() - start;
  const route = routeOf(c);
  const status = c.res.status;
  const fields = {
    request_id: c.get("requestId"),
    method: c.req.method,
    route,
    status,
    ms: Math.round(elapsed * 10) / 10,
    instance: o.instance,
  };
  // /readyz's 503 is its answer (not ready yet: warming up, migrations pending), not a failed request.
  if (status >= 500 && route !== "/readyz") o.log.error("request", fields);
  else if (POLLED.has(route) && (status < 400 || route === "/readyz")) o.log.debug("request", fields);
  else o.log.info("request", fields);
  if (elapsed > o.slowMs) o.log.warn("slow request", { ...fields, threshold_ms: o.slowMs });
  o.metrics?.requestDuration.observe(
    {
      method: METHODS.has(c.req.method) ? c.req.method : "other",
      route,
      status_class: `${Math.floor(status / 100)}xx`,
    },
    elapsed / 1000,
  );
}

/** The instance name on request lines: INSTANCE_ID, else `pid-<process id>` (a cluster worker's own). */
export function instanceName(env: Record<string, string | undefined> = process.env): string {
  return env.INSTANCE_ID || `pid-${process.pid}`;
}

function digest(s: string): Buffer {
  return createHash("sha256").update(s).digest();
}

/**
 * `GET /metrics`: answered only with `Authorization: Bearer <token>` (METRICS_TOKEN; 401 without the header,
 * 403 with another token). Without a token configured there is no such address (404): a shop's metrics are
 * never public. Never cached by anyone (no-store), and never a page (the service worker leaves it alone).
 */
export function metricsRoutes(metrics: Metrics, token: string | null | undefined) {
  const r = new Hono<AppEnv>();
  const want = token ? digest(token) : null;
  r.get("/metrics", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!want) return c.text("Not Found", 404);
    const auth = c.req.header("authorization") ?? "";
    const given = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
    if (!given) return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    if (!timingSafeEqual(digest(given), want)) return c.text("Forbidden", 403);
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { "Content-Type": contentType });
  });
  return r;
}
