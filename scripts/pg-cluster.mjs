// A throw-away PostgreSQL cluster for tests and local runs: Debian's PostgreSQL binaries, a temporary
// directory, a free 127.0.0.1 port, trust authentication, no durability (fsync off). As root (CI on
// these machines) the server runs as the `postgres` system user (else `nobody`), since PostgreSQL
// refuses to run as root.
//
//   import { startPostgres } from "./pg-cluster.mjs";
//   const pg = await startPostgres(); // pg.url === "postgres://shop@127.0.0.1:PORT/shop"
//   ...
//   await pg.stop();
//
// CLI: `node scripts/pg-cluster.mjs` prints DATABASE_URL=... and runs until SIGINT/SIGTERM.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, rmSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const NOT_INSTALLED = "PostgreSQL is not installed: apt-get install -y postgresql";
const USER = "shop";
const DATABASE = "shop";

/**
 * @typedef {object} PostgresOptions
 * @property {number} [port] A fixed port instead of a free one picked at random.
 * @property {string} [pgBin] Directory with initdb, pg_ctl and createdb (default: PG_BIN, else the
 *   highest /usr/lib/postgresql/<version>/bin).
 */

/**
 * @typedef {object} PostgresCluster
 * @property {string} url postgres://shop@127.0.0.1:PORT/shop (trust authentication, no password).
 * @property {number} port
 * @property {string} dir The temporary directory (data/, the server log and the socket directory).
 * @property {() => Promise<void>} stop Stops the server (immediate mode) and removes dir; idempotent.
 */

/**
 * @typedef {object} RunAs
 * @property {string} name
 * @property {number} uid
 * @property {number} gid
 */

/** @returns {string} The directory holding initdb and pg_ctl; throws when PostgreSQL is missing. */
export function findPgBin(/** @type {string | undefined} */ pgBin = process.env.PG_BIN) {
  /** @param {string} dir */
  const usable = (dir) =>
    ["initdb", "pg_ctl", "createdb"].every((b) => {
      try {
        accessSync(path.join(dir, b), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (pgBin) {
    if (usable(pgBin)) return pgBin;
    throw new Error(NOT_INSTALLED);
  }
  const root = "/usr/lib/postgresql";
  /** @type {string[]} */
  let versions = [];
  try {
    versions = readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    // no /usr/lib/postgresql at all
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, "bin");
    if (usable(dir)) return dir;
  }
  throw new Error(NOT_INSTALLED);
}

/** @returns {RunAs | null} The user to run the server as, or null to run it as ourselves. */
function serverUser() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
    if (uid.status === 0 && gid.status === 0) {
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    }
  }
  throw new Error("Running as root, but neither the postgres nor the nobody user exists to run PostgreSQL.");
}

/**
 * The command line that runs `cmd args` as `user` (runuser, else setpriv), or as ourselves.
 * @param {RunAs | null} user
 * @param {string} cmd
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
function asUser(user, cmd, args) {
  if (!user) return [cmd, args];
  if (existsSync("/usr/sbin/runuser") || existsSync("/sbin/runuser")) {
    return ["runuser", ["-u", user.name, "--", cmd, ...args]];
  }
  return ["setpriv", [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--init-groups", "--", cmd, ...args]];
}

/** The environment for PostgreSQL's programs: ours without PG* variables (PGHOST, PGDATABASE…). */
function pgEnv() {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("PG")) env[k] = v;
  }
  return env;
}

