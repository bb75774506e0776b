import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { createTransport } from "nodemailer";
import { requestLocale, type Locale } from "../../src/i18n/locale";
import type { Ctx } from "./context";

/** One e-mail: plain text (every client reads it), addressed to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** where a reply goes instead of the sender (a contact notice: the shopper who wrote) */
  replyTo?: string;
  /** what the message is (`password-reset`, `order-confirmation`, `contact-notice`, `newsletter-confirm`) */
  kind: string;
}

/** Sends one e-mail. Rejects when the message could not be handed over. */
export interface Mailer {
  readonly name: string;
  /** the sender every message goes out as (MAIL_FROM) */
  readonly from: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * Development and test mailer: each message is appended to a file as one JSON line
 * `{"at","from","to","subject","text","kind","replyTo"?}`, where a developer (or a test) reads it. Used
 * whenever MAIL_OUTBOX is set, in any mode, and outside production when no SMTP server is configured.
 */
export function outboxMailer(file: string, from: string): Mailer {
  // One write at a time, in the order sent: two appends in flight at once may land in either order.
  let last: Promise<unknown> = Promise.resolve();
  return {
    name: "outbox",
    from,
    send(m) {
      const line = JSON.stringify({ at: new Date().toISOString(), from, ...m }) + "\n";
      const write = last
        .then(() => mkdir(dirname(file), { recursive: true }))
        .then(() => appendFile(file, line, { mode: 0o600 }));
      last = write.catch(() => undefined);
      return write;
    },
  };
}

/**
 * SMTP through nodemailer: `SMTP_URL` is nodemailer's connection URL, `smtp://user:pass@host:587` (STARTTLS
 * when the server offers it) or `smtps://user:pass@host:465` (TLS from the start); a query may add options
 * (`?pool=true`). Each send waits at most 20 s for the server.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: "smtp",
    from,
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      });
    },
  };
}

export interface MailSettings {
  /** null: none configured (production without SMTP_URL or MAIL_OUTBOX): features that mail answer 503 */
  mailer: Mailer | null;
  /** SHOP_EMAIL: where contact notices go; null: none sent */
  shopEmail: string | null;
}

/** A plain address (`a@b.example`), or a display name and one (`Bicycle Shop <a@b.example>`). */
const ADDRESS = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/**
 * The mailer the environment configures: MAIL_OUTBOX (any mode) wins, then SMTP_URL; outside production the
 * outbox file under the data directory; in production with neither, none. MAIL_FROM is the sender (default
 * `Bicycle Shop <no-reply@host of PUBLIC_ORIGIN>`); SHOP_EMAIL the shop's own address for contact notices
 * (outside production default `shop@localhost`, so the sample shop's notices land in the outbox too). Throws
 * on an address that is none (a typo in an environment variable must not lose mail quietly).
 */
export function mailSettingsFromEnv(
  env: Record<string, string | undefined>,
  opts: { production: boolean; defaultOutbox: string },
): MailSettings {
  let host = "localhost";
  try {
    if (env.PUBLIC_ORIGIN) host = new URL(env.PUBLIC_ORIGIN).hostname;
  } catch {
    // PUBLIC_ORIGIN is checked where it is read; the default sender stays @localhost
  }
  const from = env.MAIL_FROM || `Bicycle Shop <no-reply@${host}>`;
  if (!ADDRESS.test(from)) throw new Error("MAIL_FROM is not an e-mail address");
  const shopEmail = env.SHOP_EMAIL || (opts.production ? null : "shop@localhost");
  if (shopEmail && !ADDRESS.test(shopEmail)) throw new Error("SHOP_EMAIL is not an e-mail address");
  let mailer: Mailer | null = null;
  if (env.MAIL_OUTBOX) mailer = outboxMailer(env.MAIL_OUTBOX, from);
  else if (env.SMTP_URL) {
    if (!/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error("SMTP_URL is not an smtp:// or smtps:// URL");
    mailer = smtpMailer(env.SMTP_URL, from);
  } else if (!opts.production) mailer = outboxMailer(opts.defaultOutbox, from);
  return { mailer, shopEmail };
}

/**
 * The origin of the links a mail carries: PUBLIC_ORIGIN (required in production), never a request's Host
 * header there; the sample shop without one links to the address it was asked at.
 */
export function linkOrigin(c: Ctx): string {
  return c.get("publicOrigin") || new URL(c.req.url).origin;
}

/** The language a mail to the shopper is written in: the page's (`lang` cookie), else the browser's, else English. */
export function requestLanguage(c: Ctx): Locale {
  return requestLocale(c.req.header("cookie"), c.req.header("accept-language"));
}
