/*
 * `BAGISTO_URL=https://shop.example/api npm start`: the storefront (server-rendered) in front of a real
 * Bagisto, whose API is passed through at our own `/api` (issue 17 item 4). Same origin, so the browser sends
 * Bagisto's session cookie (the guest cart) and the `Authorization` header without CORS, which Bagisto 1.3
 * does not speak (bagisto-compat.md §7). Server rendering reads its data through the same pass-through.
 * No database is opened: the shop's state is Bagisto's.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { proxy } from "hono/proxy";
import { randomUUID } from "node:crypto";
import { socketAddress, type AppEnv } from "./lib/context";
import type { Logger } from "./lib/log";
import { clusterScrape, createMetrics, instanceName, metricsRoutes, observeRequest } from "./lib/metrics";
import { versionSource } from "./page-cache";
import { createPageRenderer, ssrEntryFor } from "./ssr";
import { contentSecurityPolicy, staticSite } from "./static";

/** Where our API is served; Bagisto's API root (BAGISTO_URL) is mapped onto it. */
const LOCAL_ROOT = "/api";

/** Request headers passed to Bagisto; anything else (hop-by-hop headers, Origin, our own headers) stays here. */
const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "authorization",
  "cache-control",
  "content-length",
  "content-type",
  "cookie",
  "idempotency-key",
  "if-match",
  "if-modified-since",
  "if-none-match",
  "if-unmodified-since",
  "prefer",
  "user-agent",
  "x-requested-with",
];

/**
 * Reply headers that would speak for our origin with Bagisto's voice: its HSTS policy (includeSubDomains
 * on our host), its HTTP/3 endpoint, and what PHP and the web server tell about themselves.
 */
const DROPPED_REPLY_HEADERS = ["strict-transport-security", "alt-svc", "server", "x-powered-by"];

