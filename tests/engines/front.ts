/*
 * The engines journeys' front door (tests only): an HTTP proxy on 127.0.0.1 between the browser and the shop's
 * server. The browser only ever talks to it, so a journey can
 *  - make the server unreachable and bring it back (`down`, `up`): the front stops listening and drops every
 *    open connection, as a server that stopped does (a refused connection; `navigator.onLine` stays true, as on
 *    a captive showroom Wi-Fi), while the server itself and its database stay as they were;
 *  - hold requests (`hold`): a page's code still loading when the shopper leaves it;
 *  - see the page's errors in every engine: each HTML page gets a small inline script first in its <head> that
 *    keeps the page's uncaught errors, unhandled rejections and console errors in sessionStorage
 *    (`PAGE_ERRORS_KEY`), its hash added to the page's Content-Security-Policy. Selenium has no page-error
 *    events for WebKitGTK; the same collector serves both engines.
 * Each front has its own port: another port is another origin (no service worker, no storage), the first visit
 * of a fresh browser.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { freePort } from "../../server/test-port";

export const PAGE_ERRORS_KEY = "engines-page-errors";

/** Runs in the page before its own scripts (a classic inline script: module scripts run after it). */
const COLLECTOR = `(() => {
  const key = ${JSON.stringify(PAGE_ERRORS_KEY)};
  const keep = (text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || "[]");
      list.push(location.pathname + location.search + ": " + text);
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {}
  };
  const describe = (value) =>
    value instanceof Error ? value.name + ": " + value.message + " " + (value.stack || "") : String(value);
  addEventListener("error", (e) => keep(describe(e.error || e.message)));
  addEventListener("unhandledrejection", (e) => keep("unhandled rejection: " + describe(e.reason)));
  const error = console.error;
  console.error = function (...args) {
    keep("console.error: " + args.map(describe).join(" "));
    return error.apply(this, args);
  };
})();`;
const COLLECTOR_HASH = `'sha256-${createHash("sha256").update(COLLECTOR).digest("base64")}'`;

export interface Request {
  method: string;
  path: string;
  /** the server's status, or "held"/"down"/"aborted" */
  status: number | string;
}

export interface Hold {
  /** requests held so far (still waiting or ended by the browser) */
  readonly held: { path: string; closedByBrowser: boolean }[];
  /** every held request goes on to the server; later ones are no longer held */
  release(): void;
}

export interface Front {
  readonly origin: string;
  /** every request the browser made through this front, in order */
  readonly requests: Request[];
  /** the server cannot be reached: nothing listens on the port, open connections are dropped */
  down(): Promise<void>;
  /** the server can be reached again, on the same port */
  up(): Promise<void>;
  /** holds the requests `match` picks until `release()` (or until the browser gives up on one) */
  hold(match: (path: string, req: IncomingMessage) => boolean): Hold;
  close(): Promise<void>;
}

export interface FrontOptions {
  /** paths this front answers 404 itself (e.g. /sw.js: a page that never gets a service worker) */
  notFound?: string[];
}

function withCollectorHash(csp: string): string {
  return /(^|;)\s*script-src\s/.test(csp)
    ? csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${COLLECTOR_HASH}`)
    : csp;
}

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  // Uncompressed replies, so that pages can be read and changed here.
  const out: IncomingHttpHeaders = { ...headers };
  delete out["accept-encoding"];
  return out;
}

function replyHeaders(res: IncomingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    out[name] = name === "content-security-policy" ? withCollectorHash(String(value)) : value;
  }
  return out;
}

export async function startFront(serverPort: number, options: FrontOptions = {}): Promise<Front> {
  const port = await freePort();
  const requests: Request[] = [];
  const sockets = new Set<Socket>();
  const holds: {
    match: (path: string, req: IncomingMessage) => boolean;
    hold: Hold;
    waiting: (() => void)[];
  }[] = [];
  let server: Server | null = null;

  const forward = (req: IncomingMessage, res: ServerResponse, entry: Request) => {
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: serverPort,
        method: req.method,
        path: req.url,
        headers: forwardHeaders(req.headers),
      },
      (reply) => {
        entry.status = reply.statusCode ?? 0;
        const headers = replyHeaders(reply);
        const isHtml = String(reply.headers["content-type"] ?? "").startsWith("text/html");
        if (!isHtml || req.method === "HEAD" || reply.statusCode === 304) {
          res.writeHead(reply.statusCode ?? 502, headers);
          reply.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on("data", (c: Buffer) => chunks.push(c));
        reply.on("end", () => {
          const html = Buffer.concat(chunks)
            .toString("utf8")
            .replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>${COLLECTOR}</script>`);
          const body = Buffer.from(html, "utf8");
          delete headers["transfer-encoding"];
          delete headers["etag"];
          headers["content-length"] = String(body.length);
          res.writeHead(reply.statusCode ?? 502, headers);
          res.end(body);
        });
        reply.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      entry.status = "down";
      res.destroy();
    });
    req.pipe(upstream);
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    const entry: Request = { method: req.method ?? "GET", path, status: "pending" };
    requests.push(entry);
    if (options.notFound?.includes(path.split("?")[0]!)) {
      entry.status = 404;
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const holding = holds.find((h) => h.match(path, req));
    if (!holding) return forward(req, res, entry);
    entry.status = "held";
    const item = { path, closedByBrowser: false };
    (holding.hold.held as { path: string; closedByBrowser: boolean }[]).push(item);
    let released = false;
    res.on("close", () => {
      if (!released) {
        item.closedByBrowser = true;
        entry.status = "aborted";
      }
    });
    holding.waiting.push(() => {
      released = true;
      if (!res.destroyed) forward(req, res, entry);
    });
  };

  const listen = async () => {
    server = createServer(handle);
    server.keepAliveTimeout = 1000;
    server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise<void>((done) => s.close(() => done()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    down: stop,
    async up() {
      if (!server) await listen();
    },
    hold(match) {
      const waiting: (() => void)[] = [];
      const held: Hold["held"] = [];
      const entry = {
        match,
        waiting,
        hold: {
          held,
          release() {
            const i = holds.indexOf(entry);
            if (i >= 0) holds.splice(i, 1);
            for (const go of waiting.splice(0)) go();
          },
        },
      };
      holds.push(entry);
      return entry.hold;
    },
    close: async () => {
      for (const h of [...holds]) h.hold.release();
      await stop();
    },
  };
}
