import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "./app";
import { COMMON_PASSWORD_MESSAGE } from "./reference/common-passwords";
import type { Store } from "./db/store";
import { mailSettingsFromEnv, outboxMailer, smtpMailer, type Mailer } from "./lib/mail";
import { RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT, RESET_UNAVAILABLE } from "./routes/password-reset";
import {
  SUBSCRIBE_CHECK_MAIL,
  SUBSCRIBE_CONFIRMED,
  SUBSCRIBE_LINK_INVALID,
  SUBSCRIBED,
  SUBSCRIBE_UNAVAILABLE,
} from "./routes/content";
import {
  CHECKOUT_ADDRESS,
  DEMO_CUSTOMER,
  firstSize,
  makeApp,
  makeStorePair,
  readOutboxFile,
  readyCheckout,
  shopper,
  type Shopper,
} from "./test-utils";

/** A message as the development outbox writes it: one JSON line each. */
interface Sent {
  at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  replyTo?: string;
}

const dir = mkdtempSync(join(tmpdir(), "mail-test-"));
let files = 0;
let stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

/** A shop whose mail goes to its own outbox file, and a reader of that file. */
async function mailingShop(opts: Parameters<typeof makeApp>[0] = {}) {
  const file = join(dir, `outbox-${++files}.jsonl`);
  const app = await makeApp({ mailer: outboxMailer(file, "Bicycle Shop <no-reply@shop.test>"), ...opts });
  stores.push(app.deps.store);
  return { app, file, outbox: () => readOutbox(app, file) };
}

/** Every message the shop has sent so far (mail goes after the reply: waited for first). */
async function readOutbox(app: App, file: string): Promise<Sent[]> {
  await app.deps.mail.settled();
  return readOutboxFile<Sent>(file);
}

