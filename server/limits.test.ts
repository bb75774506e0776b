import { describe, expect, it } from "vitest";
import type { App, AppOptions } from "./app";
import { COMMON_PASSWORD_MESSAGE } from "./reference/common-passwords";
import { addressKey } from "./lib/context";
import { HashBusyError, HashGate, type ScryptParams } from "./lib/crypto";
import { createLogger } from "./lib/log";
import { PRODUCTION_RATE_LIMITS, type RateLimitConfig } from "./lib/rate-limit";
import { DEMO_CUSTOMER, makeApp, makeStorePair, shopper, type Reply, type Shopper } from "./test-utils";

// Limits that protect everyone (issue 36 item 6; security review N5, N8, N9, N10, N12, N18). Every race runs
// real concurrent requests over two instances of the shop on one database, with clients told apart by the
// address a proxy forwards (TRUST_PROXY=1: the last X-Forwarded-For entry).

const MINUTE = 60_000;
/** A password hash slow enough (4 MiB, ≈ 10 ms) that a flood of them fills a hash queue. */
const SLOW_SCRYPT: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

async function twoInstances(opts: Partial<AppOptions> = {}): Promise<App[]> {
  const [storeA, storeB] = await makeStorePair();
  return [
    await makeApp({ store: storeA, trustProxy: 1, ...opts }),
    await makeApp({ store: storeB, trustProxy: 1, ...opts }),
  ];
}

let clients = 0;

/** A client at `address` behind the proxy; its requests go to the instances in turn (no affinity). */
function client(apps: App[], address: string): Shopper {
  let next = clients++;
  const request = ((input: string, init: RequestInit = {}) =>
    apps[next++ % apps.length]!.request(input, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
    })) as App["request"];
  return shopper({ request });
}

const loginBody = (email: string, password: string) => ({ email, password });
const login = (s: Shopper, email: string, password: string) =>
  s.post("/api/customer/login?token=true", loginBody(email, password), { auth: false });

