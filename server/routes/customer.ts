import { Hono } from "hono";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../reference/common-passwords";
import { isUniqueViolation } from "../db/store";
import {
  loginRequestSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from "../../src/api/contract/customer";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../lib/context";
import { customerView, requireCustomer, rotateGuestSession, type CustomerRow } from "../lib/auth";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { HttpError, idParam, nowIso, parseBody, noStore } from "../lib/http";
import { forgetReplies } from "../lib/idempotency";
import { countedPasswordCheck } from "../lib/rate-limit";
import { hashed, limit, logIn } from "../lib/sign-in";
import {
  customerByEmail,
  customerById,
  emailTaken,
  insertCustomer,
  isReservedEmail,
  normalisePhone,
  revokeToken,
  saveProfile,
  tokenCreatedAt,
  verifiedHolder,
} from "../services/customers";

/** How recent a log-in by one-time code must be for a password-less account to set a password or e-mail. */
export const RECENT_LOGIN_MS = 10 * 60 * 1000;
export const RECENT_LOGIN_MESSAGE =
  "Log in again with a one-time code to set a password or change the e-mail.";

/** The account: log-in by password, registration, the profile, log-out (password reset and codes: their own files). */
export function customerRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store } = d;

  r.use("*", noStore);

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
    const customer = await customerByEmail(store, email);
    const stored = customer?.password_hash ?? (await d.dummyHash());
    const ok = await countedPasswordCheck(
      c,
      [
        [d.limiters.loginFailuresPerAccount, accountKey],
        [d.limiters.loginFailuresPerAccountGlobal, email],
      ],
      async () =>
        (await hashed(d, clientIp(c), customer ? String(customer.id) : email, () =>
          verifyPassword(body.password, stored),
        )) && customer?.status === 1,
      async ([own]) => own!.ok && (await d.limiters.knownLoginClients.seen(accountKey)),
    );
    if (!customer || !ok) return c.json({ error: "Invalid Email or Password" }, 401);
    await d.limiters.knownLoginClients.remember(accountKey);
    const token = await logIn(d, c, customer);
    return c.json({ token, message: "Logged in successfully.", data: customerView(customer) });
  });

  r.post("/customer/register", async (c) => {
    await limit(c, d.limiters.register, clientIp(c));
    const body = await parseBody(c, registerRequestSchema);
    const email = body.email.toLowerCase();
    const phone = body.phone ? normalisePhone(body.phone) : null;
    const errors: Record<string, string[]> = {};
    // One of the most common passwords is the first a guesser tries (review N18).
    if (isCommonPassword(body.password)) errors.password = [COMMON_PASSWORD_MESSAGE];
    if (isReservedEmail(email)) errors.email = ["The email must be a valid email address."];
    else if (await emailTaken(store, email)) errors.email = ["The email has already been taken."];
    // Only a verified number is taken: a number someone else only typed in is no one's yet (review H1).
    if (phone && (await verifiedHolder(store, phone))) errors.phone = ["The phone has already been taken."];
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const hash = await hashed(d, clientIp(c), null, () => hashPassword(body.password, d.scrypt));
    const now = nowIso();
    let id: number;
    try {
      id = await insertCustomer(store, {
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
      });
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
      data: customerView((await customerById(store, id))!),
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
    if (body.password && isCommonPassword(body.password)) errors.password = [COMMON_PASSWORD_MESSAGE];
    if (email && emailChanges && isReservedEmail(email))
      errors.email = ["The email must be a valid email address."];
    else if (email && emailChanges && (await emailTaken(store, email))) {
      errors.email = ["The email has already been taken."];
    }
    // undefined: unchanged; "" or null: removed; a number: kept when it is the verified one, otherwise it
    // waits unverified (and replaces the verified one) until a code sent to it is entered.
    const phone = body.phone ? normalisePhone(body.phone) : body.phone === undefined ? undefined : null;
    let phoneChange: Partial<CustomerRow> = {};
    if (phone === null) phoneChange = { phone: null, unverified_phone: null, phone_verified_at: null };
    else if (phone !== undefined && phone !== customer.phone) {
      const holder = await verifiedHolder(store, phone);
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
          hashed(d, clientIp(c), String(customer.id), () =>
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
      const since = auth.tokenHash ? await tokenCreatedAt(store, auth.tokenHash) : undefined;
      if (since === undefined || Date.parse(since) < Date.now() - RECENT_LOGIN_MS)
        errors[body.password ? "password" : "email"] = [RECENT_LOGIN_MESSAGE];
    }
    if (Object.keys(errors).length)
      throw new HttpError(422, { message: "The given data was invalid.", errors });
    const password_hash = body.password
      ? await hashed(d, clientIp(c), String(customer.id), () => hashPassword(body.password!, d.scrypt))
      : undefined;
    const now = nowIso();
    await saveProfile(
      store,
      customer.id,
      {
        first_name: body.first_name,
        last_name: body.last_name,
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        ...(body.date_of_birth !== undefined ? { date_of_birth: body.date_of_birth } : {}),
        ...(email ? { email } : {}),
        ...phoneChange,
        ...(password_hash ? { password_hash } : {}),
        updated_at: now,
      },
      // A new password ends every other session of the account (this one stays logged in).
      password_hash ? { keepToken: auth.tokenHash! } : null,
    );
    return c.json({
      message: "Your account has been updated successfully.",
      data: customerView((await customerById(store, customer.id))!),
    });
  });

  const logout = async (c: Ctx) => {
    const auth = c.get("auth");
    const customer = requireCustomer(auth);
    await revokeToken(store, auth.tokenHash!);
    await forgetReplies(store, customer.id);
    // A session id planted or copied while the customer was logged in opens nothing afterwards (N7).
    await rotateGuestSession(c, store);
    return c.json({ message: "Logged out successfully." });
  };
  r.get("/customer/logout", logout);
  r.post("/customer/logout", logout);

  return r;
}
