/*
 * Background Sync, the worker's half (issue 18 item 5). The page keeps one plain request record per waiting
 * change in IndexedDB and asks for a one-off `sync` (src/offline/background-sync/background-sync.ts); Chromium fires it when
 * the connection is back, also when no tab of the shop is open. The worker then sends the records in the
 * order the shopper made the changes, each with the Idempotency-Key made when the shopper acted, so the
 * server applies a change once whoever sends it (page, worker, or both after a lost reply):
 *  - cart changes waiting in a row go as one `POST checkout/cart/batch` (lines by product and variant; keys in
 *    the body), as the page's replay does; against a server without it (404/405), adds and empties go as
 *    their single requests and quantity changes and removes are left to the page (they need a cart read);
 *  - a wishlist change is an intent: the list is read, and the toggle sent only where it differs;
 *  - coupons, contact requests and newsletter sign-ups go as their single requests.
 * A change the server answered (applied, or refused) is written to the log and its record removed; the open
 * pages are told. No connection, a conflict (409) or a gateway error (502-504) stops the run and fails the
 * event, so the browser tries again later; what is left waits for the page otherwise.
 *
 * The worker takes the outbox's Web Lock (`bicycle-shop-outbox`), so it never sends while a page replays.
 * Names and record shapes are shared with the page (src/offline/shared/background-sync-records.ts).
 */
/// <reference lib="webworker" />
import { del, delMany, keys, set, values, type UseStore } from "idb-keyval";
import { reopeningStore } from "../src/offline/shared/idb-store";
import { requestWithLiveness } from "../src/offline/shared/lock-lease";
import {
  BG_SYNC_LOG_DB,
  BG_SYNC_LOG_STORE,
  BG_SYNC_MESSAGE,
  BG_SYNC_REQUESTS_DB,
  BG_SYNC_REQUESTS_STORE,
  BG_SYNC_TAG,
  OUTBOX_LOCK_NAME,
  type SentEntry,
  type SyncRecord,
} from "../src/offline/shared/background-sync-records";
import { API_ROOT } from "./api-root";

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** As the page's merged replay (src/api/cart-batch.ts): at most 500 changes, well under the server's 64 KiB body limit. */
const BATCH_MAX = 500;
const BATCH_MAX_BYTES = 48 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

let requestStore: UseStore | null = null;
let logStore: UseStore | null = null;
const requests = () => (requestStore ??= reopeningStore(BG_SYNC_REQUESTS_DB, BG_SYNC_REQUESTS_STORE));
const log = () => (logStore ??= reopeningStore(BG_SYNC_LOG_DB, BG_SYNC_LOG_STORE));

/** Not sent now, to be tried again later (no connection, 409, 502-504): the run stops here. */
class TryLater extends Error {}

const isRecord = (v: unknown): v is SyncRecord =>
  typeof v === "object" &&
  v !== null &&
  (v as SyncRecord).v === 1 &&
  typeof (v as SyncRecord).key === "string";

function apiUrl(pathOrUrl: string, token: string | null): string {
  const url = new URL(pathOrUrl, pathOrUrl.startsWith("/") ? self.location.origin : API_ROOT);
  if (token) url.searchParams.set("token", "true");
  return url.toString();
}

interface Reply {
  status: number;
  ok: boolean;
  json: unknown;
}

/** One request; a connection failure or time-out (reply body included) is TryLater. */
async function send(
  url: string,
  init: { method: string; token: string | null; key?: string; body?: unknown; prefer?: string },
): Promise<Reply> {
  const headers: Record<string, string> = { Accept: "application/json" };
  // The bearer token goes in the header only, never in the URL (`token=true` says it is there).
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.key) headers["Idempotency-Key"] = init.key;
  if (init.prefer) headers.Prefer = init.prefer;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  try {
    const once = async () => {
      const res = await fetch(url, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: "include",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { res, json };
    };
    let { res, json } = await once();
    // A guest's keyed write without a session: nothing was made, the reply set a new session cookie; the
    // same request again, with it (as src/api/client.ts; `session_started` is SESSION_STARTED there).
    if (res.status === 409 && (json as { code?: unknown } | undefined)?.code === "session_started")
      ({ res, json } = await once());
    if (res.status === 409 || res.status === 502 || res.status === 503 || res.status === 504)
      throw new TryLater(`HTTP ${res.status}`);
    return { status: res.status, ok: res.ok, json };
  } catch (error) {
    if (error instanceof TryLater) throw error;
    throw new TryLater("The server could not be reached.");
  }
}

