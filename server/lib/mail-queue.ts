import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { sql, type Updateable } from "kysely";
import type { Counter } from "prom-client";
import type { MailQueueTable } from "../db/schema";
import type { Store } from "../db/store";
import type { Logger } from "./log";
import type { Mailer, MailMessage } from "./mail";

/** How the queue's worker behaves (decision 053). */
export interface MailQueueOptions {
  /** how often an instance looks for mail due (ms); 0: only after a post and in `settled` */
  pollMs: number;
  /** tries before a message is given up (`failed`) */
  maxAttempts: number;
  /** messages one claim takes */
  batch: number;
}

export const DEFAULT_MAIL_QUEUE: MailQueueOptions = { pollMs: 5000, maxAttempts: 20, batch: 20 };

/**
 * How long a claim lasts: longer than one send may take (nodemailer gives up after 10 + 10 + 20 s). A worker
 * that dies mid-send leaves its messages to another once this has passed.
 */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** The wait before try `attempts + 1`: 30 s, doubling, at most an hour (20 tries ≈ 13 hours). */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

type Outcome = "queued" | "sent" | "failed" | "given_up";

/**
 * What the routes mail through (decision 053): the configured mailer, the shop's address, and a queue in the
 * database. `post` writes the message to `mail_queue` in the caller's transaction (the order, sign-up or link
 * it belongs to commits with it, or neither does) and never waits for an SMTP server. A worker in every
 * instance claims due messages (a conditional update; on PostgreSQL `for update skip locked`, so instances
 * never take the same rows), sends each once per claim, and marks it sent, or schedules another try with a
 * growing wait; after `maxAttempts` it gives up (`failed`, logged). A message is never lost to an SMTP outage,
 * and goes twice only if an instance dies between the send and the mark (its claim then lapses).
 */
export class Postbox {
  /** the context the app was built in: the worker never runs inside a request's transaction */
  private readonly outside = new AsyncResource("shop:mail-queue");
  private running: Promise<void> | null = null;
  private again = false;
  private closing = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: Store,
    readonly mailer: Mailer | null,
    readonly shopEmail: string | null,
    private readonly log: Pick<Logger, "warn" | "error">,
    private readonly counter: Counter<"outcome"> | null = null,
    private readonly opts: MailQueueOptions = DEFAULT_MAIL_QUEUE,
  ) {
    if (mailer)
      for (const o of ["queued", "sent", "failed", "given_up"] as const) counter?.inc({ outcome: o }, 0);
  }

  /** Starts looking for due mail every `pollMs` (an instance; tests call `settled` instead). */
  start(): void {
    if (!this.mailer || this.opts.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.timer.unref();
  }

  /**
   * Queues a message, in the caller's transaction when there is one. Without a mailer nothing is queued (the
   * routes that need one answer 503 first). Rejects only when the database does.
   */
  async post(message: MailMessage): Promise<void> {
    if (!this.mailer) return;
    await this.store.insertRows(
      "mail_queue",
      [
        {
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          reply_to: message.replyTo ?? null,
          state: "waiting",
          attempts: 0,
          due_at: Date.now(),
          claim: null,
          last_error: null,
          created_at: new Date().toISOString(),
          done_at: null,
        },
      ],
      false,
    );
    // Once stored for good: counted, and sent soon (the worker runs outside the caller's transaction).
    this.store.afterCommit(() => {
      this.count("queued");
      setImmediate(() => this.wake());
    });
  }

  /** Sends every message due now (a test before it reads the outbox). Messages that fail wait for their retry. */
  async settled(): Promise<void> {
    await this.deliver();
  }

  /** Stops looking for mail and waits for the message being sent (a shutdown; the rest stays queued). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A run that failed (the database went first) leaves its claims to lapse: the shutdown goes on.
    await this.running?.catch(() => undefined);
  }

  private wake(): void {
    if (this.closing) return;
    this.outside.runInAsyncScope(() => {
      this.deliver().catch((err: unknown) => this.log.warn("mail queue not read", { error: String(err) }));
    });
  }

  /** One delivery run at a time per instance; a wake during a run makes it look once more. */
  private deliver(): Promise<void> {
    this.again = true;
    if (this.running) return this.running;
    const run = this.outside.runInAsyncScope(async () => {
      while (this.again && !this.closing) {
        this.again = false;
        while (!this.closing && (await this.deliverBatch()) === this.opts.batch);
      }
    });
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }

  /** Claims up to `batch` due messages and sends them one by one; answers how many it claimed. */
  private async deliverBatch(): Promise<number> {
    const mailer = this.mailer;
    if (!mailer) return 0;
    const { store } = this;
    const qb = store.qb;
    const claim = randomUUID();
    const now = Date.now();
    let due = qb
      .selectFrom("mail_queue")
      .select("id")
      .where("state", "=", "waiting")
      .where("due_at", "<=", now)
      .orderBy("due_at")
      .orderBy("id")
      .limit(this.opts.batch);
    if (store.dialect === "postgres") due = due.forUpdate().skipLocked();
    const rows = await store.all(
      qb
        .updateTable("mail_queue")
        .set({ claim, due_at: now + MAIL_CLAIM_MS, attempts: sql<number>`attempts + 1` })
        .where("id", "in", due)
        // Read again on the row itself: a row another instance claimed meanwhile is not taken twice.
        .where("state", "=", "waiting")
        .where("due_at", "<=", now)
        .returning(["id", "kind", "recipient", "subject", "body", "reply_to", "attempts"]),
    );
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      if (this.closing) break;
      const done = (set: Updateable<MailQueueTable>) =>
        store.run(qb.updateTable("mail_queue").set(set).where("id", "=", row.id).where("claim", "=", claim));
      try {
        await mailer.send({
          kind: row.kind,
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const attempts = Number(row.attempts);
        const giveUp = attempts >= this.opts.maxAttempts;
        await done({
          state: giveUp ? "failed" : "waiting",
          // A message given up keeps no text: it may hold a link, which is a credential.
          ...(giveUp ? { body: "" } : {}),
          claim: null,
          due_at: Date.now() + mailRetryDelayMs(attempts),
          last_error: error.slice(0, 500),
          done_at: giveUp ? new Date().toISOString() : null,
        });
        // Never the message: a reset or confirmation link is a credential.
        const fields = { kind: row.kind, mailer: mailer.name, attempts, error };
        if (giveUp) this.log.error("mail given up", fields);
        else this.log.warn("mail not sent, will retry", fields);
        this.count(giveUp ? "given_up" : "failed");
        continue;
      }
      // Its text goes once sent (a link in it is a credential); the row stays as the record that it went.
      await done({
        state: "sent",
        body: "",
        claim: null,
        last_error: null,
        done_at: new Date().toISOString(),
      });
      this.count("sent");
    }
    return rows.length;
  }

  private count(outcome: Outcome): void {
    this.counter?.inc({ outcome });
  }
}
