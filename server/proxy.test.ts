// Issue 36 item 4, behind a real reverse proxy: Debian's nginx, started by the test, balances two shop
// processes (the compiled server, started with the shipped systemd unit's command line; the production build;
// one PostgreSQL database)
// round-robin and keeps their pages with `proxy_cache`. Once a kept page has expired, nginx asks the next
// instance with the page's ETag (`proxy_cache_revalidate`), and that instance, which did not render the copy
// nginx holds, answers 304: the copy is kept, no page goes over the wire again. In the `postgres` project
// only (vite.config.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Store } from "./db/store";
import { PostgresStore } from "./db/postgres-store";
import { builtDist } from "./test-build";
import { makeStore } from "./test-utils";
import { freePort } from "./test-port";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const ROOT = resolve(import.meta.dirname, "..");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  port: number;
  /** what it wrote (stdout and stderr), for a failure's message */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `cmd` and waits until `up()` says it serves; fails with its output if it exits first. */
async function start(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  up: () => Promise<boolean>,
): Promise<Started> {
  const child: ChildProcess = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once("exit", () => {
      exited = true;
      done();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await Promise.race([exit, sleep(10_000)]);
    if (!exited) child.kill("SIGKILL");
    await exit;
  };
  for (let i = 0; i < 480; i++) {
    if (exited) throw new Error(`${name} exited before it was ready:\n${output}`);
    if (await up().catch(() => false)) return { port, output: () => output, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`${name} was not ready within 120 s:\n${output}`);
}

/**
 * The server compiled to JavaScript (scripts/build-server.mjs) into a folder of this run inside the project
 * (so its packages resolve from node_modules), and the command that starts it: the shipped systemd unit's
 * `ExecStart` (deploy/systemd/velora@.service), with this Node and this folder.
 */
async function compiledServer(): Promise<{ dir: string; args: string[] }> {
  const dir = join(ROOT, "node_modules/.cache", `test-server-${process.pid}`);
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs", dir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`the server did not compile:\n${built.stdout}${built.stderr}`);
  const unit = await readFile(join(ROOT, "deploy/systemd/velora@.service"), "utf8");
  const exec = /^ExecStart=(\S+) (.*)$/m.exec(unit);
  if (!exec || !exec[2]!.includes("dist-server/index.js"))
    throw new Error("deploy/systemd/velora@.service no longer starts dist-server/index.js with node");
  return { dir, args: exec[2]!.split(/\s+/).map((a) => a.replace(/^dist-server\//, `${dir}/`)) };
}

let server: { dir: string; args: string[] } | undefined;

/** One shop instance on `databaseUrl`, serving the production build `distDir`, ready (its renderer warm). */
async function startShop(name: string, databaseUrl: string, distDir: string): Promise<Started> {
  const port = await freePort();
  return start(
    name,
    process.execPath,
    server!.args,
    {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DIST_DIR: distDir,
      // The test's database is cloned from the migrated, seeded template.
      MIGRATE_ON_START: "0",
      RENDER_THREADS: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
    },
    port,
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
  );
}

/**
 * The start of an nginx configuration kept in `dir` (its pid file, logs and temporary files there; as root
 * its worker runs as nobody), up to the opening of its `http {}` block.
 */
function nginxPrelude(dir: string): string {
  const root = process.getuid?.() === 0;
  return `${root ? "user nobody nogroup;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
`;
}

/**
 * nginx in a temporary folder (its pid file, logs, temporary files and cache there; as root its worker runs
 * as nobody): round-robin over `upstreams`, pages kept for one second (the shop's `s-maxage=60` is replaced
 * so that the test need not wait a minute), then revalidated with their ETag. Each reply says which instance
 * answered nginx and how (`$upstream_addr`, `$upstream_status`), and what the cache did
 * (`$upstream_cache_status`).
 */
async function startNginx(upstreams: number[]): Promise<Started & { log: () => Promise<string> }> {
  const dir = await mkdtemp(join(tmpdir(), "nginx-"));
  await chmod(dir, 0o755);
  const port = await freePort();
  await writeFile(
    join(dir, "nginx.conf"),
    `${nginxPrelude(dir)}  log_format upstreams '$request_uri $status cache=$upstream_cache_status upstream=$upstream_addr '
                       'upstream_status=$upstream_status etag=$upstream_http_etag';
  access_log ${dir}/access.log upstreams;
  proxy_cache_path ${dir}/cache levels=1 keys_zone=pages:1m max_size=20m inactive=10m use_temp_path=off;
  upstream shop {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location = /nginx-up { return 204; }
    location / {
      proxy_pass http://shop;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_cache pages;
      proxy_ignore_headers Cache-Control Expires;
      proxy_cache_valid 200 404 1s;
      proxy_cache_revalidate on;
      add_header X-Cache-Status $upstream_cache_status always;
      add_header X-Upstream $upstream_addr always;
      add_header X-Upstream-Status $upstream_status always;
    }
  }
}
`,
  );
  const started = await start(
    "nginx",
    NGINX,
    ["-p", `${dir}/`, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
    process.env,
    port,
    async () => (await fetch(`http://127.0.0.1:${port}/nginx-up`)).status === 204,
  );
  return {
    ...started,
    log: async () => {
      const read = (file: string) => readFile(join(dir, file), "utf8").catch(() => "");
      return `${await read("access.log")}${await read("error.log")}`;
    },
    stop: async () => {
      await started.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The nginx configuration the repository ships (deploy/nginx/velora.conf), included in a minimal nginx
 * configuration in a temporary folder, with the test's instances, port and cache folder put in its place.
 */
async function startShippedNginx(upstreams: number[]): Promise<Started> {
  const dir = await mkdtemp(join(tmpdir(), "nginx-shipped-"));
  await chmod(dir, 0o755);
  const port = await freePort();
  const shipped = await readFile(join(ROOT, "deploy/nginx/velora.conf"), "utf8");
  const instances = /( *server 127\.0\.0\.1:\d+; +# instance\n)+/.exec(shipped);
  const listen = /listen 80; +# listen/.exec(shipped);
  if (!instances || !listen || !shipped.includes("/var/cache/nginx/velora"))
    throw new Error("deploy/nginx/velora.conf no longer has the lines this test replaces");
  await writeFile(
    join(dir, "velora.conf"),
    shipped
      .replace(instances[0], upstreams.map((p) => `    server 127.0.0.1:${p};\n`).join(""))
      .replace(listen[0], `listen 127.0.0.1:${port};`)
      .replace("/var/cache/nginx/velora", `${dir}/cache`),
  );
  await writeFile(
    join(dir, "nginx.conf"),
    `${nginxPrelude(dir)}  access_log ${dir}/access.log;
  include ${dir}/velora.conf;
}
`,
  );
  const started = await start(
    "nginx (shipped configuration)",
    NGINX,
    ["-p", `${dir}/`, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
    process.env,
    port,
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200,
  );
  return {
    ...started,
    stop: async () => {
      await started.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let store: Store | undefined;
let shops: Started[] = [];
let nginx: (Started & { log: () => Promise<string> }) | undefined;
let productPath = "";

beforeAll(async () => {
  // Never skipped: a machine without nginx fails here and says how to install it (.ci/run does).
  if (!existsSync(NGINX))
    throw new Error(
      `nginx is missing at ${NGINX}: install it with \`sudo apt-get install -y nginx\` (or set NGINX_BIN)`,
    );
  if (!inject("postgresUrl")) throw new Error("server/proxy.test.ts runs in the postgres project only");
  const distDir = await builtDist();
  server = await compiledServer();
  store = await makeStore();
  if (!(store instanceof PostgresStore)) throw new Error("expected a PostgreSQL database");
  const url = store.url;
  const [product] = await store.raw<{ url_key: string }>("select url_key from products order by id limit 1");
  productPath = `/product/${product!.url_key}`;
  shops = await Promise.all([startShop("shop A", url, distDir), startShop("shop B", url, distDir)]);
  nginx = await startNginx(shops.map((s) => s.port));
}, 300_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(shops.map((s) => s.stop()));
  await store?.close();
  if (server) await rm(server.dir, { recursive: true, force: true });
});

/** A page through nginx, as a browser asks for it (compressed). */
async function viaProxy(path: string, headers: Record<string, string>) {
  const reply = await fetch(`http://127.0.0.1:${nginx!.port}${path}`, {
    headers: { "Accept-Encoding": "gzip, br", Accept: "text/html", ...headers },
  });
  const body = await reply.text();
  return {
    status: reply.status,
    body,
    etag: reply.headers.get("etag"),
    cache: reply.headers.get("x-cache-status"),
    upstream: reply.headers.get("x-upstream"),
    upstreamStatus: reply.headers.get("x-upstream-status"),
  };
}

describe("two instances behind nginx with proxy_cache (issue 36)", () => {
  it("revalidate a page one rendered with the other: 304, and nginx keeps its copy", async () => {
    const visits: [string, Record<string, string>][] = [
      ["/", {}],
      ["/catalog/mountain-bikes?sort=price", { Cookie: "lang=fr" }],
      [productPath, { Cookie: "lang=de; currency=EUR" }],
    ];
    for (const [path, headers] of visits) {
      const what = `${path} ${JSON.stringify(headers)}`;
      const first = await viaProxy(path, headers);
      const log = async () => `${what}\nnginx's log:\n${await nginx!.log()}`;
      expect(first.status, await log()).toBe(200);
      expect(first.body, what).toContain('id="server-state"');
      expect(first.cache, await log()).toBe("MISS");
      // Until the kept copy expires nginx answers from it without asking anyone.
      let again = await viaProxy(path, headers);
      for (let i = 0; again.cache === "HIT" && i < 40; i++) {
        await sleep(250);
        again = await viaProxy(path, headers);
      }
      // Expired: nginx asked the next instance (round-robin) with the ETag of the other's page.
      expect(again.upstream, await log()).not.toBe(first.upstream);
      expect([first.upstream, again.upstream].sort(), await log()).toEqual(
        shops.map((s) => `127.0.0.1:${s.port}`).sort(),
      );
      expect(again.upstreamStatus, await log()).toBe("304");
      expect(again.cache, await log()).toBe("REVALIDATED");
      expect(again.status, what).toBe(200);
      expect(again.etag, what).toBe(first.etag);
      expect(again.body, what).toBe(first.body);
    }
  }, 120_000);
});

describe("the nginx configuration in deploy/ (issue 38)", () => {
  it("keeps public pages per language, never a personal reply or a signed-in request, and hides /metrics", async () => {
    const shipped = await startShippedNginx(shops.map((s) => s.port));
    try {
      const get = async (path: string, headers: Record<string, string> = {}) => {
        const r = await fetch(`http://127.0.0.1:${shipped.port}${path}`, {
          headers: { "Accept-Encoding": "gzip", Accept: "text/html", ...headers },
        });
        return {
          status: r.status,
          body: await r.text(),
          cache: r.headers.get("x-cache-status"),
          cookie: r.headers.get("set-cookie"),
        };
      };
      const first = await get(productPath);
      expect(first.status).toBe(200);
      expect(first.cache).toBe("MISS");
      const again = await get(productPath);
      expect(again.cache).toBe("HIT");
      expect(again.body).toBe(first.body);
      // Another language is another kept copy, in that language.
      const french = await get(productPath, { Cookie: "lang=fr" });
      expect(french.cache).toBe("MISS");
      expect(french.body).toContain('<html lang="fr"');
      expect((await get(productPath, { Cookie: "lang=fr" })).cache).toBe("HIT");
      expect((await get(productPath)).body).toContain('<html lang="en"');
      // A guest's cart read starts a session: never kept, so no guest ever gets another's cookie.
      const a = await get("/api/checkout/cart", { Accept: "application/json" });
      const b = await get("/api/checkout/cart", { Accept: "application/json" });
      expect(a.cookie).toMatch(/^bagisto_session=/);
      expect(b.cookie).toMatch(/^bagisto_session=/);
      expect(b.cookie).not.toBe(a.cookie);
      expect([a.cache, b.cache]).not.toContain("HIT");
      // A signed-in shopper's request bypasses the cache.
      expect((await get(productPath, { Authorization: "Bearer x".padEnd(40, "x") })).cache).toBe("BYPASS");
      expect((await get("/metrics")).status).toBe(404);
    } finally {
      await shipped.stop();
    }
  }, 120_000);
});
