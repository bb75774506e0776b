import { afterAll, describe, expect, it } from "vitest";
import type { App } from "./app";
import type { Store } from "./db/store";
import { createLogger } from "./lib/log";
import type { Mailer, MailMessage } from "./lib/mail";
import { MAIL_CLAIM_MS, mailRetryDelayMs } from "./lib/mail-queue";
import {
  DEMO_CUSTOMER,
  firstSize,
  makeApp,
  makeStorePair,
  readyCheckout,
  shopper,
  testDialect,
} from "./test-utils";

const TOKEN = "metrics-token-for-tests-0123456789";

let stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

/** A mailer like an SMTP server that can be down (it refuses every message) or up (it keeps them). */
function switchableMailer(opts: { delayMs?: number } = {}) {
  const delivered: MailMessage[] = [];
  const state = { up: false, refused: 0 };
  const mailer: Mailer = {
    name: "switchable",
    from: "shop@shop.test",
    async send(m) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (!state.up) {
        state.refused++;
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      }
      delivered.push(m);
    },
  };
  return { mailer, delivered, state };
}

/** The queue's counter as `/metrics` shows it, per outcome. */
async function queueMetrics(app: App): Promise<Record<string, number>> {
  const res = await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const out: Record<string, number> = {};
  for (const m of (await res.text()).matchAll(/^shop_mail_queue_messages_total\{outcome="(\w+)"\} (\d+)$/gm))
    out[m[1]!] = Number(m[2]);
  return out;
}

async function placeOrder(app: App) {
  const s = shopper(app);
  await readyCheckout(s, await firstSize(s));
  const r = await s.post("/api/checkout/save-order");
  expect(r.status, r.text).toBe(200);
}

/** The waiting messages' retry time has come (as if their wait had passed). */
const retryNow = (store: Store) => store.rawRun("update mail_queue set due_at = 0 where state = 'waiting'");

/**
 * Issue 38, decision 053: mail is written to a queue with what caused it and sent by a worker that retries,
 * so an SMTP outage delays mail but loses none, and no message goes twice.
 */
