// The soak's own reference server: a child process on its own port and database file, so the soak can
// kill it with SIGKILL mid-replay and start it again on the same file (Playwright's web server cannot be).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

export class SoakServer {
  private child: ChildProcess | null = null;
  kills = 0;
  readonly origin: string;
  private readonly file: string;

  constructor(readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
    this.file = `data/soak-${port}.sqlite`;
  }

  /** A fresh database (first start only). */
  reset(): void {
    mkdirSync("data", { recursive: true });
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(this.file + suffix, { force: true });
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATABASE_FILE: this.file,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!alive(child)) throw new Error(`soak server exited (${child.exitCode ?? child.signalCode})`);
      try {
        const res = await fetch(`${this.origin}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("soak server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown, no flushing; whatever was committed is what the next start finds. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !alive(child)) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.kills++;
    this.child = null;
  }

  get running(): boolean {
    return this.child !== null && alive(this.child);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !alive(child)) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }
}

/** A process killed by a signal has a `signalCode` and no `exitCode`: both say it is gone. */
function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** mulberry32: a small seeded PRNG; every random choice of the soak comes from it. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the server holds against what the shopper's gestures intended. */
export function compare(
  expected: Map<number, number>,
  actual: Map<number, number>,
): { lost: number; doubled: number } {
  let lost = 0;
  let doubled = 0;
  for (const id of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(id) ?? 0;
    const a = actual.get(id) ?? 0;
    if (a < e) lost += e - a;
    if (a > e) doubled += a - e;
  }
  return { lost, doubled };
}