function count(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

async function register(s: Shopper, email: string, password = "correct-horse-1"): Promise<Reply> {
  const r = await s.post("/api/customer/register", {
    first_name: "Ada",
    last_name: "Rider",
    email,
    password,
    password_confirmation: password,
  });
  expect(r.status).toBe(200);
  return r;
}

/**
 * `workers` connections send `flood` again and again; once the first flood reply is back (the queue is then
 * as full as the flood makes it), `victim` runs. The flood stops when the victim is done (or after 40 each).
 */
async function during<T>(workers: number, flood: () => Promise<Reply>, victim: () => Promise<T>) {
  const statuses: number[] = [];
  let done = false;
  let firstReply!: () => void;
  const started = new Promise<void>((resolve) => (firstReply = resolve));
  const worker = async () => {
    for (let i = 0; i < 40 && !done; i++) {
      statuses.push((await flood()).status);
      firstReply();
    }
  };
  const floods = Promise.all(Array.from({ length: workers }, worker));
  await started;
  try {
    return { victim: await victim(), flood: statuses };
  } finally {
    done = true;
    await floods;
  }
}

describe("password hashes in turn between clients (review N5)", () => {
  it("runs one hash per client and per account at a time, serves clients in turn and keeps queue room for others", async () => {
    const gate = new HashGate(2, 64, 60_000, 2);
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const job = (name: string, keys: string[]) =>
      gate.run(
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            release.set(name, () => resolve(name));
          }),
        keys,
      );
    const settle = () => new Promise((r) => setTimeout(r, 0));
    const finish = async (name: string) => {
      release.get(name)!();
      await settle();
    };
    // One client's burst: one runs, two wait, the fourth is refused at once (429: its own share is used).
    const a = [job("a1", ["A"]), job("a2", ["A"]), job("a3", ["A"])];
    const a4 = job("a4", ["A"]);
    await expect(a4).rejects.toMatchObject({ status: 429 });
    await expect(a4).rejects.toBeInstanceOf(HashBusyError);
    // Another client runs at once beside it, a third waits for a slot.
    const b1 = job("b1", ["B"]);
    const c1 = job("c1", ["C", "account:7"]);
    await settle();
    expect(started).toEqual(["a1", "b1"]);
    // a1 ends: C's turn comes before A's second hash.
    await finish("a1");
    expect(started).toEqual(["a1", "b1", "c1"]);
    // b1 ends: A's turn (D, on C's account, is next).
    const d1 = job("d1", ["D", "account:7"]);
    await finish("b1");
    expect(started).toEqual(["a1", "b1", "c1", "a2"]);
    // a2 ends: D waits for account 7 (c1 holds it) although a slot is free; E, next in turn, runs.
    const e1 = job("e1", ["E"]);
    await finish("a2");
    expect(started).toEqual(["a1", "b1", "c1", "a2", "e1"]);
    await finish("c1");
    expect(started.at(-1)).toBe("d1");
    for (const name of ["e1", "d1"]) await finish(name);
    await finish("a3");
    expect(await Promise.all([...a, b1, c1, d1, e1])).toEqual(["a1", "a2", "a3", "b1", "c1", "d1", "e1"]);
  });

  it("a login flood from one address leaves another client's login and registration 200, not 503", async () => {
    // No rate limit in the way (test mode's are high): only the hash queue stands between the flood and others.
    const apps = await twoInstances({ scrypt: SLOW_SCRYPT });
    const attacker = client(apps, "198.51.100.7");
    const { victim, flood } = await during(
      30,
      () => login(attacker, "nobody@example.com", "guess"),
      async () => {
        const owner = client(apps, "203.0.113.20");
        const logins = [];
        for (let i = 0; i < 4; i++)
          logins.push((await login(owner, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status);
        const registered = await client(apps, "203.0.113.21").post("/api/customer/register", {
          first_name: "New",
          last_name: "Rider",
          email: "new-rider@example.com",
          password: "correct-horse-2",
          password_confirmation: "correct-horse-2",
        });
        return { logins, registered: registered.status };
      },
    );
    expect(victim).toEqual({ logins: [200, 200, 200, 200], registered: 200 });
    // The flood waits behind itself, and its excess is refused as its own (429).
    expect(count(flood)[429]).toBeGreaterThan(0);
  });

  it("a flood of wrong current passwords is limited (429) and leaves another client's login 200", async () => {
    const apps = await twoInstances({
      scrypt: SLOW_SCRYPT,
      rateLimits: { passwordChange: { limit: 5, windowMs: 15 * MINUTE } },
    });
    const thief = client(apps, "198.51.100.8");
    await register(thief, "stolen@example.com");
    await thief.login("stolen@example.com", "correct-horse-1");
    let guess = 0;
    const { victim, flood } = await during(
      30,
      () =>
        thief.put("/api/customer/profile", {
          first_name: "Ada",
          last_name: "Rider",
          email: `taken-over-${++guess}@example.com`,
          current_password: `guess-${guess}`,
        }),
      async () => {
        const owner = client(apps, "203.0.113.30");
        const logins = [];
        for (let i = 0; i < 4; i++)
          logins.push((await login(owner, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status);
        return logins;
      },
    );
    expect(victim).toEqual([200, 200, 200, 200]);
    const flooded = count(flood);
    // Five checks in the window, on either instance; every other guess refused before any hash.
    expect(flooded[422]).toBe(5);
    expect(flooded[429]).toBe(flood.length - 5);
    const [row] = await apps[0]!.deps.store.raw<{ email: string }>(
      "select email from customers where email like 'stolen%' or email like 'taken-over%'",
    );
    expect(row).toEqual({ email: "stolen@example.com" });
  });

  it("counts every current-password check, e-mail change too, on the account: concurrent guesses get 429", async () => {
    const rules: Partial<RateLimitConfig> = {
      passwordChange: { limit: 5, windowMs: 15 * MINUTE },
      currentPasswordFailures: { limit: 3, windowMs: 24 * 60 * MINUTE },
    };
    const apps = await twoInstances({ rateLimits: rules });
    const thief = client(apps, "198.51.100.9");
    await register(thief, "guessed@example.com");
    await thief.login("guessed@example.com", "correct-horse-1");
    const change = (current: string, i: number) =>
      thief.put("/api/customer/profile", {
        first_name: "Ada",
        last_name: "Rider",
        ...(i % 2
          ? { email: `guessed-${i}@example.com` }
          : { password: `new-horse-${i}`, password_confirmation: `new-horse-${i}` }),
        current_password: current,
      });
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`guess-${i}`, i)));
    const statuses = count(guesses.map((r) => r.status));
    // Three wrong passwords per account and day; the other guesses never reach a hash.
    expect(statuses).toEqual({ 422: 3, 429: 5 });
    for (const r of guesses.filter((g) => g.status === 422))
      expect(r.json.errors.current_password).toEqual(["The current password is incorrect."]);
    for (const r of guesses.filter((g) => g.status === 429))
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    // Even the right password waits now: a stolen token cannot keep guessing until it finds it.
    expect((await change("correct-horse-1", 1)).status).toBe(429);

    // The five checks per 15 minutes count right passwords too (every check is a hash).
    const owner = client(
      await twoInstances({ rateLimits: { passwordChange: { limit: 5, windowMs: 15 * MINUTE } } }),
      "203.0.113.40",
    );
    await register(owner, "owner@example.com");
    await owner.login("owner@example.com", "correct-horse-1");
    const edits = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        owner.put("/api/customer/profile", {
          first_name: "Ada",
          last_name: "Rider",
          email: `owner-${i}@example.com`,
          current_password: "correct-horse-1",
        }),
      ),
    );
    expect(count(edits.map((r) => r.status))).toEqual({ 200: 5 });
    const seventh = await owner.put("/api/customer/profile", {
      first_name: "Ada",
      last_name: "Rider",
      email: "owner-7@example.com",
      current_password: "correct-horse-1",
    });
    expect(seventh.status).toBe(429);
  });
});

