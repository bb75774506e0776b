// @vitest-environment jsdom
import { isModuleNotFoundError } from "@tanstack/router-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asPageCode } from "@/render/lazy-page";
import { chunkIsGone, installChunkLoadRecovery } from "./register-sw";

const origin = window.location.origin;
const chunk = `${origin}/assets/slider-Bx12.js`;
// What each engine says when a dynamic import fails.
const chromium = new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);
const firefox = new TypeError(`error loading dynamically imported module: ${chunk}`);
const webkit = new TypeError("Importing a module script failed.");

function preloadError(payload: unknown): Event {
  const event = new Event("vite:preloadError", { cancelable: true });
  (event as Event & { payload?: unknown }).payload = payload;
  window.dispatchEvent(event);
  return event;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.body.innerHTML = "";
});

describe("whether a build's code is gone", () => {
  it("asks the server for the chunk past every cache: gone only on 404 or 410, never when the request fails", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    fetch.mockResolvedValueOnce(new Response(null, { status: 404 }));
    expect(await chunkIsGone(chromium)).toBe(true);
    expect(fetch).toHaveBeenLastCalledWith(
      "/assets/slider-Bx12.js",
      expect.objectContaining({ method: "HEAD", cache: "no-store" }),
    );
    fetch.mockResolvedValueOnce(new Response(null, { status: 200 }));
    expect(await chunkIsGone(firefox)).toBe(false);
    fetch.mockRejectedValueOnce(new TypeError("NetworkError when attempting to fetch resource."));
    expect(await chunkIsGone(firefox)).toBe(false);
    // A style sheet vite could not preload: its address is asked for the same way.
    fetch.mockResolvedValueOnce(new Response(null, { status: 410 }));
    expect(await chunkIsGone(new Error("Unable to preload CSS for /assets/cart-9f.css"))).toBe(true);
    expect(fetch).toHaveBeenLastCalledWith("/assets/cart-9f.css", expect.anything());
  });

  it("without an address (WebKit), compares the shop page's entry script with this page's", async () => {
    document.body.innerHTML = `<script type="module" src="/assets/index-old1.js"></script>`;
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    fetch.mockResolvedValueOnce(new Response(`<script type="module" src="/assets/index-old1.js"></script>`));
    expect(await chunkIsGone(webkit)).toBe(false);
    fetch.mockResolvedValueOnce(new Response(`<script type="module" src="/assets/index-new2.js"></script>`));
    expect(await chunkIsGone(webkit)).toBe(true);
  });
});

describe("the chunk-load recovery", () => {
  it("reloads once, after saving the outbox, only when the build is gone", async () => {
    const reload = vi.fn();
    const saved = vi.fn(async () => undefined);
    const gone = vi.fn(async (e: unknown) => e === chromium);
    const stop = installChunkLoadRecovery(saved, gone, reload);
    // A page being left in Firefox: its pending import fails, its chunk is still there. Nothing reloads.
    preloadError(firefox);
    await settle();
    expect(gone).toHaveBeenCalledWith(firefox);
    expect(reload).not.toHaveBeenCalled();
    // A newer build replaced this one: the outbox is saved, then the page reloads, once a minute at most.
    preloadError(chromium);
    await settle();
    await settle();
    expect(saved).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    preloadError(chromium);
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("does nothing offline: the chunk is missing because the network is", async () => {
    const reload = vi.fn();
    const gone = vi.fn(async () => true);
    const stop = installChunkLoadRecovery(async () => undefined, gone, reload);
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    preloadError(chromium);
    await settle();
    expect(gone).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    online.mockRestore();
    stop();
  });

  it("asks nothing and never reloads while the page is being left", async () => {
    const reload = vi.fn();
    const gone = vi.fn(async () => true);
    const stop = installChunkLoadRecovery(async () => undefined, gone, reload);
    window.dispatchEvent(new Event("pagehide"));
    preloadError(chromium);
    await settle();
    expect(gone).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    // Shown again from the back-forward cache: a failed import is looked into again.
    window.dispatchEvent(new Event("pageshow"));
    preloadError(chromium);
    await settle();
    expect(gone).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe("a page's lazy import", () => {
  it("fails with an error the router does not reload for", async () => {
    const failing = asPageCode(() => Promise.reject(firefox));
    const error = await failing().catch((e: unknown) => e);
    expect(isModuleNotFoundError(firefox)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(isModuleNotFoundError(error)).toBe(false);
    expect((error as Error).cause).toBe(firefox);
  });
});
