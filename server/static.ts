import type { MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import type { AppEnv } from "./lib/context";
import { compressBody, keptCompressed, preferredEncoding, type KeptBytes } from "./lib/compress";
import { BASE_CURRENCY } from "../src/api/contract/money";
import { currencyFromCookie } from "../src/i18n/currency-cookie";
import { LOCALE_PARAM, LOCALES, normaliseLocale, requestLocale } from "../src/i18n/locale";
import { HOME_VARIANT_PATHS } from "../src/routes/template-paths";
import { personalRouteHints } from "./lib/route-chunks";
import { normalisedAddress, PageCache, pageCacheKey, type CachedPage, type PageSource } from "./page-cache";
import { injectPage, type PageRenderer } from "./ssr";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
  ".map",
]);

/**
 * A public page's address for search engines: its path with the page number of a list (the other
 * parameters, filters and sort, show the same products in another order or subset) and the language asked
 * for in the address (`?lang=`), with the same page's address in every language (`hreflang`; `x-default`: the
 * one without a language, which follows the shopper's cookie or browser). A template variant of the home page
 * is the home page's, and not indexed (issue 38).
 */
function searchAddress(
  url: URL,
  origin: string,
): { canonical: string; noindex?: boolean; alternates?: [string, string][] } {
  const variant = (HOME_VARIANT_PATHS as readonly string[]).includes(url.pathname);
  const path = variant ? "/" : url.pathname;
  const page = variant ? null : url.searchParams.get("page");
  const base = new URLSearchParams();
  if (page && page !== "1" && /^[1-9]\d{0,4}$/.test(page)) base.set("page", page);
  const address = (lang: string | null) => {
    const q = new URLSearchParams(base);
    if (lang) q.set(LOCALE_PARAM, lang);
    const query = q.toString();
    return `${origin}${path}${query ? `?${query}` : ""}`;
  };
  const asked = variant ? null : normaliseLocale(url.searchParams.get(LOCALE_PARAM));
  const alternates: [string, string][] = [
    ...LOCALES.map((l): [string, string] => [l, address(l)]),
    ["x-default", address(null)],
  ];
  return variant ? { canonical: address(null), noindex: true } : { canonical: address(asked), alternates };
}

export function contentSecurityPolicy(connectExtra: string[] = [], imgExtra: string[] = []): string {
  return [
    "default-src 'self'",
    `img-src ${["'self'", "data:", "blob:", ...imgExtra].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    `connect-src ${["'self'", ...connectExtra].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
  ].join("; ");
}

export function htmlSecurityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}

interface Cached extends KeptBytes {
  mtime: number;
  raw: Buffer<ArrayBuffer>;
  etag: string;
}

