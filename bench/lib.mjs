// Shared by bench/api.mjs and bench/pages.mjs: the `--db sqlite|postgres` and `--instances N` options, a
// free port, the throw-away PostgreSQL cluster (scripts/pg-cluster.mjs) and the reference server started
// with N instances (node:cluster) on 127.0.0.1, plus autocannon runs and their table rows.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { freePort } from "./serve.mjs";

/** The parseArgs options both benches take. */
export const serverOptions = {
  db: { type: "string", default: "sqlite" },
  instances: { type: "string", default: "1" },
};

/** Checks --db and --instances; for postgres starts a throw-away cluster (`cluster.url`, `cluster.stop()`). */
export async function setUp(values) {
  if (!["sqlite", "postgres"].includes(values.db)) throw new Error("--db is sqlite or postgres");
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1) throw new Error("--instances is a whole number ≥ 1");
  const cluster =
    values.db === "postgres" ? await (await import("../scripts/pg-cluster.mjs")).startPostgres() : null;
  return { db: values.db, instances, cluster };
}

export { freePort };

/**
 * Starts `server/index.ts --instances N` on a free port, on `database` (a postgres:// URL or a SQLite file;
 * the server migrates it and seeds the sample shop when it is empty), in production mode. Resolves when
 * `readyPath` answers 2xx, with `{ origin, stop }`; stop() sends SIGTERM and waits for the exit.
 */
export async function startServer({ database, instances = 1, env = {}, readyPath = "/readyz" }) {
  const port = await freePort();
  const child = spawn("node_modules/.bin/tsx", ["server/index.ts", "--instances", String(instances)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(/^postgres(ql)?:\/\//.test(database) ? { DATABASE_URL: database } : { DATABASE_FILE: database }),
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SERVER_SECRET: "bench-secret-0123456789abcdef0123456789",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  let exited = false;
  const exit = new Promise((r) =>
    child.on("exit", () => {
      exited = true;
      r();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await exit;
  };
  const origin = `http://127.0.0.1:${port}`;
  // Seeding the sample shop (first start on an empty database) takes a few seconds on a loaded machine.
  for (let i = 0; i < 600 && !exited; i++) {
    try {
      if ((await fetch(`${origin}${readyPath}`)).ok) {
        // The instances were forked together; give the others a moment to listen as well.
        if (instances > 1) await new Promise((r) => setTimeout(r, 2000));
        return { origin, stop };
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** One autocannon run (pipelining 1); `opts` needs url, connections and duration. */
export function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** A table row of an autocannon result: req/s, p50, p99 and the count of non-2xx replies, errors, timeouts. */
export function row(scenario, r) {
  return {
    scenario,
    "req/s": Math.round(r.requests.average),
    "p50 ms": r.latency.p50,
    "p99 ms": r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

/** The address every bench guest checks out with. */
const GUEST_ADDRESS = {
  first_name: "Bench",
  last_name: "Guest",
  email: "bench@example.com",
  address1: ["1 Bench Road"],
  city: "Noida",
  state: "UP",
  postcode: "201301",
  country: "IN",
  phone: "8802097347",
};

/**
 * A guest ready to place an order, as bench:api's and request-cpu's checkouts make one: a shopper of their
 * own (`ip`, an address of their own as the proxy in front reports it) with one unit of `product` (of its
 * variant `variant`, if given) in the cart, an address, flat rate and cash on delivery. `send(path, init)`
 * sends a request: fetch against a running server, or an app's `request` in-process. Answers the order's
 * placement (save-order), to call once; it answers its reply. A step that is refused is not thrown: the
 * order is then refused too, and the caller reports its reply.
 * @param {(path: string, init: RequestInit) => Response | Promise<Response>} send
 * @param {{ ip: string, product: number, variant?: number }} guest
 * @returns {Promise<() => Promise<Response>>}
 */
export async function readyGuest(send, { ip, product, variant }) {
  let cookie = "";
  // The session cookie as the server sets it (it gives the guest a new one at save-address and save-order).
  /** @param {string} path @param {unknown} body */
  const post = async (path, body) => {
    const res = await send(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-requested-with": "XMLHttpRequest",
        "x-forwarded-for": ip,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0] ?? "";
    return res;
  };
  /** @param {string} path @param {unknown} body */
  const step = async (path, body) => void (await (await post(path, body)).arrayBuffer());
  await step(
    `/api/checkout/cart/add/${product}`,
    variant
      ? { quantity: 1, is_configurable: true, selected_configurable_option: variant }
      : { quantity: 1, is_configurable: false },
  );
  await step("/api/checkout/save-address", {
    billing: { ...GUEST_ADDRESS, use_for_shipping: true },
    shipping: { address1: [""] },
  });
  await step("/api/checkout/save-shipping", { shipping_method: "flatrate_flatrate" });
  await step("/api/checkout/save-payment", { payment: { method: "cashondelivery" } });
  return () => post("/api/checkout/save-order", {});
}