describe("IPv6 clients are counted by their /64 (review N8)", () => {
  it("keys addresses: an IPv6 /64, IPv4-mapped and NAT64 addresses as IPv4", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8:1:2::3]:443")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("::ffff:cb00:7105")).toBe("203.0.113.5");
    expect(addressKey("64:ff9b::203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("203.0.113.5:8080")).toBe("203.0.113.5");
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
  });

  it("15 concurrent logins from one /64 over two instances hit the per-address limit of 10", async () => {
    const apps = await twoInstances({
      rateLimits: { login: { limit: 10, windowMs: MINUTE } },
      // Only the per-address limit: the hash queue would turn away one client's burst of 15 by itself.
      hashGate: { perClientQueue: 20 },
    });
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login(client(apps, `2001:db8:1:2::${(i + 1).toString(16)}`), "nobody@example.com", "guess"),
      ),
    );
    expect(count(replies.map((r) => r.status))).toEqual({ 401: 10, 429: 5 });
    // Another /64 has its own budget.
    expect((await login(client(apps, "2001:db8:1:3::1"), "nobody@example.com", "guess")).status).toBe(401);
    // An IPv4 client is one client whether a dual-stack proxy writes it IPv4-mapped or not.
    const v4 = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(client(apps, i % 2 ? "::ffff:203.0.113.5" : "203.0.113.5"), "nobody@example.com", "guess"),
      ),
    );
    expect(count(v4.map((r) => r.status))).toEqual({ 401: 10, 429: 2 });
  });
});

describe("a shop-wide hourly cap on code texts (review N9)", () => {
  it("sends at most the cap, from any number of addresses to any numbers, and says why", async () => {
    const apps = await twoInstances({ rateLimits: { otpSendGlobal: { limit: 5, windowMs: 60 * MINUTE } } });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client(apps, `192.0.2.${i + 1}`).post("/api/send-verification-code", { phone: `+44770090000${i}` }),
      ),
    );
    expect(count(replies.map((r) => r.status))).toEqual({ 200: 5, 429: 3 });
    for (const r of replies.filter((x) => x.status === 429)) {
      expect(r.json).toMatchObject({
        status: false,
        message:
          "We are sending too many codes right now. Please try again later, or sign in with your e-mail and password.",
      });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const [sent] = await apps[0]!.deps.store.raw<{ n: number }>("select count(*) as n from otp_codes");
    expect(Number(sent!.n)).toBe(5);
  });
});

