import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 32, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fixed hash to verify against when the e-mail is unknown, so both paths take the same time. */
export async function dummyHash(params: ScryptParams): Promise<string> {
  return hashPassword("not-a-real-password", params);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Thrown when a password hash cannot get its turn: 503 when the shop's queue is full or the hash waited too
 * long, 429 when this client already has its share of the queue (its own flood, not the shop, is busy).
 */
export class HashBusyError extends Error {
  constructor(readonly status: 429 | 503 = 503) {
    super(
      status === 429
        ? "Too many requests, please try again later."
        : "The server is busy, please try again in a moment.",
    );
  }
}

export interface HashGateLimits {
  /** hashes at once, process-wide (each scrypt holds 128 MiB and a libuv thread for ≈ 0.5 s) */
  concurrency: number;
  /** hashes waiting, process-wide (a newcomer waits for one turn of each client ahead, not for all of them) */
  maxQueue: number;
  /** the longest a hash waits for its turn before 503 */
  maxWaitMs: number;
  /** hashes one client may have waiting (one more runs) before 429 */
  perClientQueue: number;
}

export const DEFAULT_HASH_GATE: HashGateLimits = {
  concurrency: 2,
  maxQueue: 64,
  maxWaitMs: 5000,
  perClientQueue: 4,
};

interface HashJob {
  keys: string[];
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Password hashes in turn, fairly between clients (security review M4, N5). At most `concurrency` at once
 * process-wide, and at most one at a time per key: a job's keys are its client (its address, the first key)
 * and the account it checks, so neither one address nor many addresses against one account hold more than
 * one hash. Waiting jobs queue per client and clients take turns (round robin): a flood from one client waits
 * behind itself, never in front of anyone else, and beyond `perClientQueue` it is refused (429) while the
 * rest of the queue stays free for others. A full queue or a wait beyond `maxWaitMs` answers 503.
 * Jobs without keys are each a client of their own.
 */
export class HashGate {
  private running = 0;
  private waiting = 0;
  private anonymous = 0;
  /** keys with a hash in flight */
  private readonly busy = new Set<string>();
  /** each client's waiting jobs, in turn order: the next client to be served first */
  private readonly queues = new Map<string, HashJob[]>();
  private readonly limits: HashGateLimits;

  constructor(
    concurrency = DEFAULT_HASH_GATE.concurrency,
    maxQueue = DEFAULT_HASH_GATE.maxQueue,
    maxWaitMs = DEFAULT_HASH_GATE.maxWaitMs,
    perClientQueue = DEFAULT_HASH_GATE.perClientQueue,
  ) {
    this.limits = { concurrency, maxQueue, maxWaitMs, perClientQueue };
  }

  async run<T>(fn: () => Promise<T>, keys: string[] = []): Promise<T> {
    const jobKeys = keys.length ? [...new Set(keys)] : [`\0job${++this.anonymous}`];
    const client = jobKeys[0]!;
    const queue = this.queues.get(client);
    if (!queue && this.running < this.limits.concurrency && this.free(jobKeys)) this.begin(jobKeys);
    else {
      if ((queue?.length ?? 0) >= this.limits.perClientQueue) throw new HashBusyError(429);
      if (this.waiting >= this.limits.maxQueue) throw new HashBusyError(503);
      await new Promise<void>((resolve, reject) => {
        const job: HashJob = {
          keys: jobKeys,
          start: resolve,
          timer: setTimeout(() => {
            const mine = this.queues.get(client);
            const i = mine?.indexOf(job) ?? -1;
            if (i < 0) return;
            mine!.splice(i, 1);
            if (!mine!.length) this.queues.delete(client);
            this.waiting--;
            reject(new HashBusyError(503));
          }, this.limits.maxWaitMs),
        };
        if (queue) queue.push(job);
        else this.queues.set(client, [job]);
        this.waiting++;
      });
    }
    try {
      return await fn();
    } finally {
      this.running--;
      for (const key of jobKeys) this.busy.delete(key);
      // This client was just served: its next hash waits for the others' turns first.
      const mine = this.queues.get(client);
      if (mine) {
        this.queues.delete(client);
        this.queues.set(client, mine);
      }
      this.pump();
    }
  }

  private free(keys: string[]): boolean {
    return keys.every((key) => !this.busy.has(key));
  }

  private begin(keys: string[]): void {
    this.running++;
    for (const key of keys) this.busy.add(key);
  }

  /** Starts waiting jobs while there is room: the first client in turn whose next job's keys are free. */
  private pump(): void {
    while (this.running < this.limits.concurrency) {
      let next: HashJob | undefined;
      for (const [client, queue] of this.queues) {
        if (!this.free(queue[0]!.keys)) continue;
        next = queue.shift()!;
        // Served: to the back of the turn order (or out of it).
        this.queues.delete(client);
        if (queue.length) this.queues.set(client, queue);
        break;
      }
      if (!next) return;
      this.waiting--;
      clearTimeout(next.timer);
      this.begin(next.keys);
      next.start();
    }
  }
}

/** A one-time code's stored form: a random salt and the hash of salt, phone and code. */
export function otpHash(phone: string, code: string, salt = randomToken(12)): string {
  return `${salt}$${sha256(`${salt}:${phone}:${code}`)}`;
}

export function otpMatches(stored: string, phone: string, code: string): boolean {
  const [salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash);
  const actual = Buffer.from(sha256(`${salt}:${phone}:${code}`));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
