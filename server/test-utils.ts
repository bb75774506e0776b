import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject } from "vitest";
import { cartReplySchema } from "../src/api/contract/cart";
import { SESSION_STARTED } from "../src/api/contract/common";
import { createApp, type App, type AppOptions } from "./app";
import { type Dialect, type Store } from "./db/store";
import { openSqlite, SqliteStore } from "./db/sqlite-store";
import { PostgresStore } from "./db/postgres-store";
import { TEST_SCRYPT } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { seed } from "./seed/seed";
import { DEMO_CUSTOMER } from "./seed/content";

export { DEMO_CUSTOMER };

declare module "vitest" {
  export interface ProvidedContext {
    /** set in the `postgres` project: the throw-away cluster's database (tests clone the template from it) */
    postgresUrl?: string;
    postgresTemplate?: string;
  }
}

/**
 * The database the server tests run on: SQLite in the `unit` project, PostgreSQL in the `postgres` project
 * (a throw-away cluster started by tests/setup/postgres.global.ts, with the seeded shop as a template).
 */
export const testDialect: Dialect = inject("postgresUrl") ? "postgres" : "sqlite";

let template: Buffer | null = null;
let databases = 0;

/**
 * What a development outbox file holds (`MAIL_OUTBOX`, `SMS_OUTBOX`: one JSON line per message), oldest first;
 * nothing before its first message.
 */
export function readOutboxFile<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

/** A fresh, seeded, empty-of-shoppers database of the project's dialect. */
export async function makeStore(): Promise<Store> {
  const url = inject("postgresUrl");
  if (url) {
    const name = `t_${process.pid}_${++databases}`;
    const admin = new PostgresStore(url, { max: 1 });
    await admin.raw(`create database "${name}" template "${inject("postgresTemplate")}"`);
    await admin.close();
    return new PostgresStore(url.replace(/\/[^/]*$/, `/${name}`), { max: 4, idleTimeoutMillis: 1000 });
  }
  if (!template) {
    const store = new SqliteStore(openSqlite(":memory:"));
    await store.migrate();
    await seed(store, { scrypt: TEST_SCRYPT });
    template = store.sqlite.serialize();
    await store.close();
  }
  const Database = (await import("better-sqlite3")).default;
  const sqlite = new Database(template);
  sqlite.pragma("foreign_keys = ON");
  return new SqliteStore(sqlite);
}

/** A fresh shop on its own seeded database. */
export async function makeApp(opts: Partial<AppOptions> = {}): Promise<App> {
  return createApp({
    store: opts.store ?? (await makeStore()),
    env: "test",
    scrypt: TEST_SCRYPT,
    log: createLogger("silent"),
    ...opts,
  });
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert replies field by field or parse them with the contract
  json: any;
  text: string;
  headers: Headers;
}

export interface RequestOpts {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  auth?: boolean;
  /** false: a guest's keyed write without a session gets its 409 `session_started` as it is, not sent again */
  resend?: boolean;
}

/**
 * The stores of two instances of the shop on one seeded database. PostgreSQL (the `postgres` project): two
 * pools on one database. SQLite (the `unit` project): one connection shared by the two instances in this
 * one process (two connections in one thread would wait on each other's file lock; instances in separate
 * processes each have their own).
 */
export async function makeStorePair(): Promise<[Store, Store]> {
  const first = await makeStore();
  if (first instanceof PostgresStore) {
    return [first, new PostgresStore(first.url, { max: 4, idleTimeoutMillis: 1000 })];
  }
  return [first, first];
}

/** A small seeded generator (mulberry32): the same seed, the same shuffles. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** The 409 of a guest's keyed write that came without a session: the reply set one; send it again. */
export function sessionStarted(status: number, json: unknown): boolean {
  return status === 409 && (json as { code?: unknown } | undefined)?.code === SESSION_STARTED;
}

