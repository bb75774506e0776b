import { Hono } from "hono";
import {
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  sendCodeRequestSchema,
  verifyCodeRequestSchema,
} from "../../src/api/contract/customer";
import { clientIp, type AppEnv, type Deps } from "../lib/context";
import { customerView } from "../lib/auth";
import { otpHash, otpMatches, sixDigitCode } from "../lib/crypto";
import { HttpError, nowIso, parseBody, noStore } from "../lib/http";
import { limit, logIn } from "../lib/sign-in";
import { normalisePhone } from "../services/customers";
import { countTry, issueCode, logInByCode, waitingCode } from "../services/one-time-codes";

const SMS_UNAVAILABLE =
  "Sign-in by code is not available right now. Please sign in with your e-mail and password.";
const SMS_SHOP_CAP =
  "We are sending too many codes right now. Please try again later, or sign in with your e-mail and password.";
const SMS_NOT_ALLOWED = "We cannot send codes to this number. Please sign in with your e-mail and password.";
/** The share of the shop's hourly cap of texts past which each send is logged as a warning (review N9). */
const SMS_CAP_WARNING = 0.8;

/** Sign-in by a code texted to the shopper's number (and a customer confirming their profile's number). */
export function oneTimeCodeRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store } = d;

  r.use("*", noStore);

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
    await issueCode(store, phone, otpHash(phone, code), new Date(), OTP_TTL_SECONDS * 1000);
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
    const row = await waitingCode(store, phone);
    const fail = (message: string) => c.json({ status: false, message, error: message });
    if (!row || row.expires_at <= nowIso()) return fail("OTP is Expired or Invalid , please try again!");
    // Every try is counted before the code is compared (`countTry`).
    const counted = await countTry(store, row.id);
    if (counted === null) return fail("Too many attempts. Please request a new code.");
    if (!otpMatches(row.code_hash, phone, body.code)) {
      return fail(
        counted >= OTP_MAX_ATTEMPTS
          ? "Too many attempts. Please request a new code."
          : "The code is invalid.",
      );
    }
    // The code proves the number. One transaction: the code is spent only if the log-in happens.
    const now = nowIso();
    const result = await logInByCode(
      store,
      row.id,
      phone,
      auth.state === "valid" ? auth.customer : null,
      now,
    );
    if (!result) return fail("OTP is Expired or Invalid , please try again!");
    const token = await logIn(d, c, result);
    return c.json({ status: true, token, message: "Logged in successfully.", data: customerView(result) });
  });

  return r;
}
