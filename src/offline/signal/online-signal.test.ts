// @vitest-environment happy-dom
import { onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { sendRequest } from "@/api/client";
import { PROBE_PATH } from "./online-probe";
import { isOnline, startOnlineSignal, subscribeOnline } from "./online-signal";

let browserOnline: MockInstance<() => boolean>;
const stops: (() => void)[] = [];

beforeEach(() => {
  browserOnline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
});

afterEach(() => {
  // The browser's own word starts anew (and clears what an answer corrected).
  browserOnline.mockReturnValue(true);
  window.dispatchEvent(new Event("online"));
  stops.splice(0).forEach((stop) => stop());
  browserOnline.mockRestore();
  vi.unstubAllGlobals();
});

/** A probe whose answers the test gives, one per call. */
function probe() {
  const answers: { reply: () => void; fail: () => void }[] = [];
  const send = vi.fn(
    (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) =>
        answers.push({
          reply: () => resolve(new Response(null, { status: 200 })),
          fail: () => reject(new TypeError("Load failed")),
        }),
      ),
  );
  return { send, answers };
}

function start(send: typeof fetch) {
  stops.push(startOnlineSignal(send));
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the online signal", () => {
  it("asks the server once when the browser says offline at the start, and believes its reply over the browser", async () => {
    const { send, answers } = probe();
    const changes = vi.fn();
    stops.push(subscribeOnline(changes));
    start(send);
    // Nothing waits for it: until it answers, the app is offline, as the browser says.
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([PROBE_PATH, { method: "HEAD", cache: "no-store" }]);
    answers[0]!.reply();
    await settle();
    expect(isOnline()).toBe(true);
    // TanStack's online manager follows (it sends the paused writes when it turns online).
    expect(onlineManager.isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it("stays offline when the probe fails, and asks again when the page wakes (visible again, shown again, resumed)", async () => {
    const { send, answers } = probe();
    start(send);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    answers[0]!.fail();
    await settle();
    expect(isOnline()).toBe(false);

    // Hidden: no wake.
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    // One probe at a time: a second wake while it is out asks nothing more.
    window.dispatchEvent(new Event("pageshow"));
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    answers[1]!.fail();
    await settle();
    window.dispatchEvent(new Event("pageshow"));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    answers[2]!.fail();
    await settle();
    document.dispatchEvent(new Event("resume"));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(4));
    answers[3]!.reply();
    await settle();
    expect(isOnline()).toBe(true);
    visibility.mockRestore();
  });

  it("asks nothing while the browser says online", async () => {
    browserOnline.mockReturnValue(true);
    const { send } = probe();
    start(send);
    window.dispatchEvent(new Event("pageshow"));
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(isOnline()).toBe(true);
  });

  it("believes the browser's own `offline` and `online` events as they come", async () => {
    const { send, answers } = probe();
    start(send);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    answers[0]!.reply();
    await settle();
    expect(isOnline()).toBe(true);
    // The browser saw the connection go: offline again, whatever the probe said.
    window.dispatchEvent(new Event("offline"));
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    browserOnline.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("a reply to an API request no cache answers corrects a browser that says offline; a public read does not", async () => {
    const { send, answers } = probe();
    start(send);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    answers[0]!.fail();
    await settle();
    let network = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        network ? Promise.resolve(new Response("{}")) : Promise.reject(new TypeError("Failed to fetch")),
      ),
    );
    const request = (url: string, init: RequestInit = {}) => sendRequest(url, init).catch(() => undefined);

    // A catalogue read may be the service worker's copy: it says nothing of the connection.
    await request("/api/products?limit=4");
    expect(isOnline()).toBe(false);
    // The cart is personal: never answered from a cache.
    await request("/api/checkout/cart?token=true");
    expect(isOnline()).toBe(true);
    // The same request failing for want of a network takes it back, while the browser still says offline.
    network = false;
    await request("/api/wishlist?pagination=0");
    expect(isOnline()).toBe(false);
    // A write and a read with a token are never cached either.
    network = true;
    await request("/api/contactrequest", { method: "POST" });
    expect(isOnline()).toBe(true);
    network = false;
    await request("/api/products", { headers: { Authorization: "Bearer t" } });
    expect(isOnline()).toBe(false);
    // A request the caller aborted says nothing.
    network = true;
    await request("/api/checkout/cart");
    network = false;
    await request("/api/checkout/cart", { signal: AbortSignal.abort() });
    expect(isOnline()).toBe(true);
  });

  it("leaves the browser's word alone while it says online: a failed request is no reason to say offline", async () => {
    browserOnline.mockReturnValue(true);
    start(probe().send);
    // The browser said offline once (the probe's code is there), then online again.
    browserOnline.mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    browserOnline.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await settle();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await sendRequest("/api/checkout/cart", {}).catch(() => undefined);
    expect(isOnline()).toBe(true);
  });
});
