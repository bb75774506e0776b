import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";

/** Sends one text message. Rejects when the message could not be handed over. */
export interface SmsSender {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

/**
 * Development and test sender: each message is appended to a file as one JSON line `{"to":…,"text":…}`,
 * where a developer (or a test) reads the code. Used whenever SMS_OUTBOX is set, in any mode.
 */
export function outboxSender(file: string): SmsSender {
  // One write at a time, in the order sent, as the mail outbox does: two appends in flight at once may land
  // in either order (or, for long lines, interleaved), and a failed write must not stop the ones after it.
  let last: Promise<unknown> = Promise.resolve();
  return {
    name: "outbox",
    send(to, text) {
      const line = JSON.stringify({ to, text }) + "\n";
      const write = last
        .then(() => mkdir(dirname(file), { recursive: true }))
        .then(() => appendFile(file, line, { mode: 0o600 }));
      last = write.catch(() => undefined);
      return write;
    },
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com by default; a test points it at a local fake */
  apiBase?: string;
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth. */
export function twilioSender(cfg: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const base = (cfg.apiBase ?? "https://api.twilio.com").replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = "Basic " + Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString("base64");
  return {
    name: "twilio",
    async send(to, text) {
      const res = await fetchImpl(url, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, From: cfg.from, Body: text }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/**
 * The sender the environment configures: SMS_OUTBOX (any mode) wins, then Twilio (TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN, TWILIO_FROM, optional TWILIO_API_BASE); outside production the outbox file under the
 * data directory; in production with neither, none (sending a code then answers 503).
 */
export function smsSenderFromEnv(
  env: Record<string, string | undefined>,
  opts: { production: boolean; defaultOutbox: string },
): SmsSender | null {
  if (env.SMS_OUTBOX) return outboxSender(env.SMS_OUTBOX);
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return twilioSender({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiBase: env.TWILIO_API_BASE,
    });
  }
  return opts.production ? null : outboxSender(opts.defaultOutbox);
}