/** The server's message in a Bagisto error body ({error}, {error: {message}}, {message}). */
function messageOf(json: unknown, status: number): string {
  if (typeof json === "object" && json !== null) {
    const j = json as { error?: unknown; message?: unknown };
    if (typeof j.error === "string" && j.error) return j.error;
    if (typeof j.error === "object" && j.error !== null) {
      const m = (j.error as { message?: unknown }).message;
      if (typeof m === "string" && m) return m;
    }
    if (typeof j.message === "string" && j.message) return j.message;
  }
  return `Request failed (${status})`;
}

type Outcome = Pick<SentEntry, "status" | "message">;

/** How the server answered a single request, as the page's outbox reads it. */
function outcomeOf(reply: Reply, errorFieldRefuses: boolean): Outcome {
  if (!reply.ok) return { status: "refused", message: messageOf(reply.json, reply.status) };
  const j = (typeof reply.json === "object" && reply.json !== null ? reply.json : {}) as {
    success?: unknown;
    error?: unknown;
    message?: unknown;
  };
  if (j.success === false)
    return { status: "refused", message: typeof j.message === "string" ? j.message : "" };
  if (errorFieldRefuses && j.error) return { status: "refused", message: messageOf(j, reply.status) };
  return { status: "synced" };
}

async function sendSingle(rec: SyncRecord): Promise<Outcome> {
  const r = rec.request!;
  const reply = await send(apiUrl(r.url, rec.token), {
    method: r.method,
    token: rec.token,
    key: rec.key,
    body: r.body,
  });
  return outcomeOf(reply, r.errorFieldRefuses);
}

/** The wishlist intent: read the list, toggle only where it differs from what the shopper wanted. */
async function sendWishlist(rec: SyncRecord): Promise<Outcome> {
  const { productId, wanted } = rec.wishlist!;
  const list = await send(apiUrl("wishlist?pagination=0", rec.token), { method: "GET", token: rec.token });
  if (!list.ok) return { status: "refused", message: messageOf(list.json, list.status) };
  const data = (list.json as { data?: unknown } | undefined)?.data;
  const present =
    Array.isArray(data) &&
    data.some((i) => Number((i as { product?: { id?: unknown } } | null)?.product?.id) === productId);
  if (present === wanted) return { status: "synced" };
  const toggle = await send(apiUrl(`wishlist/add/${productId}`, rec.token), {
    method: "GET",
    token: rec.token,
    key: rec.key,
  });
  return outcomeOf(toggle, true);
}

let batchUnsupported = false;

/** Sends `run` (cart changes in a row, one shopper) as one batch; null when the server has no batch. */
async function sendBatch(run: SyncRecord[]): Promise<Map<string, Outcome> | null> {
  const token = run[0]!.token;
  const reply = await send(apiUrl("checkout/cart/batch", token), {
    method: "POST",
    token,
    body: { changes: run.map((r) => r.batch) },
    prefer: "return=minimal",
  });
  if (reply.status === 404 || reply.status === 405) {
    batchUnsupported = true;
    return null;
  }
  const outcomes = new Map<string, Outcome>();
  if (!reply.ok) {
    // The batch as a whole was not taken: the first change carries the refusal (as in the page), the others
    // go in the next run.
    if (reply.status === 400 && run.length > 1) return outcomes;
    outcomes.set(run[0]!.key, { status: "refused", message: messageOf(reply.json, reply.status) });
    return outcomes;
  }
  const results = (reply.json as { results?: unknown } | undefined)?.results;
  if (Array.isArray(results))
    for (const r of results as { idempotency_key?: unknown; status?: unknown; message?: unknown }[]) {
      if (typeof r?.idempotency_key !== "string") continue;
      outcomes.set(
        r.idempotency_key,
        r.status === "refused"
          ? { status: "refused", message: typeof r.message === "string" ? r.message : "" }
          : { status: "synced" },
      );
    }
  return outcomes;
}

