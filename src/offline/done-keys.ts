/*
 * Idempotency keys of outbox changes that have settled (sent and answered, or refused), kept a day in
 * localStorage: every tab and every restart skips them, whatever copy of the change it still holds.
 */
const DONE_KEY = "outbox-done";
const DAY = 24 * 60 * 60 * 1000;

export function readDone(): Record<string, number> {
  try {
    const raw = localStorage.getItem(DONE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function markDone(keys: readonly string[]): void {
  if (!keys.length) return;
  const now = Date.now();
  const done = Object.fromEntries(Object.entries(readDone()).filter(([, at]) => now - at < DAY));
  keys.forEach((k) => (done[k] = now));
  try {
    localStorage.setItem(DONE_KEY, JSON.stringify(done));
  } catch {
    // Quota: the BroadcastChannel message and the server's idempotency still prevent a double send.
  }
}