describe("codes only to the numbers the shop serves, and a warning before the cap (review N9)", () => {
  it("refuses a number outside SMS_ALLOWED_PREFIXES without using the shop's texts, and warns past 80 % of the cap", async () => {
    const warnings: Record<string, unknown>[] = [];
    const log = createLogger("warn", (line) => warnings.push(JSON.parse(line) as Record<string, unknown>));
    const apps = await twoInstances({
      smsAllowedPrefixes: ["+44", "+9198"],
      rateLimits: { otpSendGlobal: { limit: 5, windowMs: 60 * MINUTE } },
      log,
    });
    // Premium-rate and foreign ranges: refused, nothing stored, nothing counted; an allowed one is sent.
    const refused = ["+882 1600 0000", "+91 70 0000 0000"];
    for (const [i, phone] of refused.entries()) {
      const r = await client(apps, `192.0.2.${40 + i}`).post("/api/send-verification-code", { phone });
      expect(r.status, phone).toBe(422);
      expect(r.json).toMatchObject({
        status: false,
        message: "We cannot send codes to this number. Please sign in with your e-mail and password.",
      });
    }
    const allowed = await client(apps, "192.0.2.45").post("/api/send-verification-code", {
      phone: "+44 7700 900001",
    });
    expect(allowed.status).toBe(200);
    const sent = async () =>
      Number((await apps[0]!.deps.store.raw<{ n: number }>("select count(*) as n from otp_codes"))[0]!.n);
    expect(await sent()).toBe(1);
    expect(warnings.filter((w) => w.msg === "sms sends near the shop's hourly cap")).toEqual([]);

    // The 4th text of 5 crosses 80 %: from then on each one is a warning line, without the code.
    for (let i = 2; i <= 5; i++) {
      const r = await client(apps, `192.0.2.${50 + i}`).post("/api/send-verification-code", {
        phone: `+9198000000${i}`,
      });
      expect(r.status).toBe(200);
    }
    expect(await sent()).toBe(5);
    const near = warnings.filter((w) => w.msg === "sms sends near the shop's hourly cap");
    expect(near.map((w) => w.sent)).toEqual([4, 5]);
    expect(near.every((w) => w.cap === 5)).toBe(true);
    expect(JSON.stringify(warnings)).not.toMatch(/\b\d{6}\b/);
  });
});

