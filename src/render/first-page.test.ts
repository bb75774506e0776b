import { describe, expect, it } from "vitest";
import type { AnyRouter } from "@tanstack/react-router";
import { createServerHtmlFlag, followFirstPage } from "./first-page";

type Listener = (e: { hrefChanged: boolean }) => void;

/** A router that only tells its navigations (what followFirstPage listens to). */
function fakeRouter() {
  const listeners = new Set<Listener>();
  const router = {
    subscribe: (_event: string, listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as AnyRouter;
  return { router, navigate: (hrefChanged: boolean) => listeners.forEach((l) => l({ hrefChanged })) };
}

describe("the server-HTML flag of one app instance", () => {
  it("is on over the server's page until the first navigation to another address, and stays off", () => {
    const { router, navigate } = fakeRouter();
    const flag = createServerHtmlFlag(false);
    followFirstPage(router, "hydrate", flag);
    expect(flag.onServerHtml).toBe(true);
    navigate(false);
    expect(flag.onServerHtml).toBe(true);
    navigate(true);
    expect(flag.onServerHtml).toBe(false);
    flag.onServerHtml = true;
    navigate(true);
    expect(flag.onServerHtml).toBe(true);
  });

  it("is off for a page rendered from scratch, and another instance's flag is its own", () => {
    const first = fakeRouter();
    const second = fakeRouter();
    const fresh = createServerHtmlFlag(false);
    const overFrame = createServerHtmlFlag(false);
    followFirstPage(first.router, "fresh", fresh);
    followFirstPage(second.router, "over-frame", overFrame);
    expect(fresh.onServerHtml).toBe(false);
    expect(overFrame.onServerHtml).toBe(true);
    first.navigate(true);
    expect(overFrame.onServerHtml).toBe(true);
  });
});
