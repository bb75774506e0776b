import { Hono } from "hono";
import { isUniqueViolation } from "../db/store";
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  profileUpdateSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendCodeRequestSchema,
  verifyCodeRequestSchema,
} from "../../src/api/contract/customer";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../context";
import {
  customerView,
  issueToken,
  requireCustomer,
  rotateGuestSession,
  sessionHash,
  type CustomerRow,
} from "../lib/auth";
import {
  hashPassword,
  otpHash,
  otpMatches,
  randomToken,
  sha256,
  sixDigitCode,
  verifyPassword,
} from "../lib/crypto";
import { MAIL_TEXTS } from "../lib/mail-texts";
import { linkOrigin, requestLanguage } from "../lib/mail";
import { HttpError, idParam, nowIso, parseBody, noStore } from "../lib/http";
import { forgetReplies } from "../lib/idempotency";
import { countedPasswordCheck, type RateLimiter } from "../lib/rate-limit";

/** How recent a log-in by one-time code must be for a password-less account to set a password or e-mail. */
export const RECENT_LOGIN_MS = 10 * 60 * 1000;
export const RECENT_LOGIN_MESSAGE =
  "Log in again with a one-time code to set a password or change the e-mail.";

/** One form per number: "+" and its digits ("+91 98000-00001", "919800000001" → "+919800000001"). */
export const normalisePhone = (p: string) => `+${p.replace(/\D/g, "")}`;

/** The domain of the placeholder e-mail of accounts created by one-time code; nobody may register it. */
const PHONE_ACCOUNT_DOMAIN = "@phone.bicycle-shop.invalid";

/** How long a mailed password reset link works (once). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_SENT = "If an account exists for this e-mail, we have sent a password reset link.";
export const RESET_UNAVAILABLE =
  "Password reset by e-mail is not available right now. Please contact the shop or sign in with a one-time code.";
export const RESET_DONE = "Your password has been reset. Please log in with your new password.";
export const RESET_LINK_INVALID =
  "This password reset link is invalid, expired or already used. Please ask for a new one.";

const TOO_MANY = "Too many requests, please try again later.";
const SMS_UNAVAILABLE =
  "Sign-in by code is not available right now. Please sign in with your e-mail and password.";
const SMS_SHOP_CAP =
  "We are sending too many codes right now. Please try again later, or sign in with your e-mail and password.";
const SMS_NOT_ALLOWED =
  "We cannot send codes to this number. Please sign in with your e-mail and password.";
/** The share of the shop's hourly cap of texts past which each send is logged as a warning (review N9). */
const SMS_CAP_WARNING = 0.8;

