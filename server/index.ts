import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createApp } from "./app";
import { createProxyApp, parseBagistoUrl } from "./bagisto-proxy";
import type { AppEnv } from "./lib/context";
import { describeLocation } from "./db/open";
import { openDatabase } from "./open-database";
import { postgresSettingsFromEnv, type PostgresSettings } from "./db/postgres-store";
import { OWASP_SCRYPT, TEST_SCRYPT } from "./lib/crypto";
import { createLogger, parseLogLevel } from "./lib/log";
import { answerClusterScrapes, instanceName } from "./lib/metrics";
import { smsSenderFromEnv } from "./lib/sms";
import { mailSettingsFromEnv, type MailSettings } from "./lib/mail";

const env = process.env.NODE_ENV ?? "production";
const log = createLogger(parseLogLevel(process.env.LOG_LEVEL, env === "test" ? "warn" : "info"));
// Exactly one of three: a mistyped NODE_ENV ("prod") must not run the sample shop, with its published demo
// account and codes in a file, where a real shop was meant (security review N13).
if (!["development", "test", "production"].includes(env)) {
  log.error("NODE_ENV is not one of development, test, production", {
    NODE_ENV: env,
    fix: "NODE_ENV=production for a real shop; leave it unset for the sample shop (npm start)",
  });
  process.exit(1);
}
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 8080);
const databaseFile = process.env.DATABASE_FILE ?? "./data/shop.sqlite";
// DATABASE_URL=postgres://… runs the shop on PostgreSQL; without it, on the SQLite file DATABASE_FILE.
const database = process.env.DATABASE_URL || databaseFile;
const distDir = process.env.DIST_DIR ?? resolve("dist");
const scrypt = env === "test" ? TEST_SCRYPT : OWASP_SCRYPT;
// SMS_HOURLY_CAP: one-time-code texts the whole shop sends per hour (security review N9; default 200).
const smsHourlyCap = process.env.SMS_HOURLY_CAP;
if (smsHourlyCap !== undefined && !/^\d+$/.test(smsHourlyCap)) {
  log.error("SMS_HOURLY_CAP is not a whole number", {
    fix: "set SMS_HOURLY_CAP to a number of texts, e.g. 200",
  });
  process.exit(1);
}
// SMS_ALLOWED_PREFIXES: the only number prefixes one-time codes are texted to (review N9: SMS pumping to
// premium-rate ranges), e.g. "+91,+44,+33,+49"; unset, any number.
const smsAllowedPrefixes = process.env.SMS_ALLOWED_PREFIXES?.trim()
  ? process.env.SMS_ALLOWED_PREFIXES.split(",").map((p) => p.trim())
  : null;
if (smsAllowedPrefixes?.some((p) => !/^\+\d{1,8}$/.test(p))) {
  log.error("SMS_ALLOWED_PREFIXES is not a list of number prefixes", {
    fix: 'set SMS_ALLOWED_PREFIXES to prefixes with their +, separated by commas, e.g. "+91,+44"',
  });
  process.exit(1);
}
// SLOW_REQUEST_MS: a request taking longer also gets a `slow request` warning line (default 1000).
const slowRequestMs = process.env.SLOW_REQUEST_MS === undefined ? 1000 : Number(process.env.SLOW_REQUEST_MS);
if (!Number.isFinite(slowRequestMs) || slowRequestMs < 0) {
  log.error("SLOW_REQUEST_MS is not a number of milliseconds", {
    fix: "set SLOW_REQUEST_MS to a duration in ms, e.g. 1000",
  });
  process.exit(1);
}
// METRICS_TOKEN: GET /metrics answers Prometheus with `Authorization: Bearer <token>`; unset, there is no /metrics.
const metricsToken = process.env.METRICS_TOKEN || null;
if (metricsToken && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
  log.error("METRICS_TOKEN is too short or holds white space", {
    fix: "set METRICS_TOKEN to a random value of 16 characters or more, e.g. `openssl rand -hex 24`",
  });
  process.exit(1);
}
/** The instance on every request line: INSTANCE_ID (with the worker's number under --instances), else the pid. */
const instance = () =>
  process.env.INSTANCE_ID && cluster.isWorker
    ? `${process.env.INSTANCE_ID}.${cluster.worker?.id ?? process.pid}`
    : instanceName(process.env);