/** The token of the link in a mail's text (`…/reset-password#token=…`). */
function linkToken(mail: Sent, path: string): string {
  const m = new RegExp(`(https?://[^\\s]+)${path}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[2]!;
}

const metricValue = async (app: App, outcome: string) => {
  const metric = await app.deps.metrics.messages.get();
  return metric.values
    .filter((v) => v.labels.channel === "mail" && v.labels.outcome === outcome)
    .reduce((n, v) => n + v.value, 0);
};

async function forgot(s: Shopper, email: string, headers: Record<string, string> = {}) {
  return await s.post("/api/customer/forgot-password", { email }, { headers });
}

const NEW_PASSWORD = "a-new-password-9";
const reset = (s: Shopper, token: string, password = NEW_PASSWORD) =>
  s.post("/api/customer/reset-password", { token, password, password_confirmation: password });

describe("mailers from the environment", () => {
  const opts = { production: false, defaultOutbox: join(dir, "default.jsonl") };
  it("uses MAIL_OUTBOX, then SMTP_URL; outside production the outbox; in production none", () => {
    expect(mailSettingsFromEnv({ MAIL_OUTBOX: "/tmp/x", SMTP_URL: "smtp://h" }, opts).mailer?.name).toBe(
      "outbox",
    );
    expect(mailSettingsFromEnv({ SMTP_URL: "smtp://u:p@mail.example:587" }, opts).mailer?.name).toBe("smtp");
    expect(mailSettingsFromEnv({}, opts).mailer?.name).toBe("outbox");
    const prod = mailSettingsFromEnv({}, { ...opts, production: true });
    expect(prod).toEqual({ mailer: null, shopEmail: null });
    const configured = mailSettingsFromEnv(
      {
        SMTP_URL: "smtps://mail.example",
        SHOP_EMAIL: "owner@shop.example",
        PUBLIC_ORIGIN: "https://shop.example",
      },
      { ...opts, production: true },
    );
    expect(configured.shopEmail).toBe("owner@shop.example");
    expect(configured.mailer?.from).toBe("Bicycle Shop <no-reply@shop.example>");
  });

  it("refuses a sender, shop address or SMTP URL that is none", () => {
    expect(() => mailSettingsFromEnv({ MAIL_FROM: "nobody" }, opts)).toThrow(/MAIL_FROM/);
    expect(() => mailSettingsFromEnv({ SHOP_EMAIL: "a@b\nBcc: x@y" }, opts)).toThrow(/SHOP_EMAIL/);
    expect(() => mailSettingsFromEnv({ SMTP_URL: "http://mail.example" }, opts)).toThrow(/SMTP_URL/);
  });
});

/**
 * A minimal SMTP server on 127.0.0.1 (RFC 5321's commands, no TLS, no auth offered): what it was handed.
 * `refuse` answers the recipient with 550.
 */
async function fakeSmtp(refuse = false) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let from = "";
    let to: string[] = [];
    let data: string | null = null;
    let buffer = "";
    socket.write("220 fake.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          received.push({ from, to, data });
          data = null;
          to = [];
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake.test\r\n");
        else if (verb === "MAIL") {
          from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          socket.write("250 ok\r\n");
        } else if (verb === "RCPT") {
          if (refuse) socket.write("550 no such user\r\n");
          else {
            to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
            socket.write("250 ok\r\n");
          }
        } else if (verb === "DATA") {
          data = "";
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else if (verb === "RSET" || verb === "NOOP") socket.write("250 ok\r\n");
        else socket.write("502 not implemented\r\n");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() };
}

describe("the SMTP mailer", () => {
  it("hands a message to the SMTP server as MAIL_FROM, with its reply address", async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = smtpMailer(smtp.url, "Bicycle Shop <no-reply@shop.test>");
      await mailer.send({
        kind: "contact-notice",
        to: "owner@shop.test",
        replyTo: "ann@example.com",
        subject: "Contact request: Frame size",
        text: "Which size for 1.70 m?",
      });
      expect(smtp.received).toHaveLength(1);
      const m = smtp.received[0]!;
      expect(m.from).toBe("no-reply@shop.test");
      expect(m.to).toEqual(["owner@shop.test"]);
      expect(m.data).toContain("Subject: Contact request: Frame size");
      expect(m.data).toContain("Reply-To: ann@example.com");
      expect(m.data).toContain("Which size for 1.70 m?");
    } finally {
      smtp.close();
    }
  });

  it("rejects when the SMTP server refuses, which the shop counts as a failure", async () => {
    const smtp = await fakeSmtp(true);
    try {
      const mailer = smtpMailer(smtp.url, "shop@shop.test");
      await expect(
        mailer.send({ kind: "password-reset", to: "nobody@shop.test", subject: "s", text: "t" }),
      ).rejects.toThrow(/550/);
    } finally {
      smtp.close();
    }
  });
});

describe("password reset by mail", () => {
  it("mails a link to a known account only, with the same reply for an unknown e-mail", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    const known = await forgot(s, DEMO_CUSTOMER.email.toUpperCase());
    const unknown = await forgot(s, "nobody@example.com");
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.json).toEqual({ message: RESET_LINK_SENT });
    expect(unknown.json).toEqual(known.json);
    const sent = await outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "password-reset",
      to: DEMO_CUSTOMER.email,
      from: "Bicycle Shop <no-reply@shop.test>",
      subject: "Reset your Bicycle Shop password",
    });
    expect(sent[0]!.text).toContain(`Hello ${DEMO_CUSTOMER.first_name},`);
    // The token rides in the fragment, which no browser sends to a server.
    expect(sent[0]!.text).toMatch(/http:\/\/shop\.test\/reset-password#token=[A-Za-z0-9_-]{40,}/);
    // Only its hash is stored.
    const token = linkToken(sent[0]!, "/reset-password");
    const rows = await app.deps.store.raw<{ token_hash: string }>("select token_hash from password_resets");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it("sets the new password once, ends every session, and refuses the link afterwards", async () => {
    const { app, outbox } = await mailingShop();
    const before = shopper(app);
    await before.login();
    expect((await before.get("/api/customer/get")).status).toBe(200);
    const s = shopper(app);
    await forgot(s, DEMO_CUSTOMER.email);
    const token = linkToken((await outbox())[0]!, "/reset-password");

    // The password rules of registration.
    const short = await reset(s, token, "short");
    expect(short.status).toBe(422);
    expect(short.json.errors.password).toBeDefined();
    const mismatch = await s.post("/api/customer/reset-password", {
      token,
      password: NEW_PASSWORD,
      password_confirmation: "something-else",
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors.password_confirmation).toBeDefined();
    // One of the most common passwords (review N18), whatever its case: refused, the link still good.
    const common = await reset(s, token, "Baseball1");
    expect(common.status).toBe(422);
    expect(common.json.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });

    const done = await reset(s, token);
    expect(done.status, done.text).toBe(200);
    expect(done.json).toEqual({ message: RESET_DONE });
    // The session that was logged in before is over; the old password no longer opens the account.
    expect((await before.get("/api/customer/get")).status).toBe(401);
    await expect(shopper(app).login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).rejects.toThrow(/401/);
    await shopper(app).login(DEMO_CUSTOMER.email, NEW_PASSWORD);

    const again = await reset(s, token, "yet-another-password");
    expect(again.status).toBe(422);
    expect(again.json.errors.token).toEqual([RESET_LINK_INVALID]);
    await shopper(app).login(DEMO_CUSTOMER.email, NEW_PASSWORD);
  });

  it("refuses an expired link, an unknown one, and the other links of an account reset meanwhile", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    await forgot(s, DEMO_CUSTOMER.email);
    await forgot(s, DEMO_CUSTOMER.email);
    await forgot(s, DEMO_CUSTOMER.email);
    const [first, second, third] = (await outbox()).map((m) => linkToken(m, "/reset-password"));
    // The first link's hour is over.
    await app.deps.store.rawRun("update password_resets set expires_at = ? where id = 1", [
      new Date(Date.now() - 1000).toISOString(),
    ]);
    expect((await reset(s, first!)).json.errors.token).toEqual([RESET_LINK_INVALID]);
    expect((await reset(s, "A".repeat(43))).status).toBe(422);
    expect((await reset(s, second!)).status).toBe(200);
    // Resetting spent every other link of the account.
    expect((await reset(s, third!)).status).toBe(422);
  });

  it("mails at most a few links per hour to one address, with the same reply", async () => {
    const { app, outbox } = await mailingShop({
      rateLimits: { mailPerAddress: { limit: 2, windowMs: 60 * 60_000 } },
    });
    const s = shopper(app);
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push((await forgot(s, DEMO_CUSTOMER.email)).json);
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await outbox()).toHaveLength(2);
  });

  it("writes the mail in the shopper's language", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    await forgot(s, DEMO_CUSTOMER.email, { "Accept-Language": "de-DE,de;q=0.9" });
    await forgot(s, DEMO_CUSTOMER.email, { Cookie: "lang=fr", "Accept-Language": "de" });
    const [de, fr] = await outbox();
    expect(de!.subject).toBe("Ihr Bicycle Shop-Passwort zurücksetzen");
    expect(fr!.subject).toBe("Réinitialiser votre mot de passe Bicycle Shop");
    expect(fr!.text).toContain("Bonjour Demo,");
  });

  it("sets the password once when the same link is used at once on two instances", async () => {
    const file = join(dir, `outbox-${++files}.jsonl`);
    const mailer = outboxMailer(file, "shop@shop.test");
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const apps = [await makeApp({ store: a, mailer }), await makeApp({ store: b, mailer })];
    await forgot(shopper(apps[0]!), DEMO_CUSTOMER.email);
    const token = linkToken((await readOutbox(apps[0]!, file))[0]!, "/reset-password");
    const passwords = Array.from({ length: 6 }, (_, i) => `concurrent-password-${i}`);
    const replies = await Promise.all(passwords.map((p, i) => reset(shopper(apps[i % 2]!), token, p)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 422)).toHaveLength(5);
    // The password set is the one of the request that succeeded, and only it opens the account.
    const winner = passwords[statuses.indexOf(200)]!;
    await shopper(apps[1]!).login(DEMO_CUSTOMER.email, winner);
    for (const p of passwords.filter((x) => x !== winner))
      await expect(shopper(apps[0]!).login(DEMO_CUSTOMER.email, p)).rejects.toThrow(/401/);
  });
});

describe("without a mailer (production without SMTP_URL)", () => {
  it("answers 503 where mail is needed, and still takes orders and contact requests", async () => {
    const app = await makeApp({ mailer: null, shopEmail: null });
    stores.push(app.deps.store);
    const s = shopper(app);
    const f = await forgot(s, DEMO_CUSTOMER.email);
    expect(f.status).toBe(503);
    expect(f.json.message).toBe(RESET_UNAVAILABLE);
    const sub = await s.post("/api/contactsubscribe", { email: "ann@example.com" });
    expect(sub.status).toBe(503);
    expect(sub.json).toMatchObject({ status: 503, message: SUBSCRIBE_UNAVAILABLE });
    expect(await app.deps.store.raw("select id from subscribers")).toEqual([]);
    const contact = await s.post("/api/contactrequest", {
      name: "Ann",
      email: "ann@example.com",
      message: "Hi",
    });
    expect(contact.status).toBe(200);
    const order = await placeOrder(s);
    expect(order.status).toBe(200);
  });
});

/** A guest's order of two units of product 1's first size, delivered to CHECKOUT_ADDRESS. */
async function placeOrder(s: Shopper, headers: Record<string, string> = {}) {
  await readyCheckout(s, await firstSize(s), 2);
  return await s.post("/api/checkout/save-order", undefined, { headers });
}

describe("order confirmation", () => {
  it("mails the customer the receipt's lines and totals after the order", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    const placed = await placeOrder(s);
    expect(placed.status, placed.text).toBe(200);
    const order = placed.json.order;
    const sent = await outbox();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail).toMatchObject({
      kind: "order-confirmation",
      to: CHECKOUT_ADDRESS.email,
      subject: `Your Bicycle Shop order #${order.increment_id}`,
    });
    const item = order.items[0];
    expect(mail.text).toContain(`Hello ${CHECKOUT_ADDRESS.first_name},`);
    expect(mail.text).toContain(`2 × ${item.name} (${item.color} / ${item.size}): ${item.formated_total}`);
    expect(mail.text).toContain(`Subtotal: ${order.formated_sub_total}`);
    expect(mail.text).toContain(`Tax: ${order.formated_tax_amount}`);
    expect(mail.text).toContain(`Grand total: ${order.formated_grand_total}`);
    expect(mail.text).toContain("Cash On Delivery");
    expect(mail.text).toContain(`${CHECKOUT_ADDRESS.postcode} ${CHECKOUT_ADDRESS.city}`);
    expect(mail.text).toContain(`http://shop.test/ordersuccess/${order.id}`);
    expect(await metricValue(app, "sent")).toBe(1);
  });

  it("keeps the order when the mail cannot be sent, and counts the failure", async () => {
    const broken: Mailer = {
      name: "broken",
      from: "shop@shop.test",
      send: () => Promise.reject(new Error("connection refused")),
    };
    const app = await makeApp({ mailer: broken });
    stores.push(app.deps.store);
    const s = shopper(app);
    const placed = await placeOrder(s);
    expect(placed.status, placed.text).toBe(200);
    await app.deps.mail.settled();
    expect(await metricValue(app, "failed")).toBe(1);
    const orders = await app.deps.store.raw<{ id: number }>("select id from orders");
    expect(orders.map((o) => Number(o.id))).toContain(placed.json.order.id);
  });
});

