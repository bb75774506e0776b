import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PostgresStore } from "./db/store";
import { makeStore } from "./test-utils";

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, "127.0.0.1");
  await once(s, "listening");
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

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

  it("refuses to start a real shop (NODE_ENV=production) without SERVER_SECRET, and says why", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SERVER_SECRET: "",
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "secret-")), "shop.sqlite"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(out).toContain("SERVER_SECRET is not set");
  }, 30_000);
});