describe(`the mail queue (${testDialect})`, () => {
  it("keeps every message while the SMTP server is down and sends each exactly once when it is back", async () => {
    const smtp = switchableMailer();
    const warnings: Record<string, unknown>[] = [];
    const app = await makeApp({
      mailer: smtp.mailer,
      shopEmail: "owner@shop.test",
      metricsToken: TOKEN,
      log: createLogger("warn", (line) => warnings.push(JSON.parse(line) as Record<string, unknown>)),
    });
    stores.push(app.deps.store);
    const store = app.deps.store;
    const s = shopper(app);
    // Four kinds of mail, each caused by a request that succeeds although the SMTP server is down.
    expect((await s.post("/api/customer/forgot-password", { email: DEMO_CUSTOMER.email })).status).toBe(200);
    expect(
      (await s.post("/api/contactrequest", { name: "Ann", email: "ann@example.com", message: "Hello there" }))
        .status,
    ).toBe(200);
    expect((await s.post("/api/contactsubscribe", { email: "news@example.com" })).status).toBe(200);
    await placeOrder(app);
    await app.deps.mail.settled();
    expect(smtp.delivered).toEqual([]);
    expect(smtp.state.refused).toBe(4);
    const waiting = await store.raw<{ state: string; attempts: number; due_at: number; last_error: string }>(
      "select state, attempts, due_at, last_error from mail_queue order by id",
    );
    expect(waiting.map((r) => [r.state, Number(r.attempts)])).toEqual(Array(4).fill(["waiting", 1]));
    for (const r of waiting) {
      expect(Number(r.due_at)).toBeGreaterThan(Date.now() + mailRetryDelayMs(1) / 2);
      expect(r.last_error).toContain("ECONNREFUSED");
    }
    // Logged without the message (a reset link is a credential).
    const retries = warnings.filter((w) => w.msg === "mail not sent, will retry");
    expect(retries).toHaveLength(4);
    expect(JSON.stringify(retries)).not.toMatch(/token=/);
    // Not due yet: nothing is tried again.
    await app.deps.mail.settled();
    expect(smtp.state.refused).toBe(4);
    // Still down at the second try.
    await retryNow(store);
    await app.deps.mail.settled();
    expect(smtp.state.refused).toBe(8);

    smtp.state.up = true;
    await retryNow(store);
    await app.deps.mail.settled();
    await app.deps.mail.settled();
    expect(smtp.delivered.map((m) => m.kind).sort()).toEqual([
      "contact-notice",
      "newsletter-confirm",
      "order-confirmation",
      "password-reset",
    ]);
    expect(smtp.delivered.find((m) => m.kind === "contact-notice")).toMatchObject({
      to: "owner@shop.test",
      replyTo: "ann@example.com",
    });
    expect(smtp.delivered.find((m) => m.kind === "password-reset")!.text).toMatch(/reset-password#token=/);
    const done = await store.raw<{
      state: string;
      attempts: number;
      done_at: string | null;
      claim: string | null;
      body: string;
    }>("select state, attempts, done_at, claim, body from mail_queue order by id");
    expect(done.map((r) => [r.state, Number(r.attempts), r.claim])).toEqual(Array(4).fill(["sent", 3, null]));
    expect(done.every((r) => r.done_at)).toBe(true);
    // A sent message's text (a reset link is a credential) is not kept.
    expect(done.map((r) => r.body)).toEqual(["", "", "", ""]);
    // Sent rows are never sent again.
    await retryNow(store);
    await app.deps.mail.settled();
    expect(smtp.delivered).toHaveLength(4);
    expect(await queueMetrics(app)).toEqual({ queued: 4, sent: 4, failed: 8, given_up: 0 });
  });

  it("queues nothing when what caused the mail is not stored, and gives a message up after its tries", async () => {
    const smtp = switchableMailer();
    const errors: Record<string, unknown>[] = [];
    const app = await makeApp({
      mailer: smtp.mailer,
      metricsToken: TOKEN,
      mailQueue: { maxAttempts: 2 },
      log: createLogger("error", (line) => errors.push(JSON.parse(line) as Record<string, unknown>)),
    });
    stores.push(app.deps.store);
    const store = app.deps.store;
    const message = { kind: "password-reset", to: "a@example.com", subject: "s", text: "t" };
    // Written in the caller's transaction: rolled back with it.
    await expect(
      store.tx(async () => {
        await app.deps.mail.post(message);
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(await store.raw("select id from mail_queue")).toEqual([]);

    await app.deps.mail.post(message);
    await app.deps.mail.settled();
    await retryNow(store);
    await app.deps.mail.settled();
    const [row] = await store.raw<{ state: string; attempts: number; done_at: string | null; body: string }>(
      "select state, attempts, done_at, body from mail_queue",
    );
    expect(row).toMatchObject({ state: "failed", body: "" });
    expect(Number(row!.attempts)).toBe(2);
    expect(row!.done_at).toBeTruthy();
    expect(errors.filter((e) => e.msg === "mail given up")).toMatchObject([
      { kind: "password-reset", attempts: 2 },
    ]);
    // Given up: not tried again, even when the server is back.
    smtp.state.up = true;
    await store.rawRun("update mail_queue set due_at = 0");
    await app.deps.mail.settled();
    expect(smtp.delivered).toEqual([]);
    expect(await queueMetrics(app)).toEqual({ queued: 1, sent: 0, failed: 1, given_up: 1 });
  });

  it("sends a message soon after its request, without anyone waiting for it", async () => {
    const smtp = switchableMailer();
    smtp.state.up = true;
    const app = await makeApp({ mailer: smtp.mailer });
    stores.push(app.deps.store);
    expect(
      (await shopper(app).post("/api/customer/forgot-password", { email: DEMO_CUSTOMER.email })).status,
    ).toBe(200);
    for (let i = 0; !smtp.delivered.length; i++) {
      if (i > 400) throw new Error("the queued mail was not sent");
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(smtp.delivered.map((m) => m.kind)).toEqual(["password-reset"]);
  });

  it("sends what a dead instance had claimed once its claim lapses, and not before", async () => {
    const smtp = switchableMailer();
    smtp.state.up = true;
    const app = await makeApp({ mailer: smtp.mailer });
    stores.push(app.deps.store);
    const store = app.deps.store;
    const now = Date.now();
    await store.rawRun(
      "insert into mail_queue (kind, recipient, subject, body, state, attempts, due_at, claim, created_at) values ('k', 'lapsed@example.com', 's', 'b', 'waiting', 1, ?, 'dead-instance', ?), ('k', 'held@example.com', 's', 'b', 'waiting', 1, ?, 'busy-instance', ?)",
      [
        now - 1,
        new Date(now - MAIL_CLAIM_MS).toISOString(),
        now + MAIL_CLAIM_MS,
        new Date(now).toISOString(),
      ],
    );
    await app.deps.mail.settled();
    expect(smtp.delivered.map((m) => m.to)).toEqual(["lapsed@example.com"]);
  });

  it("sends each message once when two instances deliver the same queue at once", async () => {
    const smtp = switchableMailer({ delayMs: 2 });
    smtp.state.up = true;
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const apps = [
      await makeApp({ store: a, mailer: smtp.mailer, mailQueue: { batch: 5 } }),
      await makeApp({ store: b, mailer: smtp.mailer, mailQueue: { batch: 5 } }),
    ];
    // Queued while no instance sends (as written by requests while the worker waited for its poll).
    const rows = Array.from({ length: 40 }, (_, i) => i);
    await a.rawRun(
      `insert into mail_queue (kind, recipient, subject, body, state, attempts, due_at, created_at) values ${rows.map(() => "('k', ?, 's', 'b', 'waiting', 0, 0, ?)").join(", ")}`,
      rows.flatMap((i) => [`r${i}@example.com`, new Date().toISOString()]),
    );
    await Promise.all([...apps, ...apps].map((app) => app.deps.mail.settled()));
    const to = smtp.delivered.map((m) => m.to);
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
    const states = await a.raw<{ state: string; attempts: number }>("select state, attempts from mail_queue");
    expect(states.every((r) => r.state === "sent" && Number(r.attempts) === 1)).toBe(true);
  });
});
