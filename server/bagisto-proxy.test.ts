import { serve, type ServerType } from "@hono/node-server";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  createProxyApp,
  parseBagistoUrl,
  rewriteSetCookie,
  UPSTREAM_DOWN_MESSAGE,
  UPSTREAM_TIMEOUT_MESSAGE,
} from "./bagisto-proxy";
import { createLogger } from "./lib/log";
import { DEMO_CUSTOMER, makeApp } from "./test-utils";

const silent = createLogger("silent");
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}
function close(server: Server | ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

/** Our shop in front of `upstream`, listening on a free port. */
async function startProxy(
  upstream: string,
  extra: { timeoutMs?: number; publicOrigin?: string; trustProxy?: number } = {},
): Promise<string> {
  const app = createProxyApp({ upstream: parseBagistoUrl(upstream), log: silent, distDir: null, ...extra });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  closers.push(() => close(server));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A bare HTTP server standing in for Bagisto: records what reached it, answers with `reply`. */
async function fakeBagisto(
  reply: (req: Seen, res: ServerResponse) => void,
): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(entry);
      reply(entry, res);
    });
  });
  const port = await listen(server);
  closers.push(() => close(server));
  return { origin: `http://127.0.0.1:${port}`, seen };
}

/** A raw request, so that hop-by-hop headers (which fetch refuses to send) reach the proxy. */
function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

describe("Bagisto's Set-Cookie on our origin", () => {
  const http = { upstreamPath: "/api", secure: false };
  const https = { upstreamPath: "/api", secure: true };

  it("Laravel's session cookie becomes host-only, for our /api alone, and loses Secure on plain http", () => {
    expect(
      rewriteSetCookie(
        "bagisto_session=abc; expires=Thu, 26 Nov 2026 02:00:00 GMT; Max-Age=7200; path=/; domain=.shop.example; secure; httponly; samesite=lax",
        http,
      ),
    ).toBe(
      "bagisto_session=abc; Path=/api; expires=Thu, 26 Nov 2026 02:00:00 GMT; Max-Age=7200; httponly; SameSite=lax",
    );
  });

  it("on an https origin every cookie is Secure", () => {
    expect(rewriteSetCookie("bagisto_session=abc; Path=/; HttpOnly; SameSite=Lax", https)).toBe(
      "bagisto_session=abc; Path=/api; HttpOnly; SameSite=Lax; Secure",
    );
  });

  it("SameSite=None, which needs Secure, becomes Lax on plain http", () => {
    expect(rewriteSetCookie("a=1; Path=/; SameSite=None; Secure; Partitioned", http)).toBe(
      "a=1; Path=/api; SameSite=Lax",
    );
    expect(rewriteSetCookie("a=1; Path=/; SameSite=None; Secure", https)).toBe(
      "a=1; Path=/api; SameSite=None; Secure",
    );
  });

  it("a path inside Bagisto's API root maps into ours; a path outside it is dropped", () => {
    expect(rewriteSetCookie("a=1; Path=/api/checkout", http)).toBe("a=1; Path=/api/checkout");
    expect(rewriteSetCookie("a=1; Path=/shop/api/", { upstreamPath: "/shop/api", secure: false })).toBe(
      "a=1; Path=/api",
    );
    expect(rewriteSetCookie("a=1; Path=/admin", http)).toBeNull();
    expect(rewriteSetCookie("a=1; Path=/apiary", http)).toBeNull();
    expect(rewriteSetCookie("a=1; Path=/x", { upstreamPath: "", secure: false })).toBe("a=1; Path=/api/x");
    // No Path: the browser takes the folder of the address it asked, which is already ours.
    expect(rewriteSetCookie("a=1; HttpOnly", http)).toBe("a=1; HttpOnly");
  });

  it("__Host- and __Secure- cookies keep what their prefix demands", () => {
    expect(rewriteSetCookie("__Host-s=1; Path=/; Secure; HttpOnly", http)).toBe(
      "__Host-s=1; Path=/; HttpOnly; Secure",
    );
    expect(rewriteSetCookie("__Secure-s=1; Path=/; Domain=shop.example; Secure", http)).toBe(
      "__Secure-s=1; Path=/api; Secure",
    );
  });
});

describe("BAGISTO_URL", () => {
  it("is an http(s) API root; anything else is refused with a reason", () => {
    expect(parseBagistoUrl("https://shop.example/api/").href).toBe("https://shop.example/api");
    expect(() => parseBagistoUrl("shop.example/api")).toThrow(/not an address/);
    expect(() => parseBagistoUrl("ftp://shop.example/api")).toThrow(/http or https/);
    expect(() => parseBagistoUrl("https://shop.example/api?token=1")).toThrow(/no query/);
  });
});

