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

/*
 * Idempotency keys of outbox changes that may have reached the server: a request carrying them left (alone or
 * in a batch), whatever became of it. Kept a day in localStorage, so every tab knows: such a change can no
 * longer be undone (the tab that sent it may have had its reply cut, and its own copy says "paused").
 */
const SENT_KEY = "outbox-sent";

export function readSent(): Record<string, number> {
  try {
    const raw = localStorage.getItem(SENT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function markSent(keys: readonly string[]): void {
  if (!keys.length) return;
  const now = Date.now();
  const sent = Object.fromEntries(Object.entries(readSent()).filter(([, at]) => now - at < DAY));
  keys.forEach((k) => (sent[k] = now));
  try {
    localStorage.setItem(SENT_KEY, JSON.stringify(sent));
  } catch {
    // Quota: the change's own failure count still marks it once a request for it failed in this tab.
  }
}