/** A shopper: keeps the session cookie and, after login, sends `?token=true` + Bearer. */
export function shopper(app: Pick<App, "request">) {
  let cookie = "";
  let token: string | null = null;
  const req = async (method: string, path: string, o: RequestOpts = {}): Promise<Reply> => {
    const url = new URL(path, "http://shop.test");
    // As the storefront's own calls: state-changing GETs carry a header a plain link cannot (see
    // lib/request-guards.ts); the storefront's is Idempotency-Key or Authorization.
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      ...o.headers,
    };
    if (token && o.auth !== false) {
      url.searchParams.set("token", "true");
      headers.Authorization = `Bearer ${token}`;
    }
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await app.request(url.toString(), { method, headers, body });
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // As the storefront's client (src/api/client.ts): the session the server just started, then the write.
    if (sessionStarted(res.status, json) && o.resend !== false)
      return req(method, path, { ...o, resend: false });
    return { status: res.status, json, text, headers: res.headers };
  };
  return {
    req,
    get: (p: string, o?: RequestOpts) => req("GET", p, o),
    post: (p: string, body?: unknown, o?: RequestOpts) => req("POST", p, { ...o, body }),
    put: (p: string, body?: unknown, o?: RequestOpts) => req("PUT", p, { ...o, body }),
    del: (p: string, o?: RequestOpts) => req("DELETE", p, o),
    setToken: (t: string | null) => {
      token = t;
    },
    get token() {
      return token;
    },
    get cookie() {
      return cookie;
    },
    async login(email = DEMO_CUSTOMER.email, password = DEMO_CUSTOMER.password) {
      const r = await req("POST", "/api/customer/login?token=true", {
        body: { email, password },
        auth: false,
      });
      if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
      token = r.json.token as string;
      return r;
    },
  };
}
export type Shopper = ReturnType<typeof shopper>;

/** A checkout address a guest fills in (billing; `use_for_shipping` makes it the shipping one too). */
export const CHECKOUT_ADDRESS = {
  first_name: "John",
  last_name: "Doe",
  email: "john@example.com",
  address1: ["H 23", "Sector 63"],
  city: "Noida",
  state: "UP",
  postcode: "201301",
  country: "IN",
  phone: "8802097347",
};

/** A write's options sent with this Idempotency-Key (and any other headers). */
export function withKey(key: string, headers: Record<string, string> = {}): RequestOpts {
  return { headers: { "Idempotency-Key": key, ...headers } };
}

/** The shopper's cart as GET checkout/cart answers it, read with the contract (null: no cart). */
export async function readCart(s: Shopper) {
  return cartReplySchema.parse((await s.get("/api/checkout/cart")).json).data;
}

/** What a cart line sells: a simple product, or one variant (a colour and size) of a configurable one. */
export interface Item {
  product: number;
  variant?: number;
}

/** Product 1's first size in its first colour, as a shopper sees it. */
export async function firstSize(s: Shopper): Promise<Item> {
  return { product: 1, variant: (await productSizes(s))[0]!.variant_id };
}

/**
 * The shopper made ready to place an order (its checkout's steps, each reply checked): `quantity` of the
 * item in the cart, CHECKOUT_ADDRESS for billing and shipping, flat rate and cash on delivery.
 */
export async function readyCheckout(s: Shopper, item: Item, quantity = 1): Promise<Shopper> {
  const add = await s.post(
    `/api/checkout/cart/add/${item.product}`,
    item.variant
      ? { quantity, is_configurable: true, selected_configurable_option: item.variant }
      : { quantity },
  );
  expect(add.status, add.text).toBe(200);
  const steps: Array<[string, unknown]> = [
    [
      "save-address",
      { billing: { ...CHECKOUT_ADDRESS, use_for_shipping: true }, shipping: { address1: [""] } },
    ],
    ["save-shipping", { shipping_method: "flatrate_flatrate" }],
    ["save-payment", { payment: { method: "cashondelivery" } }],
  ];
  for (const [step, body] of steps) {
    const r = await s.post(`/api/checkout/${step}`, body);
    expect(r.status, `${step}: ${r.text}`).toBe(200);
  }
  return s;
}

/** A configurable product's sizes in its first colour, with their variant ids and stock (the seed fixes them). */
export async function productSizes(s: Shopper, productId = 1) {
  const p = (await s.get(`/api/products/${productId}`)).json.data;
  return p.variation[0].size as Array<{ name: string; stock: number; variant_id: number }>;
}

const PLAIN_SHELL = `<!doctype html><html><head></head><body><div id="root"></div></body></html>`;

/**
 * A storefront build for a server test, in a temporary folder: its shell (`index.html`) and its server
 * renderer, `<dir>-ssr/entry-server.js`, whose source is `renderer` (given the `-ssr` folder, for a renderer
 * that reads or waits for files of its own there). Returns the build's folder, as `distDir` takes it.
 */
export function standInDist(renderer: string | ((ssrDir: string) => string), shell = PLAIN_SHELL): string {
  const dir = mkdtempSync(join(tmpdir(), "dist-"));
  writeFileSync(join(dir, "index.html"), shell);
  const ssrDir = `${dir}-ssr`;
  mkdirSync(ssrDir);
  writeFileSync(join(ssrDir, "entry-server.js"), typeof renderer === "string" ? renderer : renderer(ssrDir));
  return dir;
}
