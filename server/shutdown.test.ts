import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PostgresStore } from "./db/postgres-store";
import { makeStore } from "./test-utils";
import { freePort } from "./test-port";

describe("graceful shutdown (issue 14)", () => {
  it("on SIGTERM finishes the request in flight, stops accepting, closes the database and exits 0", async () => {
    const port = await freePort();
    // The project's database: a SQLite file, or (postgres project) a fresh PostgreSQL database whose pool
    // the server closes on its way out.
    const seeded = await makeStore();
    const database = seeded instanceof PostgresStore ? seeded.url : null;
    await seeded.close();
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SERVER_SECRET: "shutdown-test-secret-0123456789abcdef",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        PORT: String(port),
        HOST: "127.0.0.1",
        ...(database ? { DATABASE_URL: database } : {}),
        DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "shutdown-")), "shop.sqlite"),
        DIST_DIR: "/nonexistent",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d) => (log += String(d)));
    const origin = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/readyz`)).ok) break;
      } catch {
        // starting
      }
      if (i > 300) throw new Error(`server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A registration hashes its password with production scrypt (hundreds of ms): in flight at SIGTERM.
    const body = JSON.stringify({
      first_name: "Grace",
      last_name: "Ful",
      email: "grace@example.com",
      password: "secret1234",
      password_confirmation: "secret1234",
    });
    const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${origin}/api/customer/register`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += String(d)));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      // SIGTERM once the request is on the server's socket.
      req.on("socket", (socket) =>
        socket.once("connect", () => req.end(body, () => setTimeout(() => child.kill("SIGTERM"), 100))),
      );
    });
    const done = await reply;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body).message).toBe("Your account has been created successfully.");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    expect(log).toContain('"msg":"stopped"');
  }, 60_000);

  it("starts the sample shop as `npm start` does (NODE_ENV unset, demo seeded), without a secret or a public origin", async () => {
    const port = await freePort();
    const { NODE_ENV: _, PUBLIC_ORIGIN: _o, SERVER_SECRET: _s, ...rest } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...rest,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "sample-")), "shop.sqlite"),
        DIST_DIR: "/nonexistent",
        SEED_DEMO: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    try {
      for (let i = 0; ; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/categories`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (child.exitCode !== null || i > 300) throw new Error(`the sample shop did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = await fetch(`http://127.0.0.1:${port}/api/customer/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: "demo@bicycle-shop.test", password: "demo1234" }),
      });
      expect(login.status).toBe(200);
      expect(out).not.toContain("real shop");
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 60_000);

  it.each([
    ["without SERVER_SECRET", { NODE_ENV: "production", SERVER_SECRET: "" }, "SERVER_SECRET is not set"],
    [
      "without PUBLIC_ORIGIN (N14)",
      { NODE_ENV: "production", SERVER_SECRET: "x".repeat(40), PUBLIC_ORIGIN: "" },
      "PUBLIC_ORIGIN is not set",
    ],
    [
      "with a mistyped NODE_ENV (N13)",
      { NODE_ENV: "prod" },
      "NODE_ENV is not one of development, test, production",
    ],
    ["with a PG_POOL_MAX that is not a number", { NODE_ENV: "test", PG_POOL_MAX: "ten" }, "PG_POOL_MAX"],
    [
      "with SMS_ALLOWED_PREFIXES that are not number prefixes",
      { NODE_ENV: "test", SMS_ALLOWED_PREFIXES: "+44,33" },
      "SMS_ALLOWED_PREFIXES is not a list of number prefixes",
    ],
  ])(
    "refuses to start %s, and says why",
    async (_, settings, says) => {
      const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
        env: {
          ...process.env,
          PORT: String(await freePort()),
          HOST: "127.0.0.1",
          DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "secret-")), "shop.sqlite"),
          ...settings,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += String(d)));
      child.stderr.on("data", (d) => (out += String(d)));
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code).toBe(1);
      expect(out).toContain(says);
    },
    30_000,
  );

  it("closes a connection whose client sends its header too slowly (N15)", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "slow-")), "shop.sqlite"),
        DIST_DIR: "/nonexistent",
        HEADERS_TIMEOUT_MS: "1500",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
        } catch {
          // starting
        }
        if (i > 300) throw new Error("server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
      // A header line every 300 ms, never the blank line that ends the header: the server ends it (408).
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
      let reply = "";
      const trickle = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 300);
      socket.on("data", (d) => {
        reply += String(d);
        clearInterval(trickle);
      });
      // A line written just as the server closes makes the socket reset: what counts is the reply before it.
      socket.on("error", () => undefined);
      await once(socket, "close");
      clearInterval(trickle);
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 60_000);
});
