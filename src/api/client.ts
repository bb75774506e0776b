/*
 * The one door to the back end. Pure transport: base URL, JSON, token transport, idempotency keys,
 * error normalisation and reply parsing. No UI, no redirects, no toasts: callers map ApiError to messages.
 *
 * Token transport (DESIGN §3): a logged-in call sends `?token=true` and `Authorization: Bearer <token>`,
 * so the token never appears in a URL (logs, caches, the service worker never see it).
 * Bagisto error shapes (bagisto-api.md §1): `{error: string}`, `{error: {message, code}}`, `{message}`,
 * and 422 `{message, errors: {field: [..]}}`; a 200 reply carrying `error` is a failure too.
 */
import type { z } from "zod/mini";
import { readToken } from "./auth-storage";
import { SESSION_STARTED } from "./contract/common";

export const API_ROOT = (import.meta.env.VITE_API_ROOT ?? "/api").replace(/\/+$/, "");

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server renderer answers API calls in-process (no cookies, no token: public data only). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * A request through the current transport, for a service read without this client's conventions (the
 * exchange rates): the browser's fetch, and in the server renderer the app itself, as every API call.
 */
export function sendRequest(url: string, init: RequestInit): Promise<Response> {
  return transport(url, init);
}

export type ApiErrorKind = "http" | "network" | "parse" | "reply";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;

  constructor(
    message: string,
    opts: { kind: ApiErrorKind; status?: number; fieldErrors?: Record<string, string[]>; body?: unknown },
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = opts.kind;
    this.status = opts.status ?? 0;
    this.fieldErrors = opts.fieldErrors ?? {};
    this.body = opts.body;
  }

  get isNetwork(): boolean {
    return this.kind === "network";
  }
}

/**
 * The back end has no such service at all: a stock Bagisto lacks brands, banners, content pages, filters,
 * states, the contact form, the newsletter and one-time codes (README "Running against Bagisto"), and
 * answers 404 (GET) or 405 for them. Only meaningful for a call that names a service, not one record.
 */
export function isMissingService(error: unknown): boolean {
  return error instanceof ApiError && error.kind === "http" && [404, 405, 501].includes(error.status);
}

export const MALFORMED_REPLY_MESSAGE = "The server sent a reply the shop could not read.";
export const NETWORK_ERROR_MESSAGE = "The server could not be reached.";
/** How long a request may take, its reply included, before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads a Bagisto error body into one message and field errors; null when the body is not an error. */
export function normaliseErrorBody(
  body: unknown,
): { message: string; fieldErrors: Record<string, string[]> } | null {
  if (!isRecord(body)) return null;
  const fieldErrors: Record<string, string[]> = {};
  if (isRecord(body.errors)) {
    for (const [field, value] of Object.entries(body.errors)) {
      const list = Array.isArray(value) ? value : [value];
      fieldErrors[field] = list.filter((m): m is string => typeof m === "string");
    }
  }
  const err = body.error;
  if (typeof err === "string" && err) return { message: err, fieldErrors };
  if (isRecord(err)) {
    const msg = typeof err.message === "string" && err.message ? err.message : "Request failed";
    return { message: msg, fieldErrors };
  }
  if (Object.keys(fieldErrors).length > 0) {
    const first = Object.values(fieldErrors).flat()[0];
    return {
      message: first ?? (typeof body.message === "string" ? body.message : "Invalid data"),
      fieldErrors,
    };
  }
  return null;
}

/**
 * The same failure with its 422 field errors keyed by the storefront's own field names, so that a form shows a
 * server's message under the right field. `names` maps a wire field (the first segment of a dotted key, e.g.
 * `address1` of `address1.0`, after `prefix` such as `billing.`) to ours; a field not named there keeps its own name (without the
 * prefix). Anything that is not an ApiError with field errors is given back unchanged.
 */