describe("a third party cannot lock the owner out (review N10)", () => {
  it("the owner's right password from an address they used before still logs in during and after a distributed attack", async () => {
    const apps = await twoInstances({
      rateLimits: {
        loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
        loginFailuresPerAccountGlobal: { limit: 8, windowMs: 15 * MINUTE },
      },
    });
    const home = client(apps, "192.0.2.10");
    expect((await login(home, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    const attackers = Array.from({ length: 5 }, (_, i) => `198.51.100.${20 + i}`);
    const attack = attackers.flatMap((address) =>
      Array.from({ length: 6 }, (_, j) =>
        login(client(apps, address), DEMO_CUSTOMER.email, `wrong-${j}`).then((r) => ({
          address,
          status: r.status,
        })),
      ),
    );
    const owner = Array.from({ length: 3 }, () => login(home, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
    const [tried, during] = await Promise.all([Promise.all(attack), Promise.all(owner)]);
    expect(during.map((r) => r.status)).toEqual([200, 200, 200]);
    // Every guess counted before its hash, on either instance: at most 8 checked for the account, at most 5
    // per address, the rest refused.
    const checked = tried.filter((t) => t.status === 401);
    expect(checked.length).toBeLessThanOrEqual(8);
    expect(checked.length + tried.filter((t) => t.status === 429).length).toBe(30);
    for (const address of attackers)
      expect(checked.filter((t) => t.address === address).length).toBeLessThanOrEqual(5);
    // A race may refuse a guess while another attempt (the owner's, a refused one) holds a count for a moment:
    // the account's cap is then reached by new addresses' guesses, one each, and no further.
    for (let i = 0; i < 8 - checked.length; i++)
      expect((await login(client(apps, `198.51.100.${100 + i}`), DEMO_CUSTOMER.email, "wrong")).status).toBe(
        401,
      );
    // After it, still: the owner's known address logs in, the account stays shut to addresses that never did.
    expect((await login(home, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    expect((await login(client(apps, "198.51.100.99"), DEMO_CUSTOMER.email, "wrong-again")).status).toBe(429);
    expect(
      (await login(client(apps, attackers[0]!), DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status,
    ).toBe(429);
  });
});

describe("a review flood does not close reviews for everyone (review N12)", () => {
  it("310 guest reviews from 62 addresses on one product leave a real review on another product and a customer's 200", async () => {
    const apps = await twoInstances({ rateLimits: PRODUCTION_RATE_LIMITS });
    const [flooded, other] = (
      await apps[0]!.deps.store.raw<{ id: number }>("select id from products order by id limit 2")
    ).map((p) => p.id) as [number, number];
    const pending = async () =>
      new Map(
        (
          await apps[0]!.deps.store.raw<{ product_id: number; n: number }>(
            "select product_id, count(*) as n from reviews where status = 'pending' group by product_id",
          )
        ).map((r) => [r.product_id, Number(r.n)]),
      );
    const before = await pending();
    const review = (s: Shopper, product: number, i: number) =>
      s.post(`/api/reviews/${product}/create`, { name: "Flood", title: `T${i}`, comment: "C", rating: 1 });
    const replies = await Promise.all(
      Array.from({ length: 310 }, (_, i) => review(client(apps, `10.${i % 62}.0.1`), flooded, i)),
    );
    // A real guest on another product, from a fresh address.
    const guest = await review(client(apps, "203.0.113.50"), other, 0);
    expect(guest.status).toBe(200);
    expect(guest.json.data.status).toBe("pending");
    // A signed-in customer on the flooded product.
    const customer = client(apps, "203.0.113.51");
    await customer.login();
    expect((await review(customer, flooded, 1)).status).toBe(200);
    // The flood itself: guests' reviews of one product are capped (atomically, over both instances).
    const statuses = count(replies.map((r) => r.status));
    expect(statuses[200]).toBe(PRODUCTION_RATE_LIMITS.reviewsPerProduct.limit);
    expect(statuses[429]).toBe(310 - PRODUCTION_RATE_LIMITS.reviewsPerProduct.limit);
    // Stored, waiting for moderation: the guests' cap on the flooded product and the two real reviews.
    const after = await pending();
    expect((after.get(flooded) ?? 0) - (before.get(flooded) ?? 0)).toBe(
      PRODUCTION_RATE_LIMITS.reviewsPerProduct.limit + 1,
    );
    expect((after.get(other) ?? 0) - (before.get(other) ?? 0)).toBe(1);
  });
});

describe("passwords of at least 8 characters (review N18)", () => {
  it("refuses a 7-character password at registration and at a change", async () => {
    const apps = await twoInstances();
    const s = client(apps, "192.0.2.77");
    const short = await s.post("/api/customer/register", {
      first_name: "Ada",
      last_name: "Rider",
      email: "short@example.com",
      password: "1234567",
      password_confirmation: "1234567",
    });
    expect(short.status).toBe(422);
    expect(short.json.errors.password).toBeTruthy();
    await register(s, "short@example.com", "1234-5678");
    await s.login("short@example.com", "1234-5678");
    const change = await s.put("/api/customer/profile", {
      first_name: "Ada",
      last_name: "Rider",
      password: "abcdefg",
      password_confirmation: "abcdefg",
      current_password: "1234-5678",
    });
    expect(change.status).toBe(422);
    expect(change.json.errors.password).toBeTruthy();
  });

  it("refuses one of the most common passwords at registration and at a change, whatever its case", async () => {
    const apps = await twoInstances();
    const s = client(apps, "192.0.2.78");
    const common = await s.post("/api/customer/register", {
      first_name: "Ada",
      last_name: "Rider",
      email: "common@example.com",
      password: "Password1",
      password_confirmation: "Password1",
    });
    expect(common.status).toBe(422);
    expect(common.json.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    // Nothing was stored: the same e-mail registers with a password of its own.
    await register(s, "common@example.com", "ada-rides-far-9");
    await s.login("common@example.com", "ada-rides-far-9");
    const change = await s.put("/api/customer/profile", {
      first_name: "Ada",
      last_name: "Rider",
      password: "12345678",
      password_confirmation: "12345678",
      current_password: "ada-rides-far-9",
    });
    expect(change.status).toBe(422);
    expect(change.json.errors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    // The old password still opens the account.
    await s.login("common@example.com", "ada-rides-far-9");
  });
});