/** How long Bagisto may take to start answering before the shopper gets a 504. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;

export const UPSTREAM_DOWN_MESSAGE =
  "The shop's back end (Bagisto) cannot be reached. Please try again later.";
export const UPSTREAM_TIMEOUT_MESSAGE =
  "The shop's back end (Bagisto) did not answer in time. Please try again later.";

/** BAGISTO_URL checked: an http(s) address without query or fragment, no trailing slash. */
export function parseBagistoUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `BAGISTO_URL is not an address: ${JSON.stringify(value)} (e.g. https://shop.example/api)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`BAGISTO_URL must be an http or https address, not ${url.protocol}`);
  if (url.search || url.hash || url.username || url.password)
    throw new Error("BAGISTO_URL is the API root alone: no query, fragment or credentials");
  url.pathname = url.pathname.replace(/\/+$/, "");
  return url;
}

export interface CookieContext {
  /** Bagisto's API root path (BAGISTO_URL's path, e.g. `/api`; "" for the host's root) */
  upstreamPath: string;
  /** our origin is https: every cookie is Secure; on http a Secure cookie could not be stored at all */
  secure: boolean;
}

/**
 * One `Set-Cookie` of Bagisto's, made to work on our origin and never wider than Bagisto meant it: no
 * `Domain` (host-only on our host), its `Path` mapped from Bagisto's API root to ours (`/` becomes `/api`:
 * the cookie only ever went to Bagisto through this proxy), `Secure` as our origin allows (added on https;
 * removed on plain http, with `SameSite=None`, which needs it, made `Lax`: the storefront is same-origin).
 * `__Host-`/`__Secure-` cookies keep what their prefix demands. null: a cookie for a path outside the API,
 * which the browser would never send back through the proxy.
 */
export function rewriteSetCookie(header: string, ctx: CookieContext): string | null {
  const [pair = "", ...rest] = header.split(";");
  const name = pair.split("=", 1)[0]?.trim() ?? "";
  const hostPrefix = name.startsWith("__Host-");
  const securePrefix = hostPrefix || name.startsWith("__Secure-");
  const attrs: string[] = [];
  let path: string | null = null;
  let secure = false;
  let sameSite: string | null = null;
  for (const raw of rest) {
    const attr = raw.trim();
    if (!attr) continue;
    const key = attr.split("=", 1)[0]!.trim().toLowerCase();
    const value = attr.includes("=") ? attr.slice(attr.indexOf("=") + 1).trim() : "";
    if (key === "domain") continue;
    else if (key === "path") path = value;
    else if (key === "secure") secure = true;
    else if (key === "samesite") sameSite = value;
    else attrs.push(attr);
  }
  let localPath: string | null | undefined;
  if (hostPrefix) localPath = "/";
  else if (path === null || !path.startsWith("/"))
    // No Path: the browser takes the request's folder, which is already ours (the mapped address).
    localPath = null;
  else localPath = mapPath(path, ctx.upstreamPath);
  if (localPath === undefined) return null;
  const keepSecure = ctx.secure || securePrefix;
  if (!keepSecure && sameSite?.toLowerCase() === "none") sameSite = "Lax";
  const out = [pair.trim()];
  if (localPath !== null) out.push(`Path=${localPath}`);
  out.push(...attrs.filter((a) => keepSecure || a.toLowerCase() !== "partitioned"));
  if (sameSite !== null) out.push(`SameSite=${sameSite}`);
  if (ctx.secure || (securePrefix && secure)) out.push("Secure");
  return out.join("; ");
}

/** Bagisto's cookie path in our address space; undefined when it lies outside the API root. */
function mapPath(path: string, upstreamPath: string): string | undefined {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (p === upstreamPath || p.startsWith(upstreamPath + "/")) {
    const rest = p.slice(upstreamPath.length);
    return LOCAL_ROOT + (rest === "/" ? "" : rest);
  }
  // A path above the API root (`/` for Laravel's session cookie): narrowed to the API root.
  if (upstreamPath.startsWith(p === "/" ? "/" : p + "/")) return LOCAL_ROOT;
  return undefined;
}

export interface BagistoProxyOptions {
  upstream: URL;
  log: Logger;
  /** PUBLIC_ORIGIN: an https origin makes every cookie Secure */
  publicOrigin?: string;
  /** TRUST_PROXY: the proxies in front of us tell the original scheme (X-Forwarded-Proto) */
  trustProxy?: number;
  timeoutMs?: number;
  /** tests: a fetch of their own */
  fetch?: typeof fetch;
}

class UpstreamTimeout extends Error {}

/** The shopper reached us over https: PUBLIC_ORIGIN says so, or (TRUST_PROXY) the proxy in front, or the socket. */
function shopIsHttps(
  request: Request,
  opts: Pick<BagistoProxyOptions, "publicOrigin" | "trustProxy">,
): boolean {
  if (opts.publicOrigin) return opts.publicOrigin.startsWith("https:");
  const forwarded = request.headers.get("x-forwarded-proto");
  if ((opts.trustProxy ?? 0) > 0 && forwarded) return forwarded.split(",")[0]!.trim() === "https";
  return new URL(request.url).protocol === "https:";
}

/** `/api/*` passed to Bagisto: method, path, query, the safe headers and the body, streamed both ways. */
export function bagistoProxy(opts: BagistoProxyOptions): MiddlewareHandler<AppEnv> {
  const base = opts.upstream.href.replace(/\/+$/, "");
  const upstreamPath = opts.upstream.pathname.replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  return async (c) => {
    const url = new URL(c.req.url);
    const target = base + url.pathname.slice(LOCAL_ROOT.length) + url.search;
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const forwardedFor = c.req.header("x-forwarded-for");
    const client = socketAddress(c);
    headers.set("x-forwarded-for", forwardedFor ? `${forwardedFor}, ${client}` : client);
    const requestId = c.get("requestId");
    if (requestId) headers.set("x-request-id", requestId);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamTimeout()), timeoutMs);
    const clientSignal = c.req.raw.signal;
    const onClientGone = () => controller.abort(clientSignal.reason);
    clientSignal.addEventListener("abort", onClientGone, { once: true });
    const body = c.req.method === "GET" || c.req.method === "HEAD" ? null : c.req.raw.body;
    let res: Response;
    try {
      res = await proxy(target, {
        method: c.req.method,
        headers,
        body,
        // A request body is streamed to Bagisto as it arrives.
        ...(body ? { duplex: "half" } : {}),
        signal: controller.signal,
        redirect: "manual",
        customFetch: opts.fetch,
      } as RequestInit);
    } catch (error) {
      const timedOut = controller.signal.reason instanceof UpstreamTimeout;
      opts.log.error(timedOut ? "bagisto did not answer in time" : "bagisto cannot be reached", {
        request_id: c.get("requestId"),
        method: c.req.method,
        path: url.pathname,
        upstream: opts.upstream.origin,
        error:
          error instanceof Error
            ? error.cause instanceof Error
              ? error.cause.message
              : error.message
            : String(error),
      });
      return c.json(
        { error: timedOut ? UPSTREAM_TIMEOUT_MESSAGE : UPSTREAM_DOWN_MESSAGE },
        timedOut ? 504 : 502,
        { "Cache-Control": "no-store" },
      );
    } finally {
      clearTimeout(timer);
    }

    const out = new Headers(res.headers);
    for (const name of DROPPED_REPLY_HEADERS) out.delete(name);
    out.delete("set-cookie");
    const secure = shopIsHttps(c.req.raw, opts);
    for (const cookie of res.headers.getSetCookie()) {
      const local = rewriteSetCookie(cookie, { upstreamPath, secure });
      if (local) out.append("set-cookie", local);
    }
    const location = out.get("location");
    if (location) {
      const absolute = new URL(location, base + "/");
      if (absolute.href === base || absolute.href.startsWith(base + "/"))
        out.set("location", LOCAL_ROOT + absolute.href.slice(base.length));
    }
    const empty = c.req.method === "HEAD" || res.status === 204 || res.status === 304;
    return new Response(empty ? null : res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: out,
    });
  };
}

