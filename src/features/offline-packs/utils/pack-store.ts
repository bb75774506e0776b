/*
 * The packs on this device: one Cache Storage cache per saved category (`offline-pack-<key>-<time>`), read and
 * removed here. A pack is complete once its metadata entry is written (last); a cache without it is a save
 * under way or cut short, never listed and removed at the next start.
 */
import {
  PACK_CACHE_PREFIX,
  PACK_META_PATH,
  packKeyOf,
  parsePackMeta,
  type PackMeta,
} from "@/offline/shared/pack-rules";

export interface SavedPack extends PackMeta {
  cacheName: string;
}

const CHANNEL = "offline-packs";
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function ensureChannel() {
  if (channel || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listeners.forEach((l) => l());
}

/** Tells this tab's and the other tabs' readers that the packs changed. */
export function notifyPacksChanged(): void {
  listeners.forEach((l) => l());
  ensureChannel();
  channel?.postMessage("changed");
}

export function subscribePacks(listener: () => void): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasCacheStorage(): boolean {
  return typeof caches !== "undefined";
}

export function metaUrl(): string {
  return new URL(PACK_META_PATH, location.origin).href;
}

async function packCacheNames(): Promise<string[]> {
  if (!hasCacheStorage()) return [];
  return (await caches.keys()).filter((n) => n.startsWith(PACK_CACHE_PREFIX));
}

async function readMeta(cacheName: string): Promise<PackMeta | null> {
  const cache = await caches.open(cacheName);
  const reply = await cache.match(metaUrl());
  return reply ? parsePackMeta(await reply.json().catch(() => null)) : null;
}

/** The complete packs, the newest of each key, newest first. */
export async function listPacks(): Promise<SavedPack[]> {
  const byKey = new Map<string, SavedPack>();
  for (const cacheName of await packCacheNames()) {
    const meta = await readMeta(cacheName);
    if (!meta) continue;
    const known = byKey.get(meta.key);
    if (!known || known.savedAt < meta.savedAt) byKey.set(meta.key, { ...meta, cacheName });
  }
  return [...byKey.values()].sort((a, b) => b.savedAt - a.savedAt);
}

/** Deletes every cache of a key except `keep` (all of them when none is kept). */
export async function deletePackCaches(key: string, keep?: string): Promise<void> {
  const names = (await packCacheNames()).filter((n) => packKeyOf(n) === key && n !== keep);
  await Promise.all(names.map((n) => caches.delete(n)));
}

/** Removes a pack: its cache, and with it every reply and image it held. */
export async function removePack(key: string): Promise<void> {
  await deletePackCaches(key);
  notifyPacksChanged();
}

/** Runs `fn` holding the pack's lock (one save of a key at a time, across tabs); null when it is taken. */
export async function withPackLock<T>(key: string, fn: () => Promise<T>): Promise<T | null> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return fn();
  return navigator.locks.request(`offline-pack-${key}`, { ifAvailable: true }, (lock) =>
    lock ? fn() : null,
  );
}

/** Removes the caches of saves that never finished (a closed tab, a crash), unless a save of that key runs. */
export async function removeHalfPacks(): Promise<void> {
  for (const cacheName of await packCacheNames()) {
    if (await readMeta(cacheName)) continue;
    const key = packKeyOf(cacheName);
    if (key === null) continue;
    await withPackLock(key, async () => {
      if (!(await readMeta(cacheName))) await caches.delete(cacheName);
    });
  }
}