export function customerRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, carts } = d;

  r.use("*", noStore);

  const refuse = (c: Ctx, retryAfter: number): never => {
    c.header("Retry-After", String(retryAfter));
    throw new HttpError(429, { message: TOO_MANY, error: TOO_MANY });
  };
  const limit = async (c: Ctx, limiter: RateLimiter, key: string) => {
    const hit = await limiter.take(key);
    if (!hit.ok) refuse(c, hit.retryAfter);
  };
  /** Password hashing goes through the shared gate: in turn per client address and per account (N5). */
  const hashed = <T>(c: Ctx, account: string | null, fn: () => Promise<T>) =>
    d.hashGate.run(fn, [clientIp(c), ...(account ? [`account:${account}`] : [])]);

  const customerById = async (id: number) =>
    (await store.first(store.qb.selectFrom("customers").selectAll().where("id", "=", id))) as
      CustomerRow | undefined;
  const verifiedHolder = async (phone: string) =>
    (await store.first(store.qb.selectFrom("customers").selectAll().where("phone", "=", phone))) as
      CustomerRow | undefined;

  /** The guest's cart joins the customer's, and the guest session gets a new id (security review N7). */
  const logIn = async (c: Ctx, customer: CustomerRow) => {
    const token = await issueToken(store, customer.id, d.tokenTtlMs);
    const session = sessionHash(c);
    if (session)
      await store.tx(async () => {
        await carts.merge(session, customer);
        await rotateGuestSession(c, store);
      });
    return token;
  };

  r.post("/customer/login", async (c) => {
    const ip = clientIp(c);
    await limit(c, d.limiters.login, ip);
    const body = await parseBody(c, loginRequestSchema);
    const email = body.email.toLowerCase();
    // Failures count per account and address (one address cannot keep guessing one account) and per
    // account from all addresses (rotating addresses does not lift it), counted before the hash runs; a
    // refusal comes before any hash, with the same reply whether or not the account exists. Past the
    // account's cap a third party still cannot lock its owner out (review N10): an address that logged into
    // the account before keeps its own limit; only the others are refused (a new device can sign in by code).
    const accountKey = `${email}\n${ip}`;
    const customer = (await store.first(
      store.qb.selectFrom("customers").selectAll().where("email", "=", email),
    )) as CustomerRow | undefined;
    const stored = customer?.password_hash ?? (await d.dummyHash());
    const ok = await countedPasswordCheck(
      c,
      [
        [d.limiters.loginFailuresPerAccount, accountKey],
        [d.limiters.loginFailuresPerAccountGlobal, email],
      ],
      async () =>
        (await hashed(c, customer ? String(customer.id) : email, () =>
          verifyPassword(body.password, stored),
        )) && customer?.status === 1,
      async ([own]) => own!.ok && (await d.limiters.knownLoginClients.seen(accountKey)),
    );
    if (!customer || !ok) return c.json({ error: "Invalid Email or Password" }, 401);
    await d.limiters.knownLoginClients.remember(accountKey);
    const token = await logIn(c, customer);
    return c.json({ token, message: "Logged in successfully.", data: customerView(customer) });
  });

  const reservedEmail = (email: string) => email.endsWith(PHONE_ACCOUNT_DOMAIN);

  r.post("/customer/register", async (c) => {
    await limit(c, d.limiters.register, clientIp(c));
    const body = await parseBody(c, registerRequestSchema);
    const email = body.email.toLowerCase();
    const phone = body.phone ? normalisePhone(body.phone) : null;
    const errors: Record<string, string[]> = {};
    if (reservedEmail(email)) errors.email = ["The email must be a valid email address."];
    else if (await store.first(store.qb.selectFrom("customers").select("id").where("email", "=", email)))
      errors.email = ["The email has already been taken."];
    // Only a verified number is taken: a number someone else only typed in is no one's yet (review H1).
    if (phone && (await verifiedHolder(phone))) errors.phone = ["The phone has already been taken."];
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const hash = await hashed(c, null, () => hashPassword(body.password, d.scrypt));
    const now = nowIso();
    let id: number;
    try {
      id = await store.insert(
        store.qb.insertInto("customers").values({
          email,
          first_name: body.first_name,
          last_name: body.last_name,
          gender: null,
          date_of_birth: null,
          phone: null,
          unverified_phone: phone,
          phone_verified_at: null,
          password_hash: hash,
          status: 1,
          created_at: now,
          updated_at: now,
        }),
      );
    } catch (e) {
      // Only a concurrent registration of the same e-mail (the unique index) is "taken"; any other error is one.
      if (!isUniqueViolation(e)) throw e;
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { email: ["The email has already been taken."] },
      });
    }
    return c.json({
      message: "Your account has been created successfully.",
      data: customerView((await customerById(id))!),
    });
  });

  r.get("/customer/get", (c) => c.json({ data: customerView(requireCustomer(c.get("auth"))) }));

  r.get("/customers/:id", (c) => {
    const customer = requireCustomer(c.get("auth"));
    if (idParam(c) !== customer.id) return c.json({ message: "Invalid Request." }, 403);
    return c.json({ data: customerView(customer) });
  });

  r.put("/customer/profile", async (c) => {
    const auth = c.get("auth");
    const customer = requireCustomer(auth);
    const body = await parseBody(c, profileUpdateSchema);
    const errors: Record<string, string[]> = {};
    const email = body.email?.toLowerCase();
    const emailChanges = Boolean(email && email !== customer.email);
    // Every hash counts: a new password's, and every check of the current one (review N5).
    const checksCurrent = Boolean(
      (emailChanges || body.password) && customer.password_hash && body.current_password,
    );
    if (body.password || checksCurrent) await limit(c, d.limiters.passwordChange, String(customer.id));
    if (email && emailChanges && reservedEmail(email))
      errors.email = ["The email must be a valid email address."];
    else if (
      email &&
      emailChanges &&
      (await store.first(store.qb.selectFrom("customers").select("id").where("email", "=", email)))
    ) {
      errors.email = ["The email has already been taken."];
    }
    // undefined: unchanged; "" or null: removed; a number: kept when it is the verified one, otherwise it
    // waits unverified (and replaces the verified one) until a code sent to it is entered.
    const phone = body.phone ? normalisePhone(body.phone) : body.phone === undefined ? undefined : null;
    let phoneChange: Partial<CustomerRow> = {};
    if (phone === null) phoneChange = { phone: null, unverified_phone: null, phone_verified_at: null };
    else if (phone !== undefined && phone !== customer.phone) {
      const holder = await verifiedHolder(phone);
      if (holder && holder.id !== customer.id) errors.phone = ["The phone has already been taken."];
      else phoneChange = { phone: null, unverified_phone: phone, phone_verified_at: null };
    }
    if (
      body.date_of_birth &&
      (Number.isNaN(Date.parse(body.date_of_birth)) || body.date_of_birth >= nowIso().slice(0, 10))
    ) {
      errors.date_of_birth = ["The date of birth must be a date before today."];
    }
    // Changing the e-mail or the password needs the current password (review M3), so a stolen token alone
    // cannot take the account over. An account made by one-time code has no password: its phone is its
    // credential, and it may set a first password (and change its e-mail) without one.
    if ((emailChanges || body.password) && customer.password_hash) {
      if (!body.current_password) errors.current_password = ["The current password field is required."];
      else if (
        !(await countedPasswordCheck(c, [[d.limiters.currentPasswordFailures, String(customer.id)]], () =>
          hashed(c, String(customer.id), () =>
            verifyPassword(body.current_password!, customer.password_hash),
          ),
        ))
      )
        errors.current_password = ["The current password is incorrect."];
    }
    // An account made by one-time code has no password: its phone is its credential. Setting its first
    // password or changing its e-mail takes a fresh proof of that phone, a log-in by code in the last
    // RECENT_LOGIN_MS, so a token alone (copied, left signed in) cannot take the account over (review N21).
    if ((emailChanges || body.password) && !customer.password_hash) {
      const token = auth.tokenHash
        ? await store.first(
            store.qb.selectFrom("auth_tokens").select("created_at").where("token_hash", "=", auth.tokenHash),
          )
        : undefined;
      if (!token || Date.parse(token.created_at) < Date.now() - RECENT_LOGIN_MS)
        errors[body.password ? "password" : "email"] = [RECENT_LOGIN_MESSAGE];
    }
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const password_hash = body.password
      ? await hashed(c, String(customer.id), () => hashPassword(body.password!, d.scrypt))
      : undefined;
    const now = nowIso();
    await store.tx(async () => {
      await store.run(
        store.qb
          .updateTable("customers")
          .set({
            first_name: body.first_name,
            last_name: body.last_name,
            ...(body.gender !== undefined ? { gender: body.gender } : {}),
            ...(body.date_of_birth !== undefined ? { date_of_birth: body.date_of_birth } : {}),
            ...(email ? { email } : {}),
            ...phoneChange,
            ...(password_hash ? { password_hash } : {}),
            updated_at: now,
          })
          .where("id", "=", customer.id),
      );
      // A new password ends every other session of the account (this one stays logged in).
      if (password_hash)
        await store.run(
          store.qb
            .updateTable("auth_tokens")
            .set({ revoked_at: now })
            .where("customer_id", "=", customer.id)
            .where("token_hash", "!=", auth.tokenHash!)
            .where("revoked_at", "is", null),
        );
    });
    return c.json({
      message: "Your account has been updated successfully.",
      data: customerView((await customerById(customer.id))!),
    });
  });

  const logout = async (c: Ctx) => {
    const auth = c.get("auth");
    const customer = requireCustomer(auth);
    await store.run(
      store.qb
        .updateTable("auth_tokens")
        .set({ revoked_at: nowIso() })
        .where("token_hash", "=", auth.tokenHash!),
    );
    await forgetReplies(store, customer.id);
    // A session id planted or copied while the customer was logged in opens nothing afterwards (N7).
    await rotateGuestSession(c, store);
    return c.json({ message: "Logged out successfully." });
  };
  r.get("/customer/logout", logout);
  r.post("/customer/logout", logout);

  // One reply whether or not the e-mail has an account (security review L5), in the same time: the link is
  // mailed after the reply (lib/mail.ts Postbox). Without a mailer (production without SMTP_URL) it says so.
  r.post("/customer/forgot-password", async (c) => {
    await limit(c, d.limiters.login, `forgot:${clientIp(c)}`);
    const body = await parseBody(c, forgotPasswordRequestSchema);
    if (!d.mail.mailer) throw new HttpError(503, { message: RESET_UNAVAILABLE, error: RESET_UNAVAILABLE });
    const email = body.email.toLowerCase();
    // Counted for every address asked for, known or not: at most a few links per hour reach one inbox.
    const allowed = (await d.limiters.mailPerAddress.take(`reset:${email}`)).ok;
    const customer = reservedEmail(email)
      ? undefined
      : await store.first(
          store.qb
            .selectFrom("customers")
            .select(["id", "email", "first_name", "status"])
            .where("email", "=", email),
        );
    if (customer && customer.status === 1 && allowed) {
      const token = randomToken();
      const now = new Date();
      await store.run(
        store.qb.insertInto("password_resets").values({
          token_hash: sha256(token),
          customer_id: customer.id,
          expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        }),
      );
      // The token rides in the fragment: a browser never sends it, so no server or proxy log sees it.
      const link = `${linkOrigin(c)}/reset-password#token=${token}`;
      const texts = MAIL_TEXTS[requestLanguage(c)];
      d.mail.post({
        kind: "password-reset",
        to: customer.email,
        subject: texts.resetSubject,
        text: texts.reset(customer.first_name, link),
      });
      d.log.info("password reset link mailed", { customer_id: customer.id });
    }
    return c.json({ message: RESET_LINK_SENT });
  });

  // The mailed link's token sets a new password, once: the conditional update that spends the token is the
  // only way in, so two uses at once (any instances, PostgreSQL's row lock) succeed once. Every session and
  // every other link of the account ends with it.
  r.post("/customer/reset-password", async (c) => {
    await limit(c, d.limiters.login, `reset:${clientIp(c)}`);
    const body = await parseBody(c, resetPasswordRequestSchema);
    const invalid = () =>
      new HttpError(422, { message: "The given data was invalid.", errors: { token: [RESET_LINK_INVALID] } });
    const tokenHash = sha256(body.token);
    const usable = await store.first(
      store.qb
        .selectFrom("password_resets")
        .select("customer_id")
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", nowIso()),
    );
    if (!usable) throw invalid();
    const password_hash = await hashed(c, String(usable.customer_id), () =>
      hashPassword(body.password, d.scrypt),
    );
    const now = nowIso();
    const customerId = await store.tx(async () => {
      const spent = await store.first<{ customer_id: number }>(
        store.qb
          .updateTable("password_resets")
          .set({ used_at: now })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .where("expires_at", ">", now)
          .returning("customer_id"),
      );
      if (!spent) return null;
      const id = Number(spent.customer_id);
      await store.run(
        store.qb.updateTable("customers").set({ password_hash, updated_at: now }).where("id", "=", id),
      );
      await store.run(
        store.qb
          .updateTable("password_resets")
          .set({ used_at: now })
          .where("customer_id", "=", id)
          .where("used_at", "is", null),
      );
      await store.run(
        store.qb
          .updateTable("auth_tokens")
          .set({ revoked_at: now })
          .where("customer_id", "=", id)
          .where("revoked_at", "is", null),
      );
      return id;
    });
    if (customerId === null) throw invalid();
    await forgetReplies(store, customerId);
    d.log.info("password reset", { customer_id: customerId });
    return c.json({ message: RESET_DONE });
  });

  r.post("/send-verification-code", async (c) => {
    await limit(c, d.limiters.otp, `send:${clientIp(c)}`);
    const body = await parseBody(c, sendCodeRequestSchema);
    const phone = normalisePhone(body.phone);
    if (!d.sms) throw new HttpError(503, { status: false, message: SMS_UNAVAILABLE, error: SMS_UNAVAILABLE });
    // Only to the countries and ranges the shop serves (review N9: pumping to premium-rate numbers), checked
    // before any counter so that refused numbers use none of the shop's texts.
    if (d.smsAllowedPrefixes && !d.smsAllowedPrefixes.some((p) => phone.startsWith(p)))
      throw new HttpError(422, { status: false, message: SMS_NOT_ALLOWED, error: SMS_NOT_ALLOWED });
    await limit(c, d.limiters.otpSendPerPhone, phone);
    // A cap on the texts the whole shop sends (review N9: SMS pumping through many addresses and numbers).
    const shop = await d.limiters.otpSendGlobal.take("all");
    // The cost alarm: past 80 % of the cap each text is logged as a warning, so an operator hears of a
    // pumping run before sign-in by code stops for everyone.
    const cap = d.limiters.otpSendGlobal.limit;
    if (shop.hits >= Math.ceil(cap * SMS_CAP_WARNING))
      d.log.warn("sms sends near the shop's hourly cap", { sent: Math.min(shop.hits, cap), cap });
    if (!shop.ok) {
      c.header("Retry-After", String(shop.retryAfter));
      throw new HttpError(429, { status: false, message: SMS_SHOP_CAP, error: SMS_SHOP_CAP });
    }
    const code = sixDigitCode();
    const now = new Date();
    await store.tx(async () => {
      await store.run(
        store.qb
          .updateTable("otp_codes")
          .set({ consumed_at: now.toISOString() })
          .where("phone", "=", phone)
          .where("consumed_at", "is", null),
      );
      await store.run(
        store.qb.insertInto("otp_codes").values({
          phone,
          code_hash: otpHash(phone, code),
          attempts: 0,
          expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
          consumed_at: null,
          created_at: now.toISOString(),
        }),
      );
    });
    if (d.isTest) d.lastOtp.set(phone, code);
    try {
      await d.sms.send(phone, `Your bicycle shop code is ${code}. It expires in 5 minutes.`);
    } catch (error) {
      d.log.error("sms not sent", { sender: d.sms.name, error: String(error) });
      throw new HttpError(503, { status: false, message: SMS_UNAVAILABLE, error: SMS_UNAVAILABLE });
    }
    return c.json({ status: true, phone, message: "A verification code has been sent to your phone." });
  });

  r.post("/verify-code", async (c) => {
    await limit(c, d.limiters.otp, `verify:${clientIp(c)}`);
    const body = await parseBody(c, verifyCodeRequestSchema);
    const phone = normalisePhone(body.phone);
    const auth = c.get("auth");
    const row = await store.first(
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
    // Every try is counted before the code is compared, in one conditional write: however many tries arrive
    // at once, on however many instances, at most OTP_MAX_ATTEMPTS of them are compared.
    const counted = await store.first<{ attempts: number }>(
      store.qb
        .updateTable("otp_codes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", row.id)
        .where("attempts", "<", OTP_MAX_ATTEMPTS)
        .where("consumed_at", "is", null)
        .returning("attempts"),
    );
    if (!counted) return fail("Too many attempts. Please request a new code.");
    if (!otpMatches(row.code_hash, phone, body.code)) {
      return fail(
        Number(counted.attempts) >= OTP_MAX_ATTEMPTS
          ? "Too many attempts. Please request a new code."
          : "The code is invalid.",
      );
    }
    // The code proves the number. One transaction: the code is spent only if the log-in happens.
    const now = nowIso();
    const result = await store.tx(async () => {
      const spent = await store.run(
        store.qb
          .updateTable("otp_codes")
          .set({ consumed_at: now })
          .where("id", "=", row.id)
          .where("consumed_at", "is", null),
      );
      if (!spent.changes) return null;
      const claimed = { phone, unverified_phone: null, phone_verified_at: now, updated_at: now };
      // Whoever proves a number first owns it: other accounts' unproven claims on it are dropped.
      const dropClaims = async (except: number) =>
        await store.run(
          store.qb
            .updateTable("customers")
            .set({ unverified_phone: null, updated_at: now })
            .where("unverified_phone", "=", phone)
            .where("id", "!=", except),
        );
      const holder = await verifiedHolder(phone);
      const current = auth.state === "valid" ? auth.customer : null;
      if (current && !holder && current.unverified_phone === phone) {
        // A logged-in customer confirms the number of their own profile.
        await store.run(store.qb.updateTable("customers").set(claimed).where("id", "=", current.id));
        await dropClaims(current.id);
        return await customerById(current.id)!;
      }
      // Log-in by code enters only the account whose number was verified (review H1). A number that is
      // only claimed, unverified, by some account does not open it: the code's holder gets an account of
      // their own, with the number verified.
      if (holder) return holder;
      const id = await store.insert(
        store.qb.insertInto("customers").values({
          email: `phone-${randomToken(12).toLowerCase()}${PHONE_ACCOUNT_DOMAIN}`,
          first_name: "Customer",
          last_name: phone.slice(-4),
          gender: null,
          date_of_birth: null,
          ...claimed,
          password_hash: null,
          status: 1,
          created_at: now,
        }),
      );
      await dropClaims(id);
      return await customerById(id)!;
    });
    if (!result) return fail("OTP is Expired or Invalid , please try again!");
    const token = await logIn(c, result);
    return c.json({ status: true, token, message: "Logged in successfully.", data: customerView(result) });
  });

  return r;
}
