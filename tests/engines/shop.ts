/*
 * The shop the engines journeys run against (tests only): the production build (server/test-build.ts) on the
 * reference server, a fresh SQLite database, 127.0.0.1 on a free port, behind two fronts (front.ts): `main`,
 * where the journeys shop, and `fresh`, another origin that never gets a service worker (a first visit). What
 * the server stores is read from it directly, past the fronts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Product } from "../../src/api/contract/product";
import { builtDist } from "../../server/test-build";
import { freePort } from "../../server/test-port";
import { startFront, type Front } from "./front";

const ROOT = resolve(import.meta.dirname, "../..");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A product as the reference server sends it: the app's contract, with the stock and the colours that the
 * contract leaves optional (a Bagisto back end may not send them) and the reference server always sends.
 */
export type ApiProduct = Product & Required<Pick<Product, "stock" | "variation">>;

export interface Shop {
  /** the server itself, past the fronts (what it stores is read here) */
  server: string;
  main: Front;
  fresh: Front;
  /** the server's last output, for failure messages */
  output(): string;
  /** a GET or POST to the server's API (JSON), with a customer's token if given */
  api<T>(path: string, init?: { method?: string; body?: unknown; token?: string }): Promise<T>;
  stop(): Promise<void>;
}

export async function startShop(name: string): Promise<Shop> {
  const distDir = await builtDist();
  const port = await freePort();
  const server = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `engines-${name}-`));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_FILE: join(dataDir, "shop.sqlite"),
      DIST_DIR: distDir,
      RENDER_THREADS: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output = (output + String(d)).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + String(d)).slice(-4000)));
  const stopServer = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      const ready = await fetch(`${server}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (child.exitCode !== null || i > 480) throw new Error(`the shop did not start:\n${output}`);
      await sleep(250);
    }
  } catch (error) {
    await stopServer();
    throw error;
  }
  const main = await startFront(port);
  const fresh = await startFront(port, { notFound: ["/sw.js"] });
  return {
    server,
    main,
    fresh,
    output: () => output,
    async api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
      const reply = await fetch(`${server}/api/${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          Accept: "application/json",
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as T;
    },
    async stop() {
      await Promise.all([main.close(), fresh.close()]);
      await stopServer();
    },
  };
}

/**
 * Products whose page adds a line at once with a few units in stock: the default choice (first colour, first
 * size in stock, or the plain product) has at least 5 units, and none is sold elsewhere (affiliate link).
 */
export async function addableProducts(shop: Shop, count: number): Promise<ApiProduct[]> {
  const { data } = await shop.api<{ data: ApiProduct[] }>("products?limit=100&page=1");
  const defaultStock = (p: ApiProduct) => {
    if (!p.variation.length) return p.stock;
    const v = p.variation.find((x) => x.size.some((s) => s.stock > 0)) ?? p.variation[0];
    return v?.size.find((s) => s.stock > 0)?.stock ?? 0;
  };
  const ok = data.filter((p) => p.in_stock && !p.affiliateLink && defaultStock(p) >= 5);
  if (ok.length < count) throw new Error(`the sample data has fewer than ${count} addable products`);
  return ok.slice(0, count);
}
