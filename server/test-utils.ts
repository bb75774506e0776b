import { createApp, type App, type AppOptions } from "./app";
import { migrate, openSqlite, Store } from "./db/store";
import { TEST_SCRYPT } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { seed } from "./seed/seed";
import { DEMO_CUSTOMER } from "./seed/content";

export { DEMO_CUSTOMER };

let template: Buffer | null = null;

/** A fresh in-memory shop; the seeded database is built once and copied for speed. */
export async function makeApp(opts: Partial<AppOptions> = {}): Promise<App> {
  if (!template) {
    const sqlite = openSqlite(":memory:");
    await migrate(sqlite);
    const store = new Store(sqlite);
    await seed(store, { scrypt: TEST_SCRYPT });
    template = sqlite.serialize();
    sqlite.close();
  }
  const Database = (await import("better-sqlite3")).default;
  const sqlite = new Database(template);
  sqlite.pragma("foreign_keys = ON");
  return createApp({
    store: new Store(sqlite),
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
}

/** A shopper: keeps the session cookie and, after login, sends `?token=true` + Bearer. */
export function shopper(app: App) {
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