export function withFieldNames(
  error: unknown,
  names: Readonly<Record<string, string>>,
  prefix = "",
): unknown {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) return error;
  const renamed = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const prefixed = prefix !== "" && key.startsWith(prefix);
    const first = (prefixed ? key.slice(prefix.length) : key).split(".")[0]!;
    const ours = Object.hasOwn(names, first) ? names[first]! : prefixed ? first : key;
    renamed.set(ours, [...(renamed.get(ours) ?? []), ...messages]);
  }
  return new ApiError(error.message, {
    kind: error.kind,
    status: error.status,
    fieldErrors: Object.fromEntries(renamed),
    body: error.body,
  });
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface ApiRequest<S extends z.ZodMiniType> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** zod schema the reply must match; a mismatch becomes an ApiError of kind "parse". */
  schema: S;
  /** "auto": send the token when logged in; "required": fail without one; "none": never send it. */
  auth?: "auto" | "required" | "none";
  /** A token other than the stored one, sent instead (a log-out made offline, revoked later). */
  bearer?: string;
  idempotencyKey?: string;
  /** `return=minimal`: a write's reply may leave the cart out (the caller reads it once afterwards). */
  prefer?: "return=minimal";
  signal?: AbortSignal;
  /** A request (reply body included) not done by then is abandoned as a network failure. */
  timeoutMs?: number;
  /** When false, a reply carrying an `error` field is returned instead of thrown. */
  throwOnErrorField?: boolean;
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_ROOT}/${path.replace(/^\/+/, "")}${qs ? `?${qs}` : ""}`;
}

/**
 * The outbox's say over writes that carry an Idempotency-Key: `allowed` returns those of the keys that may
 * still go (a change undone or settled in some tab never leaves), `sending` is told just before they leave
 * (from then on they may have been received). No guard: every key goes.
 */
export interface SendGuard {
  allowed(keys: readonly string[]): string[];
  sending(keys: readonly string[]): void;
}
let sendGuard: SendGuard | null = null;

export function setSendGuard(guard: SendGuard | null): void {
  sendGuard = guard;
}

/** The keys of a write that may be sent now (see setSendGuard). */
export function keysAllowedToSend(keys: readonly string[]): string[] {
  return sendGuard ? sendGuard.allowed(keys) : [...keys];
}

/** Says that a write carrying these keys is leaving now (see setSendGuard). */
export function noteKeysSending(keys: readonly string[]): void {
  sendGuard?.sending(keys);
}

/** A fresh idempotency key for one shopper action. */
export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * When the server produced a reply: its HTTP `Date` header as a time, or null when it has none (or an
 * unreadable one). A reply the service worker answers from its cache, or from a saved pack, keeps the header
 * the server sent then, so this is the age of the copy, not of the read. Never later than `now` (a server
 * clock ahead of the device's would otherwise date a copy in the future).
 */
export function readReplyDate(header: string | null, now: number): number | null {
  if (!header) return null;
  const time = Date.parse(header);
  return Number.isFinite(time) ? Math.min(time, now) : null;
}

/** The oldest reply date seen by the requests made with each signal (a query's, see replyDateOf). */
const replyDates = new WeakMap<AbortSignal, number>();

/**
 * The oldest `Date` among the successful replies read so far with this signal, or null when none carried
 * one. A query passes its signal to every request it makes, so this is when the oldest part of what it shows
 * was produced (src/offline/cache/reply-dates.ts makes it the query's `dataUpdatedAt`). A cross-origin API must
 * list `Date` in `Access-Control-Expose-Headers` for the browser to show it; without it this is null.
 */
export function replyDateOf(signal: AbortSignal): number | null {
  return replyDates.get(signal) ?? null;
}

function noteReplyDate(signal: AbortSignal | undefined, headers: Headers): void {
  if (!signal) return;
  const date = readReplyDate(headers.get("Date"), Date.now());
  if (date === null) return;
  const known = replyDates.get(signal);
  if (known === undefined || date < known) replyDates.set(signal, date);
}

function sessionWasStarted(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    return isRecord(json) && json.code === SESSION_STARTED;
  } catch {
    return false;
  }
}

/** Calls the API and returns the parsed reply, or throws ApiError. */
export async function apiFetch<S extends z.ZodMiniType>(
  path: string,
  req: ApiRequest<S>,
): Promise<z.infer<S>> {
  const { method = "GET", auth = "auto", throwOnErrorField = true } = req;
  const token = req.bearer ?? (auth === "none" ? null : readToken());
  if (auth === "required" && !token) {
    throw new ApiError("Unauthenticated", { kind: "http", status: 401 });
  }
  const query = { ...req.query };
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) {
    query.token = "true";
    headers.Authorization = `Bearer ${token}`;
  }
  if (req.idempotencyKey) {
    // A change undone (or settled) in another tab whose word has not reached this one yet: never sent. It
    // fails like a lost connection, so nothing counts it as the server's answer.
    if (!keysAllowedToSend([req.idempotencyKey]).length)
      throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: "network" });
    noteKeysSending([req.idempotencyKey]);
    headers["Idempotency-Key"] = req.idempotencyKey;
  }
  if (req.prefer) headers.Prefer = req.prefer;
  let body: string | undefined;
  if (req.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(req.body);
  }

  // A stalled connection (one bar of signal) would otherwise hold a request, and the waiting changes queued
  // behind it, for as long as the browser keeps the socket open.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), req.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (req.signal?.aborted) controller.abort();
  else req.signal?.addEventListener("abort", forwardAbort, { once: true });
  let res: Response;
  let text: string;
  try {
    const send = () =>
      transport(buildUrl(path, query), {
        method,
        headers,
        body,
        credentials: "include",
        signal: controller.signal,
      });
    res = await send();
    // A body cut on its way (the connection dropped, the page left) fails here: the server may have acted,
    // and nothing it said was read. A network failure like the others, never a malformed reply, which would
    // count as the server's answer and settle a waiting change unsent.
    text = await res.text();
    // A guest's keyed write (or cart batch) that came without a session: nothing was made, the reply set a
    // new session cookie (the server applies a key only in a session's scope). The same request again.
    if (res.status === 409 && sessionWasStarted(text)) {
      res = await send();
      text = await res.text();
    }
  } catch (cause) {
    // An abort the caller asked for stays an abort. Any other failure (the browser cancels a leaving page's
    // requests, the time ran out) is a request that may or may not have reached the server: a network
    // failure, retried with its key.
    if (req.signal?.aborted) throw cause;
    throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: "network" });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", forwardAbort);
  }
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!res.ok) {
    const norm = normaliseErrorBody(json);
    const message =
      norm?.message ??
      (isRecord(json) && typeof json.message === "string" && json.message
        ? json.message
        : `Request failed (${res.status})`);
    throw new ApiError(message, {
      kind: "http",
      status: res.status,
      fieldErrors: norm?.fieldErrors,
      body: json,
    });
  }
  if (json === undefined) {
    throw new ApiError(MALFORMED_REPLY_MESSAGE, { kind: "parse", status: res.status, body: text });
  }
  if (throwOnErrorField) {
    const norm = normaliseErrorBody(json);
    if (norm && isRecord(json) && json.error) {
      throw new ApiError(norm.message, {
        kind: "reply",
        status: res.status,
        fieldErrors: norm.fieldErrors,
        body: json,
      });
    }
  }
  const parsed = req.schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(MALFORMED_REPLY_MESSAGE, { kind: "parse", status: res.status, body: json });
  }
  noteReplyDate(req.signal, res.headers);
  return parsed.data;
}