describe("contact notice", () => {
  it("tells the shop's address of each contact request, a reply going to the shopper", async () => {
    const { app, outbox } = await mailingShop({ shopEmail: "owner@shop.test" });
    const s = shopper(app);
    const r = await s.post(
      "/api/contactrequest",
      {
        name: "Ann Rider",
        email: "ann@example.com",
        phone: "98000 00002",
        subject: "Frame\nsize",
        message: "Which size for 1.70 m?",
      },
      { headers: { "Accept-Language": "fr" } },
    );
    expect(r.status).toBe(200);
    const [notice] = await outbox();
    expect(notice).toMatchObject({
      kind: "contact-notice",
      to: "owner@shop.test",
      replyTo: "ann@example.com",
      subject: "Contact request: Frame size",
    });
    expect(notice!.text).toContain("Name: Ann Rider");
    expect(notice!.text).toContain("Phone: 98000 00002");
    expect(notice!.text).toContain("Language: fr");
    expect(notice!.text).toContain("Which size for 1.70 m?");
  });
});

describe("newsletter double opt-in", () => {
  it("stores the address unconfirmed, mails a link, and subscribes it when the link is opened once", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    const first = await s.post("/api/contactsubscribe", { email: "Ann@Example.com" });
    expect(first.json).toEqual({ status: 200, message: SUBSCRIBE_CHECK_MAIL });
    const rows = () =>
      app.deps.store.raw<{ email: string; confirmed_at: string | null }>(
        "select email, confirmed_at from subscribers where email = 'ann@example.com'",
      );
    expect((await rows())[0]!.confirmed_at).toBeNull();
    // Asked again before confirming: a new link, the earlier one no longer works.
    const second = await s.post("/api/contactsubscribe", { email: "ann@example.com" });
    expect(second.json.message).toBe(SUBSCRIBE_CHECK_MAIL);
    const sent = await outbox();
    expect(sent.map((m) => [m.kind, m.to])).toEqual([
      ["newsletter-confirm", "ann@example.com"],
      ["newsletter-confirm", "ann@example.com"],
    ]);
    expect(sent[0]!.subject).toBe("Confirm your Bicycle Shop newsletter sign-up");
    const [old, current] = sent.map((m) => linkToken(m, "/newsletter/confirm"));
    const stale = await s.post("/api/contactsubscribe/confirm", { token: old });
    expect(stale.status).toBe(422);
    expect(stale.json.message).toBe(SUBSCRIBE_LINK_INVALID);
    const ok = await s.post("/api/contactsubscribe/confirm", { token: current });
    expect(ok.json).toEqual({ status: 200, message: SUBSCRIBE_CONFIRMED });
    expect((await rows())[0]!.confirmed_at).not.toBeNull();
    expect((await s.post("/api/contactsubscribe/confirm", { token: current })).status).toBe(422);
    expect((await s.post("/api/contactsubscribe", { email: "ann@example.com" })).json.message).toBe(
      SUBSCRIBED,
    );
    expect(await outbox()).toHaveLength(2);
  });

  it("refuses an expired confirmation link and a malformed one", async () => {
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    await s.post(
      "/api/contactsubscribe",
      { email: "bob@example.com" },
      { headers: { "Accept-Language": "de" } },
    );
    const [mail] = await outbox();
    expect(mail!.subject).toBe("Bestätigen Sie Ihre Anmeldung zum Bicycle Shop-Newsletter");
    await app.deps.store.rawRun(
      "update subscribers set confirm_expires_at = ? where email = 'bob@example.com'",
      [new Date(Date.now() - 1000).toISOString()],
    );
    expect(
      (await s.post("/api/contactsubscribe/confirm", { token: linkToken(mail!, "/newsletter/confirm") }))
        .status,
    ).toBe(422);
    expect((await s.post("/api/contactsubscribe/confirm", { token: "x" })).status).toBe(422);
  });
});