/**
 * Runs a program to completion, collecting its output; never rejects on a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: pgEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (err) => resolve({ code: null, output: output + String(err) }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** @returns {Promise<number>} A port that was free on 127.0.0.1 a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("Could not pick a free port."))));
    });
  });
}

/** @param {string} file @param {number} lines */
async function tail(file, lines = 30) {
  try {
    return (await readFile(file, "utf8")).trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

// Clusters not stopped yet, stopped synchronously when the process exits (`exit` does not fire when the
// process is killed by a signal it does not handle: callers that can be interrupted should handle
// SIGINT/SIGTERM and call stop(), as the CLI below does).
/** @type {Set<() => void>} */
const live = new Set();
let exitHandlerInstalled = false;
function installExitHandler() {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on("exit", () => {
    for (const stopSync of live) stopSync();
  });
}

/**
 * Starts a throw-away PostgreSQL cluster in a temporary directory on a free 127.0.0.1 port, with a
 * database `shop` owned by the superuser `shop` (trust authentication).
 * @param {PostgresOptions} [opts]
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgres(opts = {}) {
  const bin = findPgBin(opts.pgBin ?? process.env.PG_BIN);
  const user = serverUser();
  const dir = await mkdtemp(path.join(os.tmpdir(), "pg-cluster-"));
  const data = path.join(dir, "data");
  const sockets = path.join(dir, "s"); // short: a Unix socket path has at most 107 bytes
  const log = path.join(dir, "server.log");
  /** @param {string} program @param {string[]} args */
  const pg = (program, args) => run(...asUser(user, path.join(bin, program), args), dir);

  let started = false;
  const stopSync = () => {
    live.delete(stopSync);
    if (started) {
      spawnSync(...asUser(user, path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]), {
        cwd: dir,
        env: pgEnv(),
        stdio: "ignore",
      });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  installExitHandler();
  live.add(stopSync);

  /** @type {Promise<void> | null} */
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (started) {
        await pg("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
        started = false;
      }
      await rm(dir, { recursive: true, force: true });
      live.delete(stopSync);
    })();
    return stopping;
  };

  /** @param {string} message */
  const fail = async (message) => {
    const logTail = await tail(log);
    await stop();
    return new Error(`${message}\n--- tail of the server log ---\n${logTail}`);
  };

  try {
    for (const d of [data, sockets]) await mkdir(d, { mode: 0o700 });
    if (user) {
      // The directory is the server user's own (0700): root can still read and remove it.
      for (const d of [dir, data, sockets]) await chown(d, user.uid, user.gid);
      await chmod(dir, 0o700);
      const probe = spawnSync(...asUser(user, "test", ["-w", dir]), { cwd: "/" });
      if (probe.status !== 0) {
        throw new Error(
          `The ${user.name} user cannot use ${dir}: is ${os.tmpdir()} traversable by it? Set TMPDIR=/tmp.`,
        );
      }
    }

    const initArgs = ["-D", data, "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync"];
    let init = await pg("initdb", [...initArgs, "--locale=C.UTF-8"]);
    if (init.code !== 0) init = await pg("initdb", [...initArgs, "--locale=C"]);
    if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${init.output.trimEnd()}`);

    // A port picked here may be taken by someone else before the server binds it: retry on a new one.
    for (let attempt = 1; ; attempt++) {
      const port = opts.port ?? (await freePort());
      const settings = [
        "-h 127.0.0.1",
        `-p ${port}`,
        `-k ${sockets}`,
        "-F",
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=200",
      ].join(" ");
      await rm(log, { force: true });
      started = true; // possibly: a server that missed pg_ctl's deadline may still be starting
      const start = await pg("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", settings, "start"]);
      if (start.code !== 0) {
        const logText = await tail(log, 200);
        if (!opts.port && attempt < 3 && /could not bind|already in use/i.test(logText)) {
          await pg("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
          continue;
        }
        throw await fail(
          `pg_ctl start failed (exit ${start.code}) on port ${port}:\n${start.output.trimEnd()}`,
        );
      }

      const host = ["-h", "127.0.0.1", "-p", String(port), "-U", USER];
      const created = await run(path.join(bin, "createdb"), [...host, DATABASE], dir);
      if (created.code !== 0) {
        throw await fail(`createdb failed (exit ${created.code}):\n${created.output.trimEnd()}`);
      }
      return { url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`, port, dir, stop };
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

// CLI: start a cluster, print its URL, stop it on SIGINT/SIGTERM/SIGHUP.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const pg = await startPostgres();
    process.stdout.write(`DATABASE_URL=${pg.url}\n`);
    console.error(`PostgreSQL running in ${pg.dir}; stop it with Ctrl-C (SIGINT) or SIGTERM.`);
    const keepAlive = setInterval(() => {}, 1 << 30);
    /** @param {NodeJS.Signals} signal */
    const shutdown = async (signal) => {
      clearInterval(keepAlive);
      await pg.stop();
      console.error(`PostgreSQL stopped (${signal}).`);
      process.exit(0);
    };
    for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
      process.once(signal, shutdown);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
