/*
 * Device storage for the state that lives only on the device (local cart, device wishlist, compare list).
 * localStorage, because these stores are read synchronously on first render (useSyncExternalStore) and
 * must survive reloads offline. Values are JSON; a reader validates what it gets back (storage is user-editable).
 */
type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads a stored JSON value and validates it; null when absent or unreadable. */
export function readStored<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

function notify(key: string) {
  listeners.get(key)?.forEach((l) => l());
}

/** Stores a JSON value (quota errors keep the in-memory state; the next write tries again). */
export function writeStored(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
  notify(key);
}

export function removeStored(key: string): void {
  storage()?.removeItem(key);
  notify(key);
}

/** Calls `listener` when `key` is written in this tab (other tabs: listen to the `storage` event). */
export function subscribeStored(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * A tiny persisted store: a snapshot kept in memory (stable identity for useSyncExternalStore),
 * written through to storage, refreshed when another tab writes.
 */
export function createPersistedStore<T>(key: string, parse: (value: unknown) => T | null, initial: () => T) {
  let snapshot: T | undefined;
  // What the server renders (it has no storage): the browser's hydration starts from it too. A device with
  // nothing stored gets this very object, so hydration is not followed by a re-render of every reader.
  let empty: T | undefined;
  const getServerSnapshot = (): T => (empty ??= initial());
  const load = () => readStored(key, parse) ?? getServerSnapshot();
  const get = (): T => {
    if (snapshot === undefined) snapshot = load();
    return snapshot;
  };
  const set = (next: T) => {
    snapshot = next;
    writeStored(key, next);
  };
  const subscribe = (listener: Listener) => {
    const own = subscribeStored(key, listener);
    // Another tab wrote: re-read once, then tell the subscribers.
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) {
        snapshot = load();
        listener();
      }
    };
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    return () => {
      own();
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
    };
  };
  return { get, set, subscribe, getServerSnapshot, reset: () => set(initial()) };
}
