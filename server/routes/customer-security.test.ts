import { RECENT_LOGIN_MESSAGE, RECENT_LOGIN_MS } from "./customer";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../open-database";
import { HashBusyError, HashGate, TEST_SCRYPT } from "../lib/crypto";
import { createLogger } from "../lib/log";
import { outboxSender, smsSenderFromEnv, twilioSender } from "../lib/sms";
import { DEMO_CUSTOMER, makeApp, readOutboxFile, shopper, type Shopper } from "../test-utils";
import { STAFF_ACCOUNT } from "../seed/content";

const register = (s: Shopper, email: string, phone?: string, password = "secret12") =>
  s.post("/api/customer/register", {
    first_name: "Eve",
    last_name: "Tester",
    email,
    password,
    password_confirmation: password,
    ...(phone ? { phone } : {}),
  });

async function codeFor(s: Shopper, phone: string): Promise<string> {
  expect((await s.post("/api/send-verification-code", { phone })).status).toBe(200);
  return (await s.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`)).json.code as string;
}

describe("one-time-code log-in only through a verified phone (review H1)", () => {
  it("never opens an account whose phone nobody verified: the code's holder gets an account of their own", async () => {
    const app = await makeApp();
    const attacker = shopper(app);
    const victimPhone = "+15551110050";
    const reg = await register(attacker, "attacker@example.com", victimPhone);
    expect(reg.status).toBe(200);
    const attackerId = reg.json.data.id as number;

    const victim = shopper(app);
    const code = await codeFor(victim, victimPhone);
    const ok = await victim.post("/api/verify-code", { phone: victimPhone, code });
    expect(ok.json.status).toBe(true);
    expect(ok.json.data.id).not.toBe(attackerId);
    expect(ok.json.data.email).not.toBe("attacker@example.com");
    expect(ok.json.data.phone).toBe(victimPhone);

    const rows = (await app.deps.store.raw(
      "select id, phone, unverified_phone, phone_verified_at from customers where id in (?, ?) order by id",
      [attackerId, ok.json.data.id],
    )) as {
      id: number;
      phone: string | null;
      unverified_phone: string | null;
      phone_verified_at: string | null;
    }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The proven number belongs to the victim; the attacker's unproven claim on it is gone.
    expect(byId.get(ok.json.data.id)).toMatchObject({ phone: victimPhone, unverified_phone: null });
    expect(byId.get(ok.json.data.id)!.phone_verified_at).toBeTruthy();
    expect(byId.get(attackerId)).toMatchObject({
      phone: null,
      unverified_phone: null,
      phone_verified_at: null,
    });
    // Next time the same number logs into the victim's account again.
    const again = await shopper(app).post("/api/verify-code", {
      phone: victimPhone,
      code: await codeFor(shopper(app), victimPhone),
    });
    expect(again.json.data.id).toBe(ok.json.data.id);
  });

  it("allows registering with a phone someone else holds unverified, but not with a verified one", async () => {
    const app = await makeApp();
    const s = shopper(app);
    expect((await register(s, "first@example.com", "+44 7700 900123")).status).toBe(200);
    expect((await register(s, "second@example.com", "447700900123")).status).toBe(200);
    const taken = await register(s, "third@example.com", DEMO_CUSTOMER.phone);
    expect(taken.status).toBe(422);
    expect(taken.json.errors.phone).toEqual(["The phone has already been taken."]);
    const junk = await register(s, "fourth@example.com", "<b>x</b>");
    expect(junk.status).toBe(422);
    expect(junk.json.errors.phone).toEqual(["The phone must be a valid phone number."]);
  });

  it("lets a logged-in customer verify the phone of their profile; a profile change makes it unverified again", async () => {
    const app = await makeApp();
    const s = shopper(app);
    await register(s, "own@example.com", "+33612345678");
    await s.login("own@example.com", "secret12");
    const code = await codeFor(s, "+33612345678");
    const verified = await s.post("/api/verify-code", { phone: "+33612345678", code });
    expect(verified.json.data.email).toBe("own@example.com");
    const other = shopper(app);
    const byCode = await other.post("/api/verify-code", {
      phone: "+33612345678",
      code: await codeFor(other, "+33612345678"),
    });
    expect(byCode.json.data.email).toBe("own@example.com");

    await s.put("/api/customer/profile", { first_name: "Eve", last_name: "T", phone: "+33698765432" });
    const [row] = await app.deps.store.raw(
      "select phone, unverified_phone, phone_verified_at from customers where email = 'own@example.com'",
    );
    expect(row).toEqual({ phone: null, unverified_phone: "+33698765432", phone_verified_at: null });
    const stranger = shopper(app);
    const entered = await stranger.post("/api/verify-code", {
      phone: "+33698765432",
      code: await codeFor(stranger, "+33698765432"),
    });
    expect(entered.json.data.email).not.toBe("own@example.com");
  });
});

describe("one-time-code sign-up cannot be blocked (review M2)", () => {
  it("refuses the placeholder e-mail domain, and one number with or without + is one account, never a 500", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const squat = await register(s, "15557771234@phone.bicycle-shop.invalid");
    expect(squat.status).toBe(422);
    const a = await s.post("/api/verify-code", {
      phone: "+15557771234",
      code: await codeFor(s, "+15557771234"),
    });
    expect(a.status).toBe(200);
    expect(a.json.status).toBe(true);
    const b = await s.post("/api/verify-code", {
      phone: "15557771234",
      code: await codeFor(s, "15557771234"),
    });
    expect(b.status).toBe(200);
    expect(b.json.data.id).toBe(a.json.data.id);
    // Both forms share one send limit.
    const limited = await makeApp({ rateLimits: { otpSendPerPhone: { limit: 1, windowMs: 60_000 } } });
    const t = shopper(limited);
    expect((await t.post("/api/send-verification-code", { phone: "+15552220942" })).status).toBe(200);
    expect((await t.post("/api/send-verification-code", { phone: "15552220942" })).status).toBe(429);
  });

  it("keeps the holder's code valid after someone else's wrong tries, and stores codes salted", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const code = await codeFor(s, "+15553331211");
    const wrong = code === "000000" ? "111111" : "000000";
    await shopper(app).post("/api/verify-code", { phone: "+15553331211", code: wrong });
    const [stored] = await app.deps.store.raw<{ code_hash: string }>(
      "select code_hash from otp_codes where phone = '+15553331211'",
    );
    expect(stored!.code_hash).toMatch(/^[\w-]+\$[\w-]+$/);
    expect((await s.post("/api/verify-code", { phone: "+15553331211", code })).json.status).toBe(true);
  });
});

describe("one-time codes go through a real sender (review M2, L6)", () => {
  it("appends each message to the SMS_OUTBOX file and never writes the code to the log", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sms-")), "outbox.jsonl");
    const lines: string[] = [];
    const app = await makeApp({
      sms: outboxSender(file),
      log: createLogger("debug", (line) => lines.push(line)),
    });
    const s = shopper(app);
    const code = await codeFor(s, "+919812345678");
    const [message] = readOutboxFile(file);
    expect(message).toEqual({ to: "+919812345678", text: expect.stringContaining(code) });
    expect(lines.join("\n")).not.toContain(code);
  });

  it("writes messages sent at once whole, one line each, in the order they were sent", async () => {
    // The outbox's append race (issue 38): concurrent appends of long lines landed out of order or cut into
    // each other. Long texts (a megabyte is written in more than one piece) and short ones alternate.
    const file = join(mkdtempSync(join(tmpdir(), "sms-")), "nested", "outbox.jsonl");
    const sender = outboxSender(file);
    const texts = Array.from({ length: 24 }, (_, i) =>
      i % 2 ? `short ${i}` : `long ${i} ` + "x".repeat(1_200_000),
    );
    await Promise.all(texts.map((text, i) => sender.send(`+4477009${String(i).padStart(5, "0")}`, text)));
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(texts.length);
    expect(lines.map((l) => (JSON.parse(l) as { text: string }).text)).toEqual(texts);
  });

  it("answers 503 with a clear message when production has no sender", async () => {
    const app = await makeApp({ sms: null });
    const r = await shopper(app).post("/api/send-verification-code", { phone: "+919812345679" });
    expect(r.status).toBe(503);
    expect(r.json.message).toBe(
      "Sign-in by code is not available right now. Please sign in with your e-mail and password.",
    );
    expect(smsSenderFromEnv({}, { production: true, defaultOutbox: "x" })).toBeNull();
    expect(smsSenderFromEnv({}, { production: false, defaultOutbox: "x" })?.name).toBe("outbox");
    expect(smsSenderFromEnv({ SMS_OUTBOX: "y" }, { production: true, defaultOutbox: "x" })?.name).toBe(
      "outbox",
    );
    expect(
      smsSenderFromEnv(
        { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1555" },
        { production: true, defaultOutbox: "x" },
      )?.name,
    ).toBe("twilio");
  });

  it("sends through Twilio's Messages API shape, and a provider failure is a 503", async () => {
    const seen: { url?: string; auth?: string; body: string }[] = [];
    let status = 201;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body });
        res.writeHead(status, { "Content-Type": "application/json" }).end("{}");
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    try {
      const sender = twilioSender({
        accountSid: "AC123",
        authToken: "secret",
        from: "+15550001111",
        apiBase: `http://127.0.0.1:${port}`,
      });
      const app = await makeApp({ sms: sender });
      const s = shopper(app);
      const code = await codeFor(s, "+919812345670");
      expect(seen[0]!.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
      expect(seen[0]!.auth).toBe(`Basic ${Buffer.from("AC123:secret").toString("base64")}`);
      const form = new URLSearchParams(seen[0]!.body);
      expect(form.get("To")).toBe("+919812345670");
      expect(form.get("From")).toBe("+15550001111");
      expect(form.get("Body")).toContain(code);
      status = 500;
      expect((await s.post("/api/send-verification-code", { phone: "+919812345671" })).status).toBe(503);
    } finally {
      server.close();
    }
  });
});