/** The cart changes from `i` on that can go in one batch with the change at `i`. */
function runFrom(recs: SyncRecord[], i: number): SyncRecord[] {
  const first = recs[i]!;
  const run: SyncRecord[] = [];
  let bytes = 0;
  for (const r of recs.slice(i)) {
    if (r.kind !== "cart" || r.batch === undefined || r.token !== first.token || run.length >= BATCH_MAX)
      break;
    bytes += JSON.stringify(r.batch).length + 1;
    if (bytes > BATCH_MAX_BYTES) break;
    run.push(r);
  }
  return run;
}

async function settle(rec: SyncRecord, outcome: Outcome, sent: SentEntry[]): Promise<void> {
  const entry: SentEntry = { key: rec.key, kind: rec.kind, label: rec.label, ...outcome, at: Date.now() };
  // The log first: a worker stopped in between leaves a record the next run skips, never a change unsent.
  await set(rec.key, entry, log());
  await del(rec.key, requests());
  sent.push(entry);
}

/** Sends every waiting record, in order; throws TryLater when the rest must wait. */
async function sendAll(sent: SentEntry[]): Promise<void> {
  const logged = new Set((await keys(log())).map(String));
  const all = (await values(requests())).filter(isRecord).sort((a, b) => a.at - b.at);
  const already = all.filter((r) => logged.has(r.key));
  if (already.length)
    await delMany(
      already.map((r) => r.key),
      requests(),
    );
  const recs = all.filter((r) => !logged.has(r.key));
  let i = 0;
  while (i < recs.length) {
    const rec = recs[i]!;
    if (rec.kind === "cart" && rec.batch !== undefined && !batchUnsupported) {
      const run = runFrom(recs, i);
      const outcomes = await sendBatch(run);
      if (outcomes) {
        let n = 0;
        for (const r of run) {
          const o = outcomes.get(r.key);
          if (!o) break;
          await settle(r, o, sent);
          n += 1;
        }
        // A change the batch did not answer for goes alone (a run of one).
        if (n === 0) {
          if (run.length === 1) return;
          const single = await sendBatch([rec]);
          const o = single?.get(rec.key);
          if (!o) return;
          await settle(rec, o, sent);
          n = 1;
        }
        i += n;
        continue;
      }
    }
    if (rec.wishlist) {
      if (!rec.token) {
        i += 1;
        continue;
      }
      await settle(rec, await sendWishlist(rec), sent);
    } else if (rec.request) {
      await settle(rec, await sendSingle(rec), sent);
    } else {
      // A quantity change or a remove against a server without the batch: the page sends it (it reads the
      // cart for the server's line id). What follows it in the cart must wait behind it.
      return;
    }
    i += 1;
  }
}

async function tellPages(sent: SentEntry[]): Promise<void> {
  if (!sent.length) return;
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: BG_SYNC_MESSAGE, sent });
}

async function replay(): Promise<void> {
  const sent: SentEntry[] = [];
  try {
    await sendAll(sent);
  } finally {
    await tellPages(sent).catch(() => undefined);
  }
}

// The one-off `sync` the page asks for when a change waits (registered while the worker script first runs,
// as every event listener of a service worker must be; sw.ts imports this module for that).
self.addEventListener("sync", (event: Event) => {
  const e = event as SyncEvent;
  if (e.tag !== BG_SYNC_TAG) return;
  const locks = self.navigator.locks;
  // Failing the event (TryLater) has the browser fire it again later, with a back-off.
  e.waitUntil(locks ? requestWithLiveness(locks, OUTBOX_LOCK_NAME, () => replay()) : replay());
});
