import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { config, type z } from "zod/mini";
import { en } from "zod/locales";

// A 422 names each field with zod's English message (zodErrors). The contract's schemas are zod/mini's,
// which, unlike classic zod, sets no locale: without this every message would read "Invalid input".
config(en());

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
  ) {
    super(
      typeof body.message === "string"
        ? body.message
        : typeof body.error === "string"
          ? body.error
          : "HTTP error",
    );
  }
}

export const notFound = () => new HttpError(404, { error: "Resource Not Found" });
export const unauthenticated = () => new HttpError(401, { error: "Unauthenticated" });
export const badRequest = (message: string) => new HttpError(400, { message, error: message });
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, { message, ...(errors ? { errors } : {}) });

export function zodErrors(error: z.core.$ZodError, prefix = ""): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.map(String).join(".") : "body");
    const field = key.split(".").pop() ?? key;
    const msg =
      issue.code === "invalid_type" && issue.input === undefined
        ? `The ${field.replace(/_/g, " ")} field is required.`
        : issue.message;
    (errors[key] ??= []).push(msg);
  }
  return errors;
}

export function validationError(error: z.core.$ZodError): HttpError {
  return new HttpError(422, { message: "The given data was invalid.", errors: zodErrors(error) });
}

export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

export const MAX_BODY_BYTES = 64 * 1024;

/** The request body as JSON: empty → {}; not JSON → 400; not an object → 422. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const cached = c.get("jsonBody" as never) as Record<string, unknown> | undefined;
  if (cached) return cached;
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw new HttpError(413, { message: "The request body is too large." });
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, { message: "The request body is not valid JSON.", error: "Malformed JSON" });
    }
  }
  if (holdsNul(value)) throw nulError();
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(422, {
      message: "The given data was invalid.",
      errors: { body: ["The body must be a JSON object."] },
    });
  }
  c.set("jsonBody" as never, value as never);
  return value as Record<string, unknown>;
}

export async function parseBody<T extends z.ZodMiniType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readJson(c));
}

export function parseQuery<T extends z.ZodMiniType>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query());
}

/** The largest id the database holds (int4 on PostgreSQL). */
export const INT4_MAX = 2147483647;

/** Text with a NUL character, which PostgreSQL cannot store or compare (SQLite can): refused at the door. */
export const NUL_REFUSED = "The given data was invalid.";
const NUL_DETAIL = "The text may not contain a NUL character.";

/** Whether any string (or key) in a parsed JSON value holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || typeof value !== "object" || value === null) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes("\u0000") || holdsNul(v, depth + 1)) return true;
  return false;
}

/** A 422 for a request whose path, query or body holds a NUL character. */
export function nulError(): HttpError {
  return new HttpError(422, { message: NUL_REFUSED, errors: { text: [NUL_DETAIL] } });
}

/** Whether a request URL (as sent, percent-encoded) holds an encoded NUL character. */
export function urlHoldsNul(url: string): boolean {
  return /%00/i.test(url) || url.includes("\u0000");
}

/** A positive integer path id; anything else is a 404, as a missing row would be. */
export function idParam(c: Context, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  const n = Number(raw);
  if (n < 1 || n > INT4_MAX) throw notFound();
  return n;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * Headers added once the reply exists (after `await next()`): on the reply's own headers where they can change
 * (a Response the server built), since Hono's `c.header` would rebuild the Response around a stream (a cached
 * page's throughput halved); through `c.header` for an immutable one (a reply passed on from fetch).
 */
export function setAfterReply(c: Context, headers: [string, string][]): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}

/**
 * Personal replies (cart, checkout, customer, account): never stored by a browser, a proxy or the service
 * worker. Set before the reply exists (set after it, Hono rebuilds the reply around a stream); a reply the
 * handler built as a bare Response gets it afterwards.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
  if (!c.res.headers.has("Cache-Control")) setAfterReply(c, [["Cache-Control", "no-store"]]);
};

/**
 * The request's address for links in a reply: PUBLIC_ORIGIN + path when it is set, else the path alone.
 * The Host header never reaches a reply (or a cached one) this way (security review L4).
 */
export function linkUrl(c: Context): string {
  const u = new URL(c.req.url);
  return `${(c.get("publicOrigin" as never) as string | undefined) ?? ""}${u.pathname}${u.search}`;
}

const CLOSE = Buffer.from("}");

/**
 * `{...fields, [key]: <json>}` with `json` (JSON text) spliced in as it is, as the last field: the text
 * `JSON.stringify` writes for the parsed value, without parsing it.
 */
export function spliceJson(
  fields: Record<string, unknown>,
  key: string,
  json: Uint8Array,
): Buffer<ArrayBuffer> {
  const head = JSON.stringify(fields);
  const open = `${head === "{}" ? "{" : `${head.slice(0, -1)},`}${JSON.stringify(key)}:`;
  return Buffer.concat([Buffer.from(open), json, CLOSE]);
}

/** A public reply may be kept a minute by browsers and caches; one asked for with a token never is. */
export function publicCache(c: Context): void {
  c.header("Cache-Control", c.req.query("token") !== undefined ? "private, no-store" : "public, max-age=60");
}