describe("current password for e-mail and password changes (review M3)", () => {
  it("needs the current password to change the e-mail or the password", async () => {
    const s = shopper(await makeApp());
    await register(s, "m3@example.com");
    await s.login("m3@example.com", "secret12");
    const base = { first_name: "Eve", last_name: "Tester" };
    const noCurrent = await s.put("/api/customer/profile", { ...base, email: "taken-over@example.com" });
    expect(noCurrent.status).toBe(422);
    expect(noCurrent.json.errors.current_password).toEqual(["The current password field is required."]);
    const wrong = await s.put("/api/customer/profile", {
      ...base,
      password: "new-secret-99",
      password_confirmation: "new-secret-99",
      current_password: "not-it",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.current_password).toEqual(["The current password is incorrect."]);
    const right = await s.put("/api/customer/profile", {
      ...base,
      email: "m3-new@example.com",
      current_password: "secret12",
    });
    expect(right.status).toBe(200);
    expect(right.json.data.email).toBe("m3-new@example.com");
    // Other fields need no password.
    expect((await s.put("/api/customer/profile", { first_name: "Eva", last_name: "T" })).status).toBe(200);
  });

  it("an account made by one-time code sets a password or a new e-mail only right after a log-in by code (N21)", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const phone = "+15553331299";
    const made = await s.post("/api/verify-code", { phone, code: await codeFor(s, phone) });
    expect(made.json.status).toBe(true);
    s.setToken(made.json.token as string);
    const base = { first_name: "Cody", last_name: "Phone" };
    // Just logged in by code: the phone was proved a moment ago.
    expect((await s.put("/api/customer/profile", { ...base, email: "cody@example.com" })).status).toBe(200);
    // The same token ten minutes later (copied, or a device left signed in): a token alone is not enough.
    await app.deps.store.rawRun("update auth_tokens set created_at = ? where customer_id = ?", [
      new Date(Date.now() - RECENT_LOGIN_MS - 60_000).toISOString(),
      made.json.data.id,
    ]);
    const late = await s.put("/api/customer/profile", {
      ...base,
      password: "taken-over-1",
      password_confirmation: "taken-over-1",
    });
    expect(late.status).toBe(422);
    expect(late.json.errors.password).toEqual([RECENT_LOGIN_MESSAGE]);
    const lateEmail = await s.put("/api/customer/profile", { ...base, email: "attacker@example.com" });
    expect(lateEmail.json.errors.email).toEqual([RECENT_LOGIN_MESSAGE]);
    const [row] = await app.deps.store.raw<{ email: string; password_hash: string | null }>(
      "select email, password_hash from customers where id = ?",
      [made.json.data.id],
    );
    expect(row).toEqual({ email: "cody@example.com", password_hash: null });
    // Other fields still need nothing; a new log-in by code allows the password again.
    expect((await s.put("/api/customer/profile", { ...base, first_name: "Codie" })).status).toBe(200);
    const again = shopper(app);
    const relogged = await again.post("/api/verify-code", { phone, code: await codeFor(again, phone) });
    expect(relogged.json.status).toBe(true);
    again.setToken(relogged.json.token as string);
    expect(
      (
        await again.put("/api/customer/profile", {
          ...base,
          password: "mine-now-22",
          password_confirmation: "mine-now-22",
        })
      ).status,
    ).toBe(200);
  });

  it("a password change ends every other session and keeps this one", async () => {
    const app = await makeApp();
    const one = shopper(app);
    const two = shopper(app);
    await register(one, "m3b@example.com");
    await one.login("m3b@example.com", "secret12");
    await two.login("m3b@example.com", "secret12");
    const changed = await one.put("/api/customer/profile", {
      first_name: "Eve",
      last_name: "Tester",
      password: "brand-new-77",
      password_confirmation: "brand-new-77",
      current_password: "secret12",
    });
    expect(changed.status).toBe(200);
    expect((await one.get("/api/customer/get")).status).toBe(200);
    expect((await two.get("/api/customer/get")).status).toBe(401);
    await one.login("m3b@example.com", "brand-new-77");
  });
});