describe("newsletter sign-ups at once on two instances", () => {
  it("keeps one row per address, and its link confirms it once however many times it is opened at once", async () => {
    const file = join(dir, `outbox-${++files}.jsonl`);
    const mailer = outboxMailer(file, "shop@shop.test");
    const [a, b] = await makeStorePair();
    stores.push(a);
    if (b !== a) stores.push(b);
    const apps = [await makeApp({ store: a, mailer }), await makeApp({ store: b, mailer })];
    const signUps = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        shopper(apps[i % 2]!).post("/api/contactsubscribe", { email: "race@example.com" }),
      ),
    );
    expect(signUps.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await a.raw<{ n: number }>(
      "select count(*) as n from subscribers where email = 'race@example.com'",
    );
    expect(Number(rows[0]!.n)).toBe(1);
    // Every link mailed, each opened three times at once on both instances: one confirmation in all.
    await apps[1]!.deps.mail.settled();
    const tokens = (await readOutbox(apps[0]!, file)).map((m) => linkToken(m, "/newsletter/confirm"));
    expect(tokens).toHaveLength(6);
    const confirms = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 3 }, (_, i) =>
          shopper(apps[i % 2]!).post("/api/contactsubscribe/confirm", { token }),
        ),
      ),
    );
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    expect(confirms.filter((r) => r.status === 422)).toHaveLength(confirms.length - 1);
  });
});

