/*
 * When a server read may overwrite the device's cart or wishlist (DESIGN §3: "when no write is pending, the
 * server's answer is the truth"), across tabs. The device cart and wishlist are shared by every tab
 * (localStorage), while each tab only knows its own pending writes: a tab that read the server before
 * another tab's write arrived would put the old state back. So every tab notes here, in localStorage, the
 * writes it is sending or holding and when the last one settled; a read counts only when it started after
 * that and no write is under way in any tab.
 */
export type WriteKind = "cart" | "wishlist";

const UNDER_WAY_KEY = "outbox-under-way";
const SETTLED_KEY = "outbox-settled-at";
/** A tab that died with a write under way stops holding the others back after this long. */
const STALE_AFTER = 2 * 60 * 1000;

type UnderWay = Record<string, { kind: WriteKind; at: number }>;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === "object" && parsed !== null ? (parsed as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or no storage: the tab's own pending count still guards its reads.
  }
  for (const listener of listeners) listener();
}

/** A write of `kind` is being sent or waits in some tab. */
export function noteWriteUnderWay(kind: WriteKind, key: string, now = Date.now()): void {
  const underWay = read<UnderWay>(UNDER_WAY_KEY, {});
  underWay[key] = { kind, at: now };
  for (const [k, v] of Object.entries(underWay)) if (now - v.at > STALE_AFTER) delete underWay[k];
  write(UNDER_WAY_KEY, underWay);
}

/** The write settled (sent and answered, or refused) or was dropped before being sent. */
export function noteWriteOver(kind: WriteKind, key: string, settled: boolean, now = Date.now()): void {
  const underWay = read<UnderWay>(UNDER_WAY_KEY, {});
  if (key in underWay) {
    delete underWay[key];
    write(UNDER_WAY_KEY, underWay);
  }
  if (settled) write(SETTLED_KEY, { ...read<Record<string, number>>(SETTLED_KEY, {}), [kind]: now });
}

/**
 * Whether a server read of `kind` that started at `startedAt` holds every write made so far: it started after
 * the last write settled, and no write of that kind is under way in any tab. When it does not, `underWayUntil`
 * is when the writes under way stop counting (the earliest stale expiry), or null when none is under way and
 * only a write that settled after the read started stands in the way.
 */
export function serverReadState(
  kind: WriteKind,
  startedAt: number | null,
  now = Date.now(),
): { current: true } | { current: false; underWayUntil: number | null } {
  const underWay = Object.values(read<UnderWay>(UNDER_WAY_KEY, {})).filter(
    (v) => v.kind === kind && now - v.at <= STALE_AFTER,
  );
  const underWayUntil = underWay.length ? Math.min(...underWay.map((v) => v.at + STALE_AFTER)) + 1 : null;
  const settledAt = read<Record<string, number>>(SETTLED_KEY, {})[kind] ?? 0;
  if (startedAt === null || startedAt <= settledAt || underWayUntil !== null)
    return { current: false, underWayUntil };
  return { current: true };
}

export function serverReadIsCurrent(kind: WriteKind, startedAt: number | null, now = Date.now()): boolean {
  return serverReadState(kind, startedAt, now).current;
}

const listeners = new Set<() => void>();

/** The notes a reader of `kind` depends on: that kind's writes under way and when its last write settled. */
function notesOf(kind: WriteKind): string {
  const underWay = Object.entries(read<UnderWay>(UNDER_WAY_KEY, {})).filter(([, v]) => v.kind === kind);
  return JSON.stringify([underWay, read<Record<string, number>>(SETTLED_KEY, {})[kind] ?? null]);
}

/**
 * Calls `onChange` whenever the notes of `kind` change, in this tab (its outbox, or changes the service worker
 * sent) or in another one (a `storage` event), so a reader waiting for writes to settle looks again then, not
 * on a timer. Notes of the other kind (a wishlist write for a cart reader) do not call it.
 */
export function watchWriteNotes(kind: WriteKind, onChange: () => void): () => void {
  let seen = notesOf(kind);
  const check = () => {
    const now = notesOf(kind);
    if (now === seen) return;
    seen = now;
    onChange();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === UNDER_WAY_KEY || e.key === SETTLED_KEY) check();
  };
  listeners.add(check);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(check);
    window.removeEventListener("storage", onStorage);
  };
}
