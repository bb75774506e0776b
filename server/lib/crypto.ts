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

/** Thrown when the password-hashing queue is full or a hash waited too long for its turn. */
export class HashBusyError extends Error {
  constructor() {
    super("The server is busy, please try again in a moment.");
  }
}

/**
 * At most `concurrency` password hashes at once process-wide (each scrypt holds 128 MiB and a libuv thread
 * for ≈ 0.5 s), a short queue behind them, and a refusal beyond it (security review M4): a flood of logins
 * or password changes slows itself down instead of every shopper's request and the server's memory.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly concurrency = 2,
    private readonly maxQueue = 8,
    private readonly maxWaitMs = 5000,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new HashBusyError();
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: () => {
            clearTimeout(entry.timer);
            resolve();
          },
          timer: setTimeout(() => {
            const i = this.waiting.indexOf(entry);
            if (i >= 0) this.waiting.splice(i, 1);
            reject(new HashBusyError());
          }, this.maxWaitMs),
        };
        this.waiting.push(entry);
      });
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
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