describe("sweeps of mailed links", () => {
  it("deletes reset links and unconfirmed sign-ups a day past their expiry, keeping the rest", async () => {
    const { sweepOldRows } = await import("./lib/sweeps");
    const { app, outbox } = await mailingShop();
    const s = shopper(app);
    await forgot(s, DEMO_CUSTOMER.email);
    await forgot(s, DEMO_CUSTOMER.email);
    await s.post("/api/contactsubscribe", { email: "old@example.com" });
    await s.post("/api/contactsubscribe", { email: "new@example.com" });
    await s.post("/api/contactsubscribe/confirm", {
      token: linkToken((await outbox()).at(-1)!, "/newsletter/confirm"),
    });
    const longAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    await app.deps.store.rawRun("update password_resets set expires_at = ? where id = 1", [longAgo]);
    await app.deps.store.rawRun(
      "update subscribers set confirm_expires_at = ? where email = 'old@example.com'",
      [longAgo],
    );
    const swept = await sweepOldRows(app.deps.store);
    expect(swept).toMatchObject({ resets: 1, unconfirmed: 1 });
    expect(await app.deps.store.raw("select id from password_resets")).toHaveLength(1);
    const left = await app.deps.store.raw<{ email: string }>("select email from subscribers order by email");
    expect(left.map((r) => r.email)).toEqual(["new@example.com"]);
  });
});
