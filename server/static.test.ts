import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { makeApp, standInDist } from "./test-utils";

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), "dist-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><title>Shop</title></head><body>${"<div></div>".repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, "assets", "index-abc123.js"), `console.log(${JSON.stringify("x".repeat(3000))});`);
  writeFileSync(join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, ".vite", "manifest.json"), `{"index.html":{"file":"assets/index-abc123.js"}}`);
  writeFileSync(join(dir, ".env"), "SECRET=1");
  return dir;
}

/** Every Response made while `fn` runs, with the body it was made of. */
async function responsesMade(fn: () => Promise<void>): Promise<Map<Response, unknown>> {
  const made = new Map<Response, unknown>();
  vi.stubGlobal(
    "Response",
    class extends Response {
      constructor(body?: BodyInit | null, init?: ResponseInit) {
        super(body, init);
        made.set(this, body);
      }
    },
  );
  try {
    await fn();
  } finally {
    vi.unstubAllGlobals();
  }
  return made;
}

describe("storefront serving", () => {
  it("serves index.html with CSP and security headers for app routes, and no-cache", async () => {
    const app = await makeApp({
      distDir: dist(),
      exchangeRateUpstream: "https://rates.example.com/latest?base=USD",
    });
    for (const path of ["/", "/catalog/mountain-bikes", "/product/ridgeline-trail-29", "/page/about-us"]) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const csp = res.headers.get("content-security-policy")!;
      for (const d of [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "font-src 'self' data:",
      ]) {
        expect(csp).toContain(d);
      }
      expect(csp).toContain("connect-src 'self' https://rates.example.com");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      // Set on the reply the handler built (app.ts setAfterReply), the page's body intact.
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.text()).toContain("<title>Shop</title>");
    }
    const kept = await app.request("/catalog/road-bikes", { headers: { "X-Request-Id": "lb-7" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7");
  });

  it("caches hashed assets for a year, keeps sw.js fresh, compresses text and never falls back for /api or missing files", async () => {
    const app = await makeApp({ distDir: dist() });
    const asset = await app.request("/assets/index-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString()).toContain("console.log");
    const br = await app.request("/assets/index-abc123.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("console.log");
    const etag = asset.headers.get("etag")!;
    expect(
      (await app.request("/assets/index-abc123.js", { headers: { "If-None-Match": etag } })).status,
    ).toBe(304);
    expect((await app.request("/sw.js")).headers.get("cache-control")).toBe("no-cache");
    expect((await app.request("/assets/missing.js")).status).toBe(404);
    const api = await app.request("/api/unknown-endpoint");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Resource Not Found" });
    expect((await app.request("/..%2f..%2f..%2fetc%2fpasswd")).status).toBe(404);
    expect(await (await app.request("/%2e%2e/%2e%2e/etc/passwd")).text()).not.toContain("root:");
    expect((await app.request("/robots.txt")).status).toBe(200);
  });

  it("never serves build internals such as Vite's manifest or dot-files", async () => {
    const app = await makeApp({ distDir: dist() });
    for (const path of [
      "/.vite/manifest.json",
      "/.env",
      "/assets/../.vite/manifest.json",
      "/%2evite/manifest.json",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("index-abc123");
    }
  });

  it("answers with the reply it built from the file's bytes, the request id added to it, not a new reply around its stream", async () => {
    const app = await makeApp({ distDir: dist() });
    for (const [path, headers] of [
      ["/catalog/mountain-bikes", {}],
      ["/assets/index-abc123.js", { "Accept-Encoding": "gzip" }],
      ["/robots.txt", {}],
    ] as const) {
      let res: Response | undefined;
      const made = await responsesMade(async () => {
        res = await app.request(path, { headers });
      });
      expect(res!.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      // Hono's c.header after the reply exists makes `new Response(reply.body, reply)`: a stream's copy.
      expect(made.has(res!), path).toBe(true);
      expect(made.get(res!), path).toBeInstanceOf(Uint8Array);
      expect((await res!.text()).length, path).toBeGreaterThan(0);
    }
  });
});

describe("pages for search engines and link previews (issue 38)", () => {
  it("say their canonical address and OpenGraph tags; a template variant of the home page is the home page's, not indexed", async () => {
    const dist = standInDist(`export function configureRenderer() {}
export async function renderPage(url, origin, language) {
  return { html: "<h1>" + url + "</h1><p>rendered in " + language + "</p>", head: "", handoff: "", status: 200, locale: "fr",
    title: "Vélos de route | Velora Bicycles", description: "Des vélos \\"rapides\\" & légers" };
}`);
    const app = await makeApp({ distDir: dist, publicOrigin: "https://shop.example" });
    const page = await (await app.request("http://10.0.0.7/catalog/road-bikes?sort=price&page=2")).text();
    expect(page).toContain('<link rel="canonical" href="https://shop.example/catalog/road-bikes?page=2">');
    expect(page).toContain(
      '<meta property="og:url" content="https://shop.example/catalog/road-bikes?page=2">',
    );
    expect(page).toContain('<meta property="og:title" content="Vélos de route | Velora Bicycles">');
    expect(page).toContain(
      '<meta property="og:description" content="Des vélos &quot;rapides&quot; &amp; légers">',
    );
    expect(page).toContain('<meta property="og:locale" content="fr">');
    expect(page).not.toContain("noindex");
    expect(page.indexOf('rel="canonical"')).toBeLessThan(page.indexOf("</head>"));

    // The same page in every language, by address (a crawler keeps no cookie).
    expect(page).toContain(
      '<link rel="alternate" hreflang="fr" href="https://shop.example/catalog/road-bikes?page=2&amp;lang=fr">',
    );
    expect(page).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://shop.example/catalog/road-bikes?page=2">',
    );
    const german = await app.request("http://10.0.0.7/product/corsa-lite?lang=de", {
      headers: { Cookie: "lang=fr", "Accept-Language": "fr" },
    });
    const germanHtml = await german.text();
    expect(germanHtml).toContain("<p>rendered in de</p>");
    expect(germanHtml).toContain(
      '<link rel="canonical" href="https://shop.example/product/corsa-lite?lang=de">',
    );
    expect(germanHtml).toContain('hreflang="en" href="https://shop.example/product/corsa-lite?lang=en"');

    const first = await (await app.request("http://10.0.0.7/catalog/road-bikes?page=1&limit=12")).text();
    expect(first).toContain('<link rel="canonical" href="https://shop.example/catalog/road-bikes">');

    const variant = await (await app.request("http://10.0.0.7/home-furniture")).text();
    expect(variant).toContain('<link rel="canonical" href="https://shop.example/">');
    expect(variant).toContain('<meta name="robots" content="noindex">');
    const home = await (await app.request("http://10.0.0.7/")).text();
    expect(home).toContain('<link rel="canonical" href="https://shop.example/">');
    expect(home).not.toContain("noindex");
  });
});
