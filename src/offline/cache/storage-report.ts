/*
 * What the storage page (issue 40 item 5) reads of the device: the runtime caches' sizes, the browser's
 * storage estimate and whether it is persisted, and the sync report a shopper copies for support.
 */
import type { Mutation, MutationCache } from "@tanstack/react-query";
import { PACK_CACHE_PREFIX } from "@/offline/shared/pack-rules";
import { CACHE_SHAPE, OUTBOX_DB, PERSIST_BUSTER } from "./persister";
import type { SyncHistoryEntry } from "@/offline/outbox/sync-history";
import { idempotencyKeyOf, isWaiting, type AnyMutation } from "@/offline/outbox/waiting";

export interface CacheSize {
  name: string;
  entries: number;
  bytes: number;
}

/** Every Cache Storage cache but the saved packs (the service worker's code and runtime caches), with sizes. */
export async function runtimeCacheSizes(): Promise<CacheSize[]> {
  if (typeof caches === "undefined") return [];
  const names = (await caches.keys()).filter((n) => !n.startsWith(PACK_CACHE_PREFIX));
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      let bytes = 0;
      const requests = await cache.keys();
      for (const request of requests) {
        const reply = await cache.match(request);
        // An opaque reply's size cannot be read (0): none of ours are opaque.
        if (reply) bytes += (await reply.blob()).size;
      }
      return { name, entries: requests.length, bytes };
    }),
  );
}

export interface StorageState {
  /** bytes this origin uses and may use (navigator.storage.estimate); null where the browser does not tell */
  usage: number | null;
  quota: number | null;
  /** whether the browser keeps this origin's storage under pressure; null where it cannot say */
  persisted: boolean | null;
}

export async function storageState(): Promise<StorageState> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.().catch(() => null) ?? null,
    storage?.persisted?.().catch(() => null) ?? null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Asks the browser to keep this origin's storage; whether it now does. */
export async function requestPersistence(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}

/** A waiting change as the report lists it: what it is and how sending it went, never what it carries. */
export interface ReportedChange {
  change: string;
  at: string;
  paused: boolean;
  failures: number;
  lastError: string | null;
  key: string | null;
}

function mutationKeyText(m: Mutation<unknown, Error, unknown, unknown>): string {
  return (m.options.mutationKey ?? []).filter((k) => typeof k === "string").join(" ");
}

/** The outbox's waiting changes from the mutation cache (no variables: they can hold the shopper's data). */
export function reportedChanges(cache: MutationCache): ReportedChange[] {
  return (cache.getAll() as AnyMutation[]).filter(isWaiting).map((m) => ({
    change: mutationKeyText(m) || "change",
    at: new Date(m.state.submittedAt).toISOString(),
    paused: m.state.isPaused,
    failures: m.state.failureCount,
    lastError: m.state.failureReason?.message ?? null,
    key: idempotencyKeyOf(m),
  }));
}

/**
 * Anything that could be a credential, removed from a text the report carries (an error's message may quote
 * a request): bearer tokens, `token=` parameters, JWT-like strings and long opaque runs of letters and digits.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(bearer\s+)[^\s"',;]+/gi, "$1[removed]")
    .replace(/((?:access_|api_|auth_)?token["']?\s*[=:]\s*["']?)[^\s"'&,;()[\]{}]+/gi, "$1[removed]")
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[removed]")
    .replace(/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{40,}\b/g, "[removed]");
}

export interface SyncReportFacts {
  /** when the report was made */
  at: Date;
  appVersion: string;
  online: boolean;
  serviceWorker: "controls the page" | "not controlling" | "unsupported";
  language: string;
  currency: string;
  signedIn: boolean;
  userAgent: string;
  /** the queue as the shopper reads it ("Add Trail Blazer 29 × 2 to cart") */
  entries: readonly string[];
  changes: readonly ReportedChange[];
  history: readonly SyncHistoryEntry[];
  packs: readonly { name: string; bytes: number; savedAt: number; products: number }[];
  caches: readonly CacheSize[];
  storage: StorageState;
}

/** Whether a service worker controls this page, in the report's words (the report is English, for support). */
export function serviceWorkerState(): SyncReportFacts["serviceWorker"] {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return "unsupported";
  return navigator.serviceWorker.controller ? "controls the page" : "not controlling";
}

/**
 * The sync report (plain text, JSON) a shopper copies for support: waiting changes, the last replays'
 * refusals, app and storage schema versions, what is stored. Nothing personal but whether a shopper is signed
 * in: no token, e-mail, address or request body; every free text goes through `redactSecrets`.
 */
export function buildSyncReport(f: SyncReportFacts): string {
  const report = {
    report: "Velora sync report",
    at: f.at.toISOString(),
    app: {
      version: f.appVersion,
      schema: { queryCacheShape: CACHE_SHAPE, queryCacheBuster: PERSIST_BUSTER, outboxDatabase: OUTBOX_DB },
    },
    device: {
      online: f.online,
      serviceWorker: f.serviceWorker,
      language: f.language,
      currency: f.currency,
      signedIn: f.signedIn,
      userAgent: f.userAgent,
    },
    waiting: {
      count: f.entries.length,
      entries: f.entries,
      changes: f.changes.map((c) => ({ ...c, lastError: c.lastError && redactSecrets(c.lastError) })),
    },
    lastReplays: f.history.map((h) => ({
      at: new Date(h.at).toISOString(),
      synced: h.synced,
      refused: h.refused.map((r) => ({ change: r.label, message: redactSecrets(r.message) })),
    })),
    storage: {
      persisted: f.storage.persisted,
      usageBytes: f.storage.usage,
      quotaBytes: f.storage.quota,
      packs: f.packs.map((p) => ({ ...p, savedAt: new Date(p.savedAt).toISOString() })),
      caches: f.caches,
    },
  };
  return redactSecrets(JSON.stringify(report, null, 2));
}