describe("login limits per account, behind a proxy, and a bounded number of hashes (review M4)", () => {
  const rules = {
    loginFailuresPerAccount: { limit: 5, windowMs: 15 * 60_000 },
    loginFailuresPerAccountGlobal: { limit: 8, windowMs: 15 * 60_000 },
  };
  const attempt = (s: Shopper, from: string, password: string) =>
    s.post(
      "/api/customer/login?token=true",
      { email: DEMO_CUSTOMER.email, password },
      { auth: false, headers: { "X-Forwarded-For": from } },
    );

  it("with TRUST_PROXY, one forwarded address's failures never lock out another's correct login", async () => {
    const s = shopper(await makeApp({ trustProxy: 1, rateLimits: rules }));
    for (let i = 0; i < 5; i++) expect((await attempt(s, "203.0.113.7", "wrong")).status).toBe(401);
    expect((await attempt(s, "203.0.113.7", DEMO_CUSTOMER.password)).status).toBe(429);
    expect((await attempt(s, "198.51.100.9", DEMO_CUSTOMER.password)).status).toBe(200);
    // A client cannot pick its address: with one proxy, only the last hop counts.
    expect((await attempt(s, "198.51.100.9, 203.0.113.7", DEMO_CUSTOMER.password)).status).toBe(429);
  });

  it("without TRUST_PROXY a forged X-Forwarded-For is ignored, and rotating addresses hits the account's cap", async () => {
    const s = shopper(await makeApp({ rateLimits: rules }));
    for (let i = 0; i < 5; i++) await attempt(s, `192.0.2.${i}`, "wrong");
    expect((await attempt(s, "192.0.2.200", DEMO_CUSTOMER.password)).status).toBe(429);
    const rotating = shopper(await makeApp({ trustProxy: 1, rateLimits: rules }));
    for (let i = 0; i < 8; i++) expect((await attempt(rotating, `192.0.2.${i}`, "wrong")).status).toBe(401);
    expect((await attempt(rotating, "192.0.2.99", "wrong")).status).toBe(429);
  });

  it("runs at most two hashes at once, queues a few and refuses the rest", async () => {
    const gate = new HashGate(2, 1, 60_000);
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const job = () =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const jobs = [job(), job(), job()];
    await expect(job()).rejects.toBeInstanceOf(HashBusyError);
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });
});

describe("the demo account (review L8)", () => {
  it("is not created when the seed is told not to (production without SEED_DEMO=1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "demo-"));
    const without = await openDatabase(join(dir, "a.sqlite"), { scrypt: TEST_SCRYPT, demo: false });
    expect(await without.raw("select count(*) as n from customers")).toEqual([{ n: 0 }]);
    await without.close();
    const withDemo = await openDatabase(join(dir, "b.sqlite"), { scrypt: TEST_SCRYPT });
    expect(
      await withDemo.raw(
        "select email, phone_verified_at is not null as verified, is_staff from customers order by id",
      ),
    ).toEqual([
      { email: DEMO_CUSTOMER.email, verified: withDemo.dialect === "postgres" ? true : 1, is_staff: 0 },
      // the staff account (decision 43) comes and goes with the demo account
      { email: STAFF_ACCOUNT.email, verified: withDemo.dialect === "postgres" ? false : 0, is_staff: 1 },
    ]);
    await withDemo.close();
  });
});
