import { Hono } from "hono";
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  profileUpdateSchema,
  registerRequestSchema,
  sendCodeRequestSchema,
  verifyCodeRequestSchema,
} from "../../src/api/contract/customer";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../context";
import { customerView, issueToken, requireCustomer, sessionHash, type CustomerRow } from "../lib/auth";
import { hashPassword, sha256, sixDigitCode, verifyPassword } from "../lib/crypto";
import { HttpError, idParam, nowIso, parseBody } from "../lib/http";
import type { RateLimiter } from "../lib/rate-limit";

const normalisePhone = (p: string) => p.replace(/[\s-]/g, "");

export function customerRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, carts } = d;

  r.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  const limit = (c: Ctx, limiter: RateLimiter, key: string) => {
    const hit = limiter.take(key);
    if (!hit.ok) {
      c.header("Retry-After", String(hit.retryAfter));
      throw new HttpError(429, {
        message: "Too many requests, please try again later.",
        error: "Too many requests, please try again later.",
      });
    }
  };

  const customerById = (id: number) =>
    store.first(store.qb.selectFrom("customers").selectAll().where("id", "=", id)) as CustomerRow | undefined;

  const logIn = (c: Ctx, customer: CustomerRow) => {
    const token = issueToken(store, customer.id, d.tokenTtlMs);
    const session = sessionHash(c);
    if (session) store.tx(() => carts.merge(session, customer));
    return token;
  };

  r.post("/customer/login", async (c) => {
    limit(c, d.limiters.login, clientIp(c));
    const body = await parseBody(c, loginRequestSchema);
    const customer = store.first(
      store.qb.selectFrom("customers").selectAll().where("email", "=", body.email.toLowerCase()),
    ) as CustomerRow | undefined;
    const ok = await verifyPassword(body.password, customer?.password_hash ?? (await d.dummyHash()));
    if (!customer || !ok || customer.status !== 1) return c.json({ error: "Invalid Email or Password" }, 401);
    const token = logIn(c, customer);
    return c.json({ token, message: "Logged in successfully.", data: customerView(customer) });
  });

  r.post("/customer/register", async (c) => {
    limit(c, d.limiters.register, clientIp(c));
    const body = await parseBody(c, registerRequestSchema);
    const email = body.email.toLowerCase();
    const phone = body.phone ? normalisePhone(body.phone) : null;
    const errors: Record<string, string[]> = {};
    if (store.first(store.qb.selectFrom("customers").select("id").where("email", "=", email)))
      errors.email = ["The email has already been taken."];
    if (phone && store.first(store.qb.selectFrom("customers").select("id").where("phone", "=", phone)))
      errors.phone = ["The phone has already been taken."];
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const hash = await hashPassword(body.password, d.scrypt);
    const now = nowIso();
    let id: number;
    try {
      id = store.insert(
        store.qb.insertInto("customers").values({
          email,
          first_name: body.first_name,
          last_name: body.last_name,
          gender: null,
          date_of_birth: null,
          phone,
          password_hash: hash,
          status: 1,
          created_at: now,
          updated_at: now,
        }),
      );
    } catch {
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { email: ["The email has already been taken."] },
      });
    }
    return c.json({
      message: "Your account has been created successfully.",
      data: customerView(customerById(id)!),
    });
  });

  r.get("/customer/get", (c) => c.json({ data: customerView(requireCustomer(c.get("auth"))) }));

  r.get("/customers/:id", (c) => {
    const customer = requireCustomer(c.get("auth"));
    if (idParam(c) !== customer.id) return c.json({ message: "Invalid Request." }, 403);
    return c.json({ data: customerView(customer) });
  });

  r.put("/customer/profile", async (c) => {
    const customer = requireCustomer(c.get("auth"));
    const body = await parseBody(c, profileUpdateSchema);
    const errors: Record<string, string[]> = {};
    const email = body.email?.toLowerCase();
    if (
      email &&
      email !== customer.email &&
      store.first(store.qb.selectFrom("customers").select("id").where("email", "=", email))
    ) {
      errors.email = ["The email has already been taken."];
    }
    const phone = body.phone ? normalisePhone(body.phone) : body.phone;
    if (
      phone &&
      phone !== customer.phone &&
      store.first(store.qb.selectFrom("customers").select("id").where("phone", "=", phone))
    ) {
      errors.phone = ["The phone has already been taken."];
    }
    if (
      body.date_of_birth &&
      (Number.isNaN(Date.parse(body.date_of_birth)) || body.date_of_birth >= nowIso().slice(0, 10))
    ) {
      errors.date_of_birth = ["The date of birth must be a date before today."];
    }
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const password_hash = body.password ? await hashPassword(body.password, d.scrypt) : undefined;
    store.run(
      store.qb
        .updateTable("customers")
        .set({
          first_name: body.first_name,
          last_name: body.last_name,
          ...(body.gender !== undefined ? { gender: body.gender } : {}),
          ...(body.date_of_birth !== undefined ? { date_of_birth: body.date_of_birth } : {}),
          ...(email ? { email } : {}),
          ...(phone !== undefined ? { phone } : {}),
          ...(password_hash ? { password_hash } : {}),
          updated_at: nowIso(),
        })
        .where("id", "=", customer.id),
    );
    return c.json({
      message: "Your account has been updated successfully.",
      data: customerView(customerById(customer.id)!),
    });
  });

  const logout = (c: Ctx) => {
    const auth = c.get("auth");
    requireCustomer(auth);
    store.run(
      store.qb
        .updateTable("auth_tokens")
        .set({ revoked_at: nowIso() })
        .where("token_hash", "=", auth.tokenHash!),
    );
    return c.json({ message: "Logged out successfully." });
  };
  r.get("/customer/logout", logout);
  r.post("/customer/logout", logout);

  r.post("/customer/forgot-password", async (c) => {
    limit(c, d.limiters.login, `forgot:${clientIp(c)}`);
    const body = await parseBody(c, forgotPasswordRequestSchema);
    const customer = store.first(
      store.qb.selectFrom("customers").select("id").where("email", "=", body.email.toLowerCase()),
    );
    if (!customer) return c.json({ error: "We can't find a user with that e-mail address." });
    d.log.info("password reset requested", { customer_id: customer.id });
    return c.json({ message: "We have e-mailed your password reset link!" });
  });

  r.post("/send-verification-code", async (c) => {
    limit(c, d.limiters.otp, `send:${clientIp(c)}`);
    const body = await parseBody(c, sendCodeRequestSchema);
    const phone = normalisePhone(body.phone);
    limit(c, d.limiters.otpSendPerPhone, phone);
    const code = sixDigitCode();
    const now = new Date();
    store.tx(() => {
      store.run(
        store.qb
          .updateTable("otp_codes")
          .set({ consumed_at: now.toISOString() })
          .where("phone", "=", phone)
          .where("consumed_at", "is", null),
      );
      store.run(
        store.qb.insertInto("otp_codes").values({
          phone,
          code_hash: sha256(`${phone}:${code}`),
          attempts: 0,
          expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
          consumed_at: null,
          created_at: now.toISOString(),
        }),
      );
    });
    if (d.isTest) d.lastOtp.set(phone, code);
    await d.sms.send(phone, `Your bicycle shop code is ${code}. It expires in 5 minutes.`);
    return c.json({ status: true, phone, message: "A verification code has been sent to your phone." });
  });

  r.post("/verify-code", async (c) => {
    limit(c, d.limiters.otp, `verify:${clientIp(c)}`);
    const body = await parseBody(c, verifyCodeRequestSchema);
    const phone = normalisePhone(body.phone);
    const row = store.first(
      store.qb
        .selectFrom("otp_codes")
        .selectAll()
        .where("phone", "=", phone)
        .where("consumed_at", "is", null)
        .orderBy("id", "desc")
        .limit(1),
    );
    const fail = (message: string) => c.json({ status: false, message, error: message });
    if (!row || row.expires_at <= nowIso()) return fail("OTP is Expired or Invalid , please try again!");
    if (row.attempts >= OTP_MAX_ATTEMPTS) return fail("Too many attempts. Please request a new code.");
    if (row.code_hash !== sha256(`${phone}:${body.code}`)) {
      store.run(
        store.qb
          .updateTable("otp_codes")
          .set({ attempts: row.attempts + 1 })
          .where("id", "=", row.id),
      );
      return fail(
        row.attempts + 1 >= OTP_MAX_ATTEMPTS
          ? "Too many attempts. Please request a new code."
          : "The code is invalid.",
      );
    }
    const now = nowIso();
    store.run(store.qb.updateTable("otp_codes").set({ consumed_at: now }).where("id", "=", row.id));
    let customer = store.first(store.qb.selectFrom("customers").selectAll().where("phone", "=", phone)) as
      CustomerRow | undefined;
    if (!customer) {
      const id = store.insert(
        store.qb.insertInto("customers").values({
          email: `${phone.replace(/\D/g, "")}@phone.bicycle-shop.invalid`,
          first_name: "Customer",
          last_name: phone.slice(-4),
          gender: null,
          date_of_birth: null,
          phone,
          password_hash: null,
          status: 1,
          created_at: now,
          updated_at: now,
        }),
      );
      customer = customerById(id)!;
    }
    const token = logIn(c, customer);
    return c.json({ status: true, token, message: "Logged in successfully.", data: customerView(customer) });
  });

  return r;
}
