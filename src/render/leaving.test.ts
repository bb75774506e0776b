// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { asPageCode } from "./lazy-page";
import { isLeaving, LEAVING_MS } from "./leaving";

const DROPPED = "error loading dynamically imported module: http://shop.test/assets/catalog-page.js";

/** An import that Firefox or WebKit drop because the page is being left: `leave` happens, then it rejects. */
function droppedOnLeave(leave: () => void) {
  return vi
    .fn<() => Promise<{ Page: string }>>()
    .mockImplementationOnce(() => {
      leave();
      return Promise.reject(new TypeError(DROPPED));
    })
    .mockResolvedValue({ Page: "page" });
}

/** The state of a promise, without waiting for it. */
async function stateOf(promise: Promise<unknown>): Promise<"pending" | "resolved" | "rejected"> {
  let state: "pending" | "resolved" | "rejected" = "pending";
  promise.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

beforeAll(() => {
  // The Navigation API where the browser has it (Chromium, recent Firefox and WebKit).
  Object.defineProperty(window, "navigation", { value: new EventTarget(), configurable: true });
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Shown again: no longer being left.
  window.dispatchEvent(new Event("pageshow"));
  vi.useRealTimers();
});

describe("an import dropped because the page is being left", () => {
  it("is no failure: the page keeps what it shows, and tries again only once the leave was called off", async () => {
    const importer = droppedOnLeave(() => window.dispatchEvent(new Event("beforeunload")));
    const loading = asPageCode(importer, 1000)();
    expect(await stateOf(loading)).toBe("pending");
    expect(isLeaving()).toBe(true);
    // Long after the one retry a real failure gets: still waiting, nothing asked again.
    await vi.advanceTimersByTimeAsync(LEAVING_MS / 2);
    expect(await stateOf(loading)).toBe("pending");
    expect(importer).toHaveBeenCalledTimes(1);
    // The page is still there much later (a download, a 204, Stop): the code is asked for again.
    await vi.advanceTimersByTimeAsync(LEAVING_MS);
    await expect(loading).resolves.toEqual({ Page: "page" });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("counts from `pagehide`, and a page shown again from the back-forward cache loads its code", async () => {
    const importer = droppedOnLeave(() => window.dispatchEvent(new Event("pagehide")));
    const loading = asPageCode(importer, 1000)();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await stateOf(loading)).toBe("pending");
    window.dispatchEvent(new Event("pageshow"));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loading).resolves.toEqual({ Page: "page" });
  });

  it("counts from the Navigation API's `navigate` to another document, not from one within the page or a call", async () => {
    const navigate = (sameDocument: boolean, url = "http://shop.test/about-us") =>
      (window as unknown as { navigation: EventTarget }).navigation.dispatchEvent(
        Object.assign(new Event("navigate"), { destination: { sameDocument, url }, downloadRequest: null }),
      );
    // A link within the shop (the router's pushState) is no leave: a dropped import is a failure.
    const within = droppedOnLeave(() => navigate(true)).mockRejectedValueOnce(new TypeError(DROPPED));
    const failed = asPageCode(within, 1000)();
    const seen = failed.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await seen) as Error).message).toBe("The page's code could not be loaded.");

    // Nor is a mailto: or tel: link: the page stays where it is.
    const call = droppedOnLeave(() => navigate(false, "tel:+441234567890")).mockRejectedValueOnce(
      new TypeError(DROPPED),
    );
    const called = asPageCode(call, 1000)().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await called) as Error).message).toBe("The page's code could not be loaded.");

    const away = droppedOnLeave(() => navigate(false));
    const loading = asPageCode(away, 1000)();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await stateOf(loading)).toBe("pending");
  });

  it("listens to `beforeunload` only while code loads: a leave begun after it is no reason to hide a later failure", async () => {
    const added = vi.spyOn(window, "addEventListener");
    const removed = vi.spyOn(window, "removeEventListener");
    await asPageCode(() => Promise.resolve({ Page: "page" }), 1000)();
    const beforeUnload = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === "beforeunload");
    expect(beforeUnload(added)).toHaveLength(1);
    expect(beforeUnload(removed)).toHaveLength(1);
    expect(beforeUnload(removed)[0]![1]).toBe(beforeUnload(added)[0]![1]);
    // Nothing loading: the browser's beforeunload (a leave called off by the shopper) is not heard.
    window.dispatchEvent(new Event("beforeunload"));
    expect(isLeaving()).toBe(false);
    added.mockRestore();
    removed.mockRestore();
  });
});
