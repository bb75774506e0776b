import { describe, expect, it } from "vitest";
import {
  loginReplySchema,
  profileReplySchema,
  registerReplySchema,
  sendCodeReplySchema,
  verifyCodeReplySchema,
} from "../../src/api/contract/customer";
import { DEMO_CUSTOMER, makeApp, shopper } from "../test-utils";

describe("customer", () => {
  it("registers, refuses a taken e-mail, then logs in with a token", async () => {
    const s = shopper(await makeApp());
    const body = {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      password: "secret12",
      password_confirmation: "secret12",
    };
    const reg = await s.post("/api/customer/register", body);
    expect(registerReplySchema.parse(reg.json).message).toBe("Your account has been created successfully.");
    const dup = await s.post("/api/customer/register", body);
    expect(dup.status).toBe(422);
    expect(dup.json.errors.email).toEqual(["The email has already been taken."]);
    const mismatch = await s.post("/api/customer/register", {
      ...body,
      email: "x@example.com",
      password_confirmation: "other",
    });
    expect(mismatch.status).toBe(422);
    const login = loginReplySchema.parse((await s.login("ada@example.com", "secret12")).json);
    expect(login.token.length).toBeGreaterThan(30);
    expect(login.data.email).toBe("ada@example.com");
    const me = await s.get("/api/customer/get");
    expect(me.json.data.first_name).toBe("Ada");
    // A customer's replies are never stored by a browser, a proxy or the service worker.
    for (const r of [reg, dup, me]) expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a wrong password with 401 Invalid Email or Password", async () => {
    const s = shopper(await makeApp());
    const r = await s.post("/api/customer/login?token=true", {
      email: DEMO_CUSTOMER.email,
      password: "wrong-password",
    });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: "Invalid Email or Password" });
    const unknown = await s.post("/api/customer/login?token=true", {
      email: "nobody@example.com",
      password: "whatever",
    });
    expect(unknown.status).toBe(401);
  });

  it("updates the profile and revokes the token at logout", async () => {
    const s = shopper(await makeApp());
    await s.login();
    const upd = profileReplySchema.parse(
      (await s.put("/api/customer/profile", { first_name: "Dee", last_name: "Rider", gender: "Female" }))
        .json,
    );
    expect(upd.data.first_name).toBe("Dee");
    expect((await s.put("/api/customer/profile", { first_name: "" })).status).toBe(422);
    expect((await s.get("/api/customer/logout")).json).toEqual({ message: "Logged out successfully." });
    expect((await s.get("/api/customer/get")).status).toBe(401);
    s.setToken(null);
    expect((await s.put("/api/customer/profile", { first_name: "X", last_name: "Y" })).status).toBe(401);
  });

  it("answers forgot-password the same whether or not the e-mail has an account (review L5)", async () => {
    const s = shopper(await makeApp());
    const known = await s.post("/api/customer/forgot-password", { email: DEMO_CUSTOMER.email });
    const unknown = await s.post("/api/customer/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.json.message).toMatch(/password reset link/);
  });

  it("logs in with a one-time code and allows at most five tries", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const phone = "+91 98765 43210";
    const sent = sendCodeReplySchema.parse((await s.post("/api/send-verification-code", { phone })).json);
    expect(sent.status).toBe(true);
    const last = await s.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`);
    const code = last.json.code as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = verifyCodeReplySchema.parse((await s.post("/api/verify-code", { phone, code: wrong })).json);
    expect(bad.status).toBe(false);
    const ok = verifyCodeReplySchema.parse((await s.post("/api/verify-code", { phone, code })).json);
    expect(ok.status).toBe(true);
    expect(ok.token).toBeTruthy();
    const reused = verifyCodeReplySchema.parse((await s.post("/api/verify-code", { phone, code })).json);
    expect(reused.status).toBe(false);

    await s.post("/api/send-verification-code", { phone });
    const code2 = (await s.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`)).json.code as string;
    const wrong2 = code2 === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await s.post("/api/verify-code", { phone, code: wrong2 });
    const locked = verifyCodeReplySchema.parse(
      (await s.post("/api/verify-code", { phone, code: code2 })).json,
    );
    expect(locked.status).toBe(false);
    expect((await s.post("/api/verify-code", { phone, code: "12" })).status).toBe(422);
  });

  it("rejects an expired one-time code", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const phone = "+919811111111";
    await s.post("/api/send-verification-code", { phone });
    const code = (await s.get(`/api/test/last-otp?phone=${encodeURIComponent(phone)}`)).json.code as string;
    await app.deps.store.rawRun("update otp_codes set expires_at = '2000-01-01T00:00:00.000Z'");
    const r = verifyCodeReplySchema.parse((await s.post("/api/verify-code", { phone, code })).json);
    expect(r.status).toBe(false);
    expect(r.message).toBe("OTP is Expired or Invalid , please try again!");
  });

  it("rate-limits login, register and code sending", async () => {
    const app = await makeApp({
      rateLimits: {
        login: { limit: 3, windowMs: 60_000 },
        register: { limit: 2, windowMs: 60_000 },
        otpSendPerPhone: { limit: 2, windowMs: 60_000 },
      },
    });
    const s = shopper(app);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await s.post("/api/customer/login?token=true", {
            email: DEMO_CUSTOMER.email,
            password: "bad-password",
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const reg = [];
    for (let i = 0; i < 3; i++)
      reg.push(
        (
          await s.post("/api/customer/register", {
            first_name: "A",
            last_name: "B",
            email: `r${i}@example.com`,
            password: "secret12",
            password_confirmation: "secret12",
          })
        ).status,
      );
    expect(reg).toEqual([200, 200, 429]);
    const otp = [];
    for (let i = 0; i < 3; i++)
      otp.push((await s.post("/api/send-verification-code", { phone: "+919822222222" })).status);
    expect(otp).toEqual([200, 200, 429]);
    await s.post("/api/test/reset-rate-limits");
    expect((await s.post("/api/send-verification-code", { phone: "+919822222222" })).status).toBe(200);
  });
});