export interface ProxyAppOptions extends BagistoProxyOptions {
  /** the built storefront; null: the API pass-through alone */
  distDir: string | null;
  serverRender?: boolean;
  renderThreads?: number;
  /** METRICS_TOKEN, INSTANCE_ID, SLOW_REQUEST_MS: as the shop's (app.ts) */
  metricsToken?: string | null;
  instance?: string;
  slowRequestMs?: number;
  processMetrics?: boolean;
  clusterMetrics?: boolean;
}

/** How long a server-rendered page is kept: Bagisto does not tell us when its catalogue changes. */
const PAGE_TTL_MS = 60_000;

/** The shop in front of Bagisto: health checks, `/api` passed through, the storefront rendered from it. */
export function createProxyApp(opts: ProxyAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : "";
  let pageCache: { size: number; hits: number; misses: number } | null = null;
  const metrics = createMetrics(
    {
      pageCache: () => pageCache && { pages: pageCache.size, hits: pageCache.hits, misses: pageCache.misses },
    },
    { processMetrics: opts.processMetrics ?? false },
  );
  if (opts.clusterMetrics) clusterScrape(metrics);
  const observer = {
    log: opts.log,
    metrics,
    instance: opts.instance ?? instanceName({}),
    slowMs: opts.slowRequestMs ?? 1000,
  };
  app.use("*", async (c, next) => {
    const start = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("publicOrigin", publicOrigin);
    await next();
    if (!c.res.headers.has("X-Request-Id")) c.header("X-Request-Id", requestId);
    if (!c.res.headers.has("X-Content-Type-Options")) c.header("X-Content-Type-Options", "nosniff");
    if (publicOrigin.startsWith("https:"))
      c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    observeRequest(c, start, observer);
  });
  app.route("/", metricsRoutes(metrics, opts.metricsToken));
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  // Ready when Bagisto answers at all (any status) and the server renderer is warm: a load balancer then
  // sends shoppers here.
  let rendererWarm = true;
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!rendererWarm) return c.json({ status: "warming up", upstream: opts.upstream.origin }, 503);
    try {
      const res = await (opts.fetch ?? fetch)(opts.upstream.href, {
        headers: { Accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(3000),
      });
      await res.body?.cancel();
      return c.json({ status: "ready", upstream: opts.upstream.origin });
    } catch {
      return c.json({ status: "bagisto unavailable", upstream: opts.upstream.origin }, 503);
    }
  });
  // Bagisto's replies arrive decompressed (fetch undoes their encoding); they leave compressed again.
  app.use(`${LOCAL_ROOT}/*`, compress({ encoding: "gzip" }));
  const toBagisto = bagistoProxy({ ...opts, publicOrigin });
  // One route label for everything passed through (lib/metrics.ts): Bagisto's own routes are not known here.
  const passThrough: MiddlewareHandler<AppEnv> = (c, next) => {
    c.set("route", `${LOCAL_ROOT}/*`);
    return toBagisto(c, next);
  };
  app.all(LOCAL_ROOT, passThrough);
  app.all(`${LOCAL_ROOT}/*`, passThrough);

  if (opts.distDir) {
    const renderer =
      opts.serverRender === false
        ? null
        : // The renderer's API calls take the shopper's path: this app, so through the same pass-through.
          createPageRenderer(ssrEntryFor(opts.distDir), (request) => app.fetch(request), opts.log, {
            threads: opts.renderThreads,
          });
    if (renderer) {
      rendererWarm = false;
      const start = performance.now();
      void renderer.warmedUp.then(() => {
        rendererWarm = true;
        opts.log.info("server renderer warm", { ms: Math.round(performance.now() - start) });
      });
    }
    const site = staticSite(
      opts.distDir,
      // Product and banner images are Bagisto's own addresses (its /cache and /storage).
      contentSecurityPolicy([], [opts.upstream.origin]),
      renderer,
      publicOrigin,
      versionSource(() => Math.floor(Date.now() / PAGE_TTL_MS)),
    );
    pageCache = site.pages;
    app.use("*", site);
  }
  app.notFound((c) => c.text("Not Found", 404));
  return app;
}
