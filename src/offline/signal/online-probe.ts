/*
 * The online signal's questions to the server (online-signal.ts), loaded once the browser has said offline.
 */
import { API_ROOT, setApiTransport } from "@/api/client";
import { PERSONAL_PATHS } from "@/offline/shared/personal-requests";

/** Asked when the browser says offline at a wake: answered by the server, never by the service worker (HEAD). */
export const PROBE_PATH = "/healthz";

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Whether the service worker never answers this API request from a cache (sw/routes.ts): its reply is the server's. */
function isUncached(url: string, init: RequestInit): boolean {
  if ((init.method ?? "GET") !== "GET" || new Headers(init.headers).has("Authorization")) return true;
  return url.startsWith(`${API_ROOT}/`) && PERSONAL_PATHS.test(url.slice(API_ROOT.length + 1).split("?")[0]!);
}

/**
 * A transport for the API client that tells `noteAnswer` what the requests no cache answers found: a reply
 * (`true`), or a failure that was not the caller's abort (`false`). Catalogue reads say nothing: the service
 * worker may have answered them from its cache.
 */
export function answersUncached(send: Send, noteAnswer: (reached: boolean) => void): Send {
  return async (url, init) => {
    const uncached = isUncached(url, init);
    try {
      const reply = await send(url, init);
      if (uncached) noteAnswer(true);
      return reply;
    } catch (error) {
      if (uncached && !init.signal?.aborted) noteAnswer(false);
      throw error;
    }
  };
}

export interface Probe {
  /** Asks the server once (one question at a time); resolves when it is known. */
  ask(): Promise<void>;
  /** Gives the API client its plain transport back (tests). */
  stop(): void;
}

/** Puts `answersUncached` in front of the API client's transport and returns the probe. */
export function startProbe(
  noteAnswer: (reached: boolean) => void,
  send: Send = (u, i) => fetch(u, i),
): Probe {
  setApiTransport(answersUncached((url, init) => fetch(url, init), noteAnswer));
  let asking: Promise<void> | null = null;
  return {
    ask: () =>
      (asking ??= send(PROBE_PATH, { method: "HEAD", cache: "no-store" })
        .then(
          () => noteAnswer(true),
          () => undefined,
        )
        .finally(() => (asking = null))),
    stop: () => setApiTransport((url, init) => fetch(url, init)),
  };
}
