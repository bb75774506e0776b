/*
 * The production storefront build (the client and its server renderer, scripts/build.mjs) for the server
 * tests that need the real renderer in a real server. Built once per content of its sources and kept in
 * node_modules/.cache/test-dist/<hash>/ (inside the project, so the renderer's `import("jsdom")` is found):
 * the test files that use it, in both test projects and in later runs, share one build. A build under way in
 * another process is waited for, not repeated.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
/** What the build is made from: these folders' files and these files (scripts/build.mjs, vite.config.ts). */
const SOURCES = ["src", "sw", "public"];
const FILES = [
  "index.html",
  "vite.config.ts",
  "lingui.config.ts",
  "scripts/catalogues.mjs",
  "package-lock.json",
  "tsconfig.base.json",
  "tsconfig.app.json",
  "tsconfig.sw.json",
  "scripts/build.mjs",
];
const BUILD_TIMEOUT_MS = 300_000;
/** A build no run has used for this long is removed by the next build. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

function sourceHash(): string {
  const hash = createHash("sha256");
  const add = (rel: string) => {
    const file = join(ROOT, rel);
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      // Test files are not built.
      for (const name of readdirSync(file).sort()) if (!/\.test\.tsx?$/.test(name)) add(`${rel}/${name}`);
      return;
    }
    hash.update(`${rel}\0`).update(readFileSync(file)).update("\0");
  };
  for (const rel of [...SOURCES, ...FILES]) add(rel);
  return hash.digest("hex").slice(0, 16);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGTERM"), BUILD_TIMEOUT_MS);
    child.on("error", fail);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`the test build failed (${signal ?? `exit ${code}`}):\n${stderr}`));
    });
  });
}

let building: Promise<string> | null = null;

/**
 * The folder of the built storefront, as `distDir` (and DIST_DIR) takes it; its renderer is
 * `<folder>-ssr/entry-server.js`. TEST_DIST_DIR names an existing build to use instead.
 */
export function builtDist(): Promise<string> {
  if (process.env.TEST_DIST_DIR) return Promise.resolve(resolve(process.env.TEST_DIST_DIR));
  return (building ??= build());
}

/** Whether the build in `dir` is complete; if so it is marked as used now. */
function usable(dir: string): boolean {
  const done = join(dir, "done");
  if (!existsSync(done)) return false;
  const now = new Date();
  utimesSync(done, now, now);
  return true;
}

/** Removes the builds of older sources that no run has used for a day. */
function pruneUnused(base: string, keep: string): void {
  for (const name of readdirSync(base)) {
    const dir = join(base, name);
    if (dir === keep || !/^[0-9a-f]{16}$/.test(name)) continue;
    const done = join(dir, "done");
    if (existsSync(done) && Date.now() - statSync(done).mtimeMs > UNUSED_MS)
      rmSync(dir, { recursive: true, force: true });
  }
}

async function build(): Promise<string> {
  const base = join(ROOT, "node_modules", ".cache", "test-dist");
  const final = join(base, sourceHash());
  const dist = join(final, "dist");
  if (usable(final)) return dist;
  mkdirSync(base, { recursive: true });
  const lock = `${final}.lock`;
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      if (usable(final)) return dist;
      // A lock whose process is gone (a run that was stopped) is taken over.
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {
        // written a moment after the folder
      }
      if (Number.isInteger(owner) && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - start > BUILD_TIMEOUT_MS)
        throw new Error(`the test build in ${lock} never ended`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (usable(final)) return dist;
    const partial = `${final}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    await run(process.execPath, ["scripts/build.mjs", join(partial, "dist"), "--logLevel", "warn"], {
      ...process.env,
      BUILD_ID: "test",
      NODE_ENV: "production",
    });
    writeFileSync(join(partial, "done"), new Date().toISOString());
    // Another run finished the same build meanwhile (it took over a lock it found abandoned): its copy stays.
    if (usable(final)) rmSync(partial, { recursive: true, force: true });
    else {
      rmSync(final, { recursive: true, force: true });
      renameSync(partial, final);
    }
    pruneUnused(base, final);
    return dist;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
