/*
 * Log-outs the server has not heard of yet (security review N20). Logging out clears the device at once, also
 * offline, but the server's token stays valid for 30 days unless it is revoked. A token whose revocation
 * could not be sent waits here, in localStorage beside `auth` where it was kept until the log-out, and is
 * revoked when the connection is back: at the next start, on `online`, and when the page is shown again.
 * Revoking is idempotent, so a second send costs nothing; a token the server no longer accepts (401, or any
 * other refusal) is done too. Only network failures and server errors (5xx) keep it.
 */
import { logoutCustomer } from "@/api/account";
import { ApiError } from "@/api/client";
import { readStored, removeStored, writeStored } from "@/offline/cache/storage";
import { isOnline } from "@/offline/signal/online-signal";

export const PENDING_REVOKES_KEY = "pendingRevokes";
/** More log-outs than this without a connection: the oldest tokens are left to expire. */
const MAX_PENDING = 5;

const parseTokens = (list: unknown): string[] | null =>
  Array.isArray(list) ? list.filter((t): t is string => typeof t === "string" && t.length > 0) : null;

/** The tokens waiting to be revoked, oldest first (an unreadable value counts as none). */
export function pendingRevokes(): string[] {
  return readStored(PENDING_REVOKES_KEY, parseTokens) ?? [];
}

function writePending(tokens: string[]): void {
  if (!tokens.length) removeStored(PENDING_REVOKES_KEY);
  else writeStored(PENDING_REVOKES_KEY, tokens.slice(-MAX_PENDING));
}

/** True when the revocation must be tried again later (no connection, or the server failed). */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.kind === "network" || error.status >= 500;
}

type Send = (token: string) => Promise<void>;

let sending: Promise<void> | null = null;

/** Sends every waiting revocation once (one run at a time); keeps those that must be tried again. */
export function sendPendingRevokes(send: Send = logoutCustomer): Promise<void> {
  sending ??= (async () => {
    try {
      for (const token of pendingRevokes()) {
        const retry = await send(token).then(
          () => false,
          (e: unknown) => worthRetrying(e),
        );
        if (!retry) writePending(pendingRevokes().filter((t) => t !== token));
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/**
 * A log-out's revocation: sent now when the device is online, else (or when it fails for want of a
 * connection) kept and sent when the connection is back.
 */
export async function revokeOrQueue(token: string, send: Send = logoutCustomer): Promise<void> {
  writePending([...pendingRevokes().filter((t) => t !== token), token]);
  if (isOnline()) await sendPendingRevokes(send);
  if (pendingRevokes().length) watchPendingRevokes(send, false);
}

let watching: (() => void) | null = null;

/**
 * Sends the waiting revocations now and again on `online`, `pageshow` and when the page becomes visible,
 * until none is left. Started at app start when something waits (app/start-browser.tsx), and after an offline log-out.
 */
export function watchPendingRevokes(send: Send = logoutCustomer, now = true): void {
  if (watching || typeof window === "undefined") return;
  const attempt = () => {
    void sendPendingRevokes(send).then(() => {
      if (!pendingRevokes().length) stop();
    });
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") attempt();
  };
  const stop = () => {
    window.removeEventListener("online", attempt);
    window.removeEventListener("pageshow", attempt);
    document.removeEventListener("visibilitychange", onVisible);
    watching = null;
  };
  window.addEventListener("online", attempt);
  window.addEventListener("pageshow", attempt);
  document.addEventListener("visibilitychange", onVisible);
  watching = stop;
  if (now && isOnline()) attempt();
}