/** Serves the built storefront with an SPA fallback to index.html (never for /api). */
export function staticSite<R>(
  distDir: string,
  csp: string,
  renderPage: PageRenderer | null,
  publicOrigin: string,
  source: PageSource<R>,
  ratesDate: () => string = () => "",
): MiddlewareHandler<AppEnv> & { pages: PageCache<R> } {
  const root = resolve(distDir);
  const pages = new PageCache(source);
  const routeHints = personalRouteHints(root);
  const cache = new Map<string, Cached>();
  const load = (file: string): Cached | null => {
    // Every page address is a file that does not exist: no exception (and its stack) per request.
    let st;
    try {
      st = statSync(file, { throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!st?.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtime === st.mtimeMs) return hit;
    const raw = readFileSync(file);
    const entry: Cached = {
      mtime: st.mtimeMs,
      raw,
      etag: `"${createHash("sha1").update(raw).digest("base64url").slice(0, 20)}"`,
    };
    cache.set(file, entry);
    return entry;
  };
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const url = new URL(c.req.url);
    if (
      (c.req.method !== "GET" && c.req.method !== "HEAD") ||
      url.pathname === "/api" ||
      url.pathname.startsWith("/api/")
    ) {
      return next();
    }
    // The route label of the request line and /metrics (lib/metrics.ts): every address here is one of two.
    c.set("route", "(file)");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return c.text("Bad Request", 400);
    }
    if (pathname.includes("\0")) return c.text("Bad Request", 400);
    // Build internals (Vite's `.vite/manifest.json`, any dot-file or dot-folder) are never served.
    if (pathname.split("/").some((segment) => segment.startsWith("."))) return c.text("Not Found", 404);
    let file = resolve(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) return c.text("Not Found", 404);
    let entry = file === root ? null : load(file);
    let ext = extname(file);
    if (!entry) {
      if (ext && ext !== ".html") return c.text("Not Found", 404);
      c.set("route", "(page)");
      file = join(root, "index.html");
      ext = ".html";
      entry = load(file);
      if (!entry) {
        return c.html(
          "<!doctype html><title>Not built</title><p>The storefront is not built. Run <code>npm start</code>.</p>",
          503,
        );
      }
      if (renderPage && c.req.method === "GET") {
        // PUBLIC_ORIGIN, when set, is the origin of the page's absolute URLs (JSON-LD), never the Host header;
        // without it the request's origin is part of the cache key.
        const origin = publicOrigin || url.origin;
        // The shopper's language: the `lang` cookie the page sets, else Accept-Language, else English.
        const language = requestLocale(
          c.req.header("cookie"),
          c.req.header("accept-language"),
          url.searchParams.get(LOCALE_PARAM),
        );
        // The display currency (the `currency` cookie the page sets, else the base currency), with the date
        // of the exchange rates the page is rendered with (its prices in another currency, its free-delivery
        // amount in every one).
        const currency = currencyFromCookie(c.req.header("cookie")) ?? BASE_CURRENCY;
        const key = pageCacheKey(url, origin, language, `${currency}@${ratesDate()}`);
        let cached = pages.get(key);
        if (!cached) {
          const { value: page, reads } = await source.collect(() =>
            renderPage(normalisedAddress(url), origin, language, currency),
          );
          if (page?.personal) {
            // The route declares the page personal: its frame (nothing of any shopper's, the page itself is
            // the browser's to render), never stored by anyone; the plain shell if the frame cannot be had.
            // Its route's chunks are preloaded with the entry: the browser renders the page with them.
            const frame = page.html
              ? injectPage(entry.raw.toString("utf8"), {
                  ...page,
                  head: page.head + routeHints(url.pathname, entry.mtime),
                })
              : null;
            return frame === null
              ? personalResponse(entry.raw, csp)
              : unkeptResponse(frame, 200, c.req.header("accept-encoding"), csp, language);
          }
          const html =
            page && injectPage(entry.raw.toString("utf8"), { ...page, ...searchAddress(url, origin) });
          // A page rendered without some of its data (the API slow or failing) is this shopper's best answer,
          // never a cache's: kept, it would be every shopper's until the catalogue next changes.
          if (page && html && page.complete === false)
            return unkeptResponse(html, page.status, c.req.header("accept-encoding"), csp, language);
          if (page && html) cached = pages.set(key, html, page.status, reads);
        }
        if (cached)
          return await renderedResponse(
            c.req.header("accept-encoding") ?? "",
            c.req.header("if-none-match"),
            cached,
            csp,
            language,
          );
      }
    }
    const rel = file
      .slice(root.length + 1)
      .split(sep)
      .join("/");
    const headers: Record<string, string> = {
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      ETag: entry.etag,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      Vary: "Accept-Encoding",
    };
    if (rel.startsWith("assets/")) headers["Cache-Control"] = "public, max-age=31536000, immutable";
    else if (
      rel === "index.html" ||
      rel === "sw.js" ||
      rel.endsWith(".webmanifest") ||
      rel === "registerSW.js"
    )
      headers["Cache-Control"] = "no-cache";
    else headers["Cache-Control"] = "public, max-age=3600";
    if (ext === ".html") Object.assign(headers, htmlSecurityHeaders(csp));
    if (c.req.header("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
    let body: Uint8Array<ArrayBuffer> = entry.raw;
    const encoding =
      COMPRESSIBLE.has(ext) && entry.raw.length > 1024
        ? preferredEncoding(c.req.header("accept-encoding"))
        : null;
    if (encoding) {
      body = await keptCompressed(entry, entry.raw, encoding);
      headers["Content-Encoding"] = encoding;
    }
    headers["Content-Length"] = String(body.length);
    return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
  };
  return Object.assign(handler, { pages });
}

/**
 * A server-rendered public page, kept per catalogue version: a CDN may keep it for a minute and serve it
 * stale for ten while it fetches a fresh one; the browser revalidates it (`max-age=0`) with its ETag.
 * It is in the shopper's language (the `lang` cookie, else Accept-Language) and currency (the `currency`
 * cookie), so every cache in between keys it on both (`Vary`): a shared cache never gives one shopper's
 * French page to an English one, nor euro prices to a shopper in rupees.
 */
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

async function renderedResponse(
  acceptEncoding: string,
  ifNoneMatch: string | undefined,
  page: CachedPage,
  csp: string,
  language: string,
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": TYPES[".html"] ?? "text/html",
    "Cache-Control": PAGE_CACHE_CONTROL,
    ETag: page.etag,
    Vary: "Accept-Encoding, Cookie, Accept-Language",
    "Content-Language": language,
    ...htmlSecurityHeaders(csp),
  };
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(page.etag))
    return new Response(null, { status: 304, headers });
  const encoding = preferredEncoding(acceptEncoding);
  const body = encoding ? await keptCompressed(page, page.html, encoding) : page.html;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  return new Response(body, { status: page.status, headers });
}

/**
 * A page no cache may keep, `private, no-store` as the shell: a personal page's frame (the shell's markup with
 * it), or a public page rendered without some of its data. Compressed fast, per request.
 */
function unkeptResponse(
  html: string,
  status: number,
  acceptEncoding: string | undefined,
  csp: string,
  language: string,
): Response {
  const raw = Buffer.from(html, "utf8");
  const encoding = preferredEncoding(acceptEncoding);
  const headers = { "Content-Language": language, Vary: "Accept-Encoding, Cookie, Accept-Language" };
  if (!encoding) return personalResponse(raw, csp, headers, status);
  return personalResponse(
    compressBody(raw, encoding, "per-request"),
    csp,
    { ...headers, "Content-Encoding": encoding },
    status,
  );
}

/**
 * A personal page, as the plain shell or its frame: `private, no-store`, so no proxy, CDN or browser cache
 * keeps it (the frame holds nothing personal, but the address is one shopper's).
 */
function personalResponse(
  body: Uint8Array<ArrayBuffer>,
  csp: string,
  headers: Record<string, string> = {},
  status = 200,
): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": TYPES[".html"] ?? "text/html",
      "Cache-Control": "private, no-store",
      "Content-Length": String(body.length),
      ...headers,
      ...htmlSecurityHeaders(csp),
    },
  });
}