describe("the /api pass-through", () => {
  it("passes method, path, query, body and the safe headers, never a hop-by-hop header", async () => {
    const bagisto = await fakeBagisto((_req, res) => {
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "ok" }));
    });
    const proxy = await startProxy(`${bagisto.origin}/shop/api`);
    const body = JSON.stringify({ product_id: 5, quantity: 2 });
    const res = await rawRequest(`${proxy}/api/checkout/cart/add/5?token=true&x=a%20b`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        Authorization: "Bearer t0ken",
        Cookie: "bagisto_session=abc",
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        "Idempotency-Key": "k-1",
        Connection: "keep-alive, X-Secret-Hop",
        "X-Secret-Hop": "1",
        "Keep-Alive": "timeout=5",
        "Proxy-Authorization": "Basic eDp5",
        TE: "trailers",
        Upgrade: "websocket",
        Origin: "http://evil.example",
        "X-Forwarded-For": "203.0.113.9",
      },
      body,
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ message: "ok" });
    const [seen] = bagisto.seen;
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("/shop/api/checkout/cart/add/5?token=true&x=a%20b");
    expect(JSON.parse(seen?.body ?? "")).toEqual({ product_id: 5, quantity: 2 });
    expect(seen?.headers).toMatchObject({
      accept: "application/json",
      authorization: "Bearer t0ken",
      cookie: "bagisto_session=abc",
      "content-type": "application/json",
      "idempotency-key": "k-1",
      "x-forwarded-for": "203.0.113.9, 127.0.0.1",
    });
    for (const name of ["x-secret-hop", "keep-alive", "proxy-authorization", "te", "upgrade", "origin"])
      expect(seen?.headers[name]).toBeUndefined();
    expect(seen?.headers.connection ?? "keep-alive").toBe("keep-alive");
  });

  it("rewrites Bagisto's cookies and redirects for our origin and drops its hop-by-hop and HSTS headers", async () => {
    const bagisto = await fakeBagisto((_req, res) => {
      res.setHeader("Set-Cookie", [
        "bagisto_session=s1; path=/; domain=shop.example; secure; httponly; samesite=lax",
        "XSRF-TOKEN=x1; path=/; secure; samesite=lax",
        "admin=a; path=/admin",
      ]);
      res.setHeader("Location", "/api/customer/login");
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
      res.setHeader("Connection", "close, X-Hop");
      res.setHeader("X-Hop", "1");
      res.setHeader("X-Powered-By", "PHP/7.4");
      res.writeHead(302);
      res.end();
    });
    const proxy = await startProxy(`${bagisto.origin}/api`);
    const res = await rawRequest(`${proxy}/api/customer/account`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/api/customer/login");
    expect(res.headers["set-cookie"]).toEqual([
      "bagisto_session=s1; Path=/api; httponly; SameSite=lax",
      "XSRF-TOKEN=x1; Path=/api; SameSite=lax",
    ]);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-hop"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("makes the session cookie Secure when shoppers reach the shop over https", async () => {
    const bagisto = await fakeBagisto((_req, res) => {
      res.setHeader("Set-Cookie", "bagisto_session=s1; path=/; httponly; samesite=lax");
      res.end("{}");
    });
    const behindHttps = await startProxy(`${bagisto.origin}/api`, { publicOrigin: "https://shop.test" });
    expect((await rawRequest(`${behindHttps}/api/checkout/cart`)).headers["set-cookie"]).toEqual([
      "bagisto_session=s1; Path=/api; httponly; SameSite=lax; Secure",
    ]);
    const behindProxy = await startProxy(`${bagisto.origin}/api`, { trustProxy: 1 });
    const forwarded = await rawRequest(`${behindProxy}/api/checkout/cart`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(forwarded.headers["set-cookie"]?.[0]).toMatch(/; Secure$/);
    // Without TRUST_PROXY the header is the client's word, not taken.
    const untrusted = await startProxy(`${bagisto.origin}/api`);
    const plain = await rawRequest(`${untrusted}/api/checkout/cart`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(plain.headers["set-cookie"]?.[0]).not.toMatch(/Secure/);
  });

  it("streams a reply: the first part arrives while Bagisto is still writing", async () => {
    let finish: () => void = () => {};
    const bagisto = await fakeBagisto((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first part;");
      finish = () => res.end("second part");
    });
    const proxy = await startProxy(`${bagisto.origin}/api`);
    // Uncompressed: gzip holds small parts until its block fills (a JSON reply is sent compressed whole).
    const res = await fetch(`${proxy}/api/slow`, { headers: { "Accept-Encoding": "identity" } });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("first part;");
    finish();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("second part");
  });

  it("sends Bagisto's JSON compressed to a browser that accepts gzip", async () => {
    const list = JSON.stringify({
      data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Bike ${id}` })),
    });
    const bagisto = await fakeBagisto((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(list) });
      res.end(list);
    });
    const proxy = await startProxy(`${bagisto.origin}/api`);
    const res = await rawRequest(`${proxy}/api/products`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    const plain = await fetch(`${proxy}/api/products`);
    expect(await plain.text()).toBe(list);
  });

  it("answers 502 with a clear message when Bagisto cannot be reached", async () => {
    // A port nothing listens on. The system may hand the port just closed to the proxy itself, which would then
    // pass each request on to itself (headers growing until a 431): then another port.
    let proxy = "";
    for (let attempt = 0; attempt < 5 && !proxy; attempt++) {
      const server = createServer();
      const port = await listen(server);
      await close(server);
      const started = await startProxy(`http://127.0.0.1:${port}/api`);
      if (!started.endsWith(`:${port}`)) proxy = started;
    }
    const res = await fetch(`${proxy}/api/products?limit=4`, { headers: { Accept: "application/json" } });
    expect(res.status).toBe(502);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: UPSTREAM_DOWN_MESSAGE });
    expect((await fetch(`${proxy}/readyz`)).status).toBe(503);
  });

  it("answers 504 with a clear message when Bagisto does not answer in time", async () => {
    const bagisto = await fakeBagisto(() => {
      // never answers
    });
    const proxy = await startProxy(`${bagisto.origin}/api`, { timeoutMs: 300 });
    const res = await fetch(`${proxy}/api/products`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: UPSTREAM_TIMEOUT_MESSAGE });
  });
});