const observing = {
  metricsToken,
  slowRequestMs,
  instance: instance(),
  processMetrics: true,
  clusterMetrics: cluster.isWorker,
};

// BAGISTO_URL=https://shop.example/api: the storefront in front of that Bagisto, its API passed through at
// /api; no database of ours.
let bagistoUrl: URL | null = null;
try {
  bagistoUrl = process.env.BAGISTO_URL ? parseBagistoUrl(process.env.BAGISTO_URL) : null;
} catch (error) {
  log.error("BAGISTO_URL is not usable", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

// PostgreSQL's pool and timeouts (PG_POOL_MAX, PG_*_TIMEOUT_MS; the README's connection budget).
let postgres: PostgresSettings = {};
try {
  postgres = postgresSettingsFromEnv(process.env);
} catch (error) {
  log.error("PostgreSQL settings are not usable", {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
}

// E-mail (MAIL_OUTBOX, SMTP_URL, MAIL_FROM, SHOP_EMAIL): lib/mail.ts. In production without SMTP_URL the
// features that mail (password reset, newsletter sign-up) answer 503; outside it, the outbox file.
let mail: MailSettings = { mailer: null, shopEmail: null };
try {
  mail = mailSettingsFromEnv(process.env, {
    production: env === "production",
    defaultOutbox: join(dirname(resolve(databaseFile)), "mail-outbox.jsonl"),
  });
} catch (error) {
  log.error("mail settings are not usable", {
    error: error instanceof Error ? error.message : String(error),
    fix: "SMTP_URL=smtp://user:password@host:587, MAIL_FROM and SHOP_EMAIL e-mail addresses",
  });
  process.exit(1);
}
if (env === "production" && !bagistoUrl && !mail.mailer)
  log.warn("no mailer: password reset and newsletter sign-up answer 503", { fix: "set SMTP_URL" });

// A real shop (NODE_ENV=production said outright) signs sessions with a secret every instance shares, from
// the environment; the sample shop (`npm start`) keeps a random one in its database.
if (process.env.NODE_ENV === "production" && !process.env.SERVER_SECRET && !bagistoUrl) {
  log.error("SERVER_SECRET is not set", {
    fix: "set SERVER_SECRET to the same random value (32 characters or more) on every instance",
  });
  process.exit(1);
}

// A real shop writes its pages' absolute URLs (JSON-LD) with its public origin, never a request's Host header,
// which a shared cache keyed without the Host would otherwise serve to everyone (security review N14). The
// sample shop (`npm start`, NODE_ENV unset) runs on 127.0.0.1 and needs none.
const realShop = process.env.NODE_ENV === "production";
if (realShop && !process.env.PUBLIC_ORIGIN) {
  log.error("PUBLIC_ORIGIN is not set", {
    fix: "set PUBLIC_ORIGIN to the origin shoppers use, e.g. https://shop.example",
  });
  process.exit(1);
}
if (realShop && process.env.SEED_DEMO === "1")
  log.warn("the demo account (published password) is seeded into this real shop: SEED_DEMO=1");

// `--instances N` (or INSTANCES=N; 0 = one per core): N processes share the port (node:cluster). The first
// process applies the migrations once, then starts them; a process that dies is replaced.
const { values: args } = parseArgs({ options: { instances: { type: "string" } }, strict: false });
const requested = Number(args.instances ?? process.env.INSTANCES ?? 1);
const instances = requested === 0 ? availableParallelism() : Math.max(1, Math.floor(requested) || 1);
if (instances > 1 && cluster.isPrimary) {
  if (!bagistoUrl) {
    const ready = await openDatabase(database, {
      scrypt,
      log,
      postgres,
      demo: env !== "production" || process.env.SEED_DEMO === "1",
    });
    await ready.close();
  }
  let stopping = false;
  // A scrape reaches one worker, which asks here for every worker's metrics (lib/metrics.ts).
  answerClusterScrapes();
  const fork = () => cluster.fork({ MIGRATE_ON_START: "0" });
  for (let i = 0; i < instances; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    log.warn("instance exited, starting another", { pid: worker.process.pid, code, signal });
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    });
  log.info("instances", { count: instances });
} else if (bagistoUrl) {
  listen(
    createProxyApp({
      upstream: bagistoUrl,
      log,
      distDir: existsSync(distDir) ? distDir : null,
      publicOrigin: process.env.PUBLIC_ORIGIN || undefined,
      trustProxy: Number(process.env.TRUST_PROXY ?? 0) || 0,
      timeoutMs: Number(process.env.BAGISTO_TIMEOUT_MS) || undefined,
      serverRender: process.env.SERVER_RENDER !== "0",
      ...observing,
    }),
    { upstream: bagistoUrl.href },
    async () => {},
  );
} else {
  await serveShop();
}

/** One instance: opens the database and serves the shop until SIGTERM. */
async function serveShop(): Promise<void> {
  // MIGRATE_ON_START=0: migrations are applied once per deploy by `npm run migrate`, not by each instance.
  const store = await openDatabase(database, {
    scrypt,
    log,
    postgres,
    migrate: process.env.MIGRATE_ON_START !== "0",
    // The demo account has a published password: only outside production, or when asked for.
    demo: env !== "production" || process.env.SEED_DEMO === "1",
  });
  // An instance started before the deploy's `npm run migrate` finished waits for it (not listening, so a
  // load balancer sends it nothing) instead of serving with an old schema.
  for (
    let pending = await store.pendingMigrations();
    pending.length;
    pending = await store.pendingMigrations()
  ) {
    log.warn("waiting for `npm run migrate`", { pending });
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const app = await createApp({
    store,
    env,
    log,
    scrypt,
    distDir: existsSync(distDir) ? distDir : null,
    sms: smsSenderFromEnv(process.env, {
      production: env === "production",
      defaultOutbox: join(dirname(resolve(databaseFile)), "sms-outbox.jsonl"),
    }),
    smsAllowedPrefixes,
    mailer: mail.mailer,
    shopEmail: mail.shopEmail,
    trustProxy: Number(process.env.TRUST_PROXY ?? 0) || 0,
    publicOrigin: process.env.PUBLIC_ORIGIN || null,
    serverSecret: process.env.SERVER_SECRET || undefined,
    exchangeRateUpstream: process.env.EXCHANGE_RATE_UPSTREAM || null,
    serverRender: process.env.SERVER_RENDER !== "0",
    listCacheSize: process.env.LIST_CACHE_SIZE === undefined ? 1000 : Number(process.env.LIST_CACHE_SIZE),
    bagistoStrict: process.env.BAGISTO_STRICT === "1",
    warmCatalog: true,
    ...observing,
    ...(smsHourlyCap !== undefined
      ? { rateLimits: { otpSendGlobal: { limit: Number(smsHourlyCap), windowMs: 60 * 60_000 } } }
      : {}),
  });

  listen(
    app,
    { database: describeLocation(database), mailer: mail.mailer?.name ?? "none" },
    // The message being sent goes out before the database closes; the rest waits in the queue.
    async () => {
      await app.deps.mail.close();
      await store.close();
    },
  );
}

/** Serves `app` on HOST:PORT until SIGINT/SIGTERM, then finishes the requests in flight and calls `close`. */
function listen(app: Hono<AppEnv>, about: Record<string, unknown>, close: () => Promise<void>): void {
  // A client that is slow to send its request holds a connection for no more than these (security review
  // N15): the whole header within HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS; at most
  // MAX_CONNECTIONS open at once (a proxy in front usually limits these first).
  const server = serve(
    {
      fetch: app.fetch,
      hostname: host,
      port,
      serverOptions: {
        headersTimeout: Number(process.env.HEADERS_TIMEOUT_MS) || 10_000,
        requestTimeout: Number(process.env.REQUEST_TIMEOUT_MS) || 30_000,
        // How often those are checked (Node's default, 30 s, would let a slow client stay that much longer).
        connectionsCheckingInterval: 1_000,
      },
    },
    (info) => {
      log.info("listening", { url: `http://${host}:${info.port}/`, ...about, env });
    },
  );
  server.maxConnections = Number(process.env.MAX_CONNECTIONS) || 10_000;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.warn("forced shutdown");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      void close().finally(() => {
        log.info("stopped");
        process.exit(0);
      });
    });
    if ("closeIdleConnections" in server && typeof server.closeIdleConnections === "function")
      server.closeIdleConnections();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("uncaughtException", (err) =>
    log.error("uncaught exception", { error: err.stack ?? String(err) }),
  );
  process.on("unhandledRejection", (err) => log.error("unhandled rejection", { error: String(err) }));
}
