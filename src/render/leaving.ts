/*
 * Whether this document is being left (issue 39 item 1, decision 055). Firefox and WebKit reject the dynamic
 * imports still under way when a navigation to another document starts (a typed address, a bookmark, a
 * full-page link): a rejection then says nothing about the shop's code, and the page must not show it as an
 * error (nor reload) in the moment before the next page replaces it.
 *
 * Leaving is known from `beforeunload` (listened to only while code loads: Firefox keeps no page with that
 * listener in its back-forward cache, and a page with requests under way is not kept there anyway), from
 * `pagehide`, and from the Navigation API's `navigate` to another document where the browser has it. A
 * navigation can still be called off (a download, a 204 reply, the shopper pressing Stop): the page counts as
 * left for `LEAVING_MS` at most, and no longer once it is shown again (`pageshow`).
 */

/** How long a page whose leaving began can still be there before it counts as staying (a cancelled leave). */
export const LEAVING_MS = 30_000;

let leftAt: number | null = null;
let listening = false;
let loading = 0;

const noteLeaving = () => {
  leftAt = Date.now();
};

/** Starts noting `pagehide` and the Navigation API's leaves (once; `whileWatchingLeave` starts it too). */
export function watchLeaving(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("pagehide", noteLeaving);
  window.addEventListener("pageshow", () => (leftAt = null));
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener("navigate", (event) => {
    const e = event as Event & {
      destination?: { sameDocument?: boolean; url?: string };
      downloadRequest?: string | null;
    };
    // Another document over http(s) (a mailto: or tel: link leaves the page where it is), not a download.
    if (!e.destination?.sameDocument && /^https?:/.test(e.destination?.url ?? "") && !e.downloadRequest)
      noteLeaving();
  });
}

/** True from the moment this document began to be left, while it may still be on screen. */
export function isLeaving(): boolean {
  return leftAt !== null && Date.now() - leftAt < LEAVING_MS;
}

/** Runs an import, noting meanwhile whether the document begins to be left (see above). */
export async function whileWatchingLeave<T>(load: () => Promise<T>): Promise<T> {
  watchLeaving();
  if (typeof window !== "undefined" && loading++ === 0) window.addEventListener("beforeunload", noteLeaving);
  try {
    return await load();
  } finally {
    if (typeof window !== "undefined" && --loading === 0)
      window.removeEventListener("beforeunload", noteLeaving);
  }
}

/** Resolves once the document no longer counts as being left (shown again, or the leave was called off). */
export function untilStaying(pollMs = 1000): Promise<void> {
  return new Promise((done) => {
    const look = () => (isLeaving() ? setTimeout(look, pollMs) : done());
    look();
  });
}