describe("the reference server in strict-Bagisto mode in Bagisto's place", () => {
  async function referenceUpstream(): Promise<string> {
    const app = await makeApp({ bagistoStrict: true });
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    closers.push(() => close(server));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  }

  it("keeps a guest's cart across requests by its session cookie, and a customer's token reaches it", async () => {
    const proxy = await startProxy(await referenceUpstream());
    const json = { Accept: "application/json", "Content-Type": "application/json" };
    const list = await (await fetch(`${proxy}/api/products?limit=20`, { headers: json })).json();
    const simple = (list.data as { id: number; type: string; in_stock?: boolean }[]).find(
      (p) => p.type === "simple",
    )!;
    const add = await fetch(`${proxy}/api/checkout/cart/add/${simple.id}`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ product_id: simple.id, quantity: 2, is_configurable: false }),
    });
    expect(add.status).toBe(200);
    const cookies = add.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^bagisto_session=[\w-]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = cookies[0]!.split(";")[0]!;
    const cart = await (
      await fetch(`${proxy}/api/checkout/cart`, { headers: { ...json, Cookie: cookie } })
    ).json();
    // Bagisto's cart line: the product nested, no `product_id` of its own (strict mode).
    expect(
      cart.data.items.map((i: { product_id?: number; product: { id: number }; quantity: number }) => [
        i.product_id,
        i.product.id,
        i.quantity,
      ]),
    ).toEqual([[undefined, simple.id, 2]]);
    // Without the cookie there is no cart: the cookie is what carried it.
    expect((await (await fetch(`${proxy}/api/checkout/cart`, { headers: json })).json()).data).toBeNull();

    const login = await fetch(`${proxy}/api/customer/login?token=true`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    const { token } = await login.json();
    expect(typeof token).toBe("string");
    const anonymous = await fetch(`${proxy}/api/addresses?token=true`, { headers: json });
    expect(anonymous.status).toBe(401);
    const mine = await fetch(`${proxy}/api/addresses?token=true`, {
      headers: { ...json, Authorization: `Bearer ${token}` },
    });
    expect(mine.status).toBe(200);
    expect(Array.isArray((await mine.json()).data)).toBe(true);
    // What Bagisto lacks is a 404 through the proxy too.
    expect((await fetch(`${proxy}/api/getattributes`, { headers: json })).status).toBe(404);
  });
});
