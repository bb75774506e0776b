import { Hono } from "hono";
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from "../../src/api/contract/customer";
import { clientIp, type AppEnv, type Deps } from "../lib/context";
import { hashPassword, randomToken, sha256 } from "../lib/crypto";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../reference/common-passwords";
import { HttpError, nowIso, parseBody, noStore } from "../lib/http";
import { forgetReplies } from "../lib/idempotency";
import { linkOrigin, requestLanguage } from "../lib/mail";
import { MAIL_TEXTS } from "../lib/mail-texts";
import { hashed, limit } from "../lib/sign-in";
import { isReservedEmail } from "../services/customers";
import { insertPasswordReset, resetRecipient, spendReset, usableReset } from "../services/password-resets";

/** How long a mailed password reset link works (once). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_SENT = "If an account exists for this e-mail, we have sent a password reset link.";
export const RESET_UNAVAILABLE =
  "Password reset by e-mail is not available right now. Please contact the shop or sign in with a one-time code.";
export const RESET_DONE = "Your password has been reset. Please log in with your new password.";
export const RESET_LINK_INVALID =
  "This password reset link is invalid, expired or already used. Please ask for a new one.";

/** Password reset by a mailed link. */
export function passwordResetRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store } = d;

  r.use("*", noStore);

  // One reply whether or not the e-mail has an account (security review L5), in the same time: the link is
  // queued and mailed after the reply (lib/mail-queue.ts Postbox). Without a mailer (production without SMTP_URL) it says so.
  r.post("/customer/forgot-password", async (c) => {
    await limit(c, d.limiters.login, `forgot:${clientIp(c)}`);
    const body = await parseBody(c, forgotPasswordRequestSchema);
    if (!d.mail.mailer) throw new HttpError(503, { message: RESET_UNAVAILABLE, error: RESET_UNAVAILABLE });
    const email = body.email.toLowerCase();
    // Counted for every address asked for, known or not: at most a few links per hour reach one inbox.
    const allowed = (await d.limiters.mailPerAddress.take(`reset:${email}`)).ok;
    const customer = isReservedEmail(email) ? undefined : await resetRecipient(store, email);
    if (customer && customer.status === 1 && allowed) {
      const token = randomToken();
      const now = new Date();
      // The token rides in the fragment: a browser never sends it, so no server or proxy log sees it.
      const link = `${linkOrigin(c)}/reset-password#token=${token}`;
      const texts = MAIL_TEXTS[requestLanguage(c)];
      // The link and its mail are written together: a link is never stored without the mail that carries it.
      await store.tx(async () => {
        await insertPasswordReset(store, {
          token_hash: sha256(token),
          customer_id: customer.id,
          expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
          created_at: now.toISOString(),
        });
        await d.mail.post({
          kind: "password-reset",
          to: customer.email,
          subject: texts.resetSubject,
          text: texts.reset(customer.first_name, link),
        });
      });
      d.log.info("password reset link mailed", { customer_id: customer.id });
    }
    return c.json({ message: RESET_LINK_SENT });
  });

  // The mailed link's token sets a new password, once (`spendReset`).
  r.post("/customer/reset-password", async (c) => {
    await limit(c, d.limiters.login, `reset:${clientIp(c)}`);
    const body = await parseBody(c, resetPasswordRequestSchema);
    const invalid = () =>
      new HttpError(422, { message: "The given data was invalid.", errors: { token: [RESET_LINK_INVALID] } });
    const tokenHash = sha256(body.token);
    const usable = await usableReset(store, tokenHash, nowIso());
    if (!usable) throw invalid();
    if (isCommonPassword(body.password))
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { password: [COMMON_PASSWORD_MESSAGE] },
      });
    const password_hash = await hashed(d, clientIp(c), String(usable.customer_id), () =>
      hashPassword(body.password, d.scrypt),
    );
    const now = nowIso();
    const customerId = await spendReset(store, tokenHash, password_hash, now);
    if (customerId === null) throw invalid();
    await forgetReplies(store, customerId);
    d.log.info("password reset", { customer_id: customerId });
    return c.json({ message: RESET_DONE });
  });

  return r;
}
