import type { AnyRoute } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { categoryKeys } from "@/api/categories";
import { currencyKeys } from "@/api/currency";
import { routeTree } from "@/app/router";
import { renderPage } from "@/entry-server";
import { isPersonal, isPersonalPage, PERSONAL_PAGES } from "@/offline/shared/personal-requests";

const ORIGIN = "https://shop.example";

/** Every page of the real route tree (a route without children), with its full path and its personal mark. */
function pages(route: AnyRoute, prefix = ""): { path: string; personal: boolean }[] {
  const declared = (route.options as { path?: unknown }).path;
  const own = typeof declared === "string" ? declared : "";
  const path = `${prefix.replace(/\/$/, "")}/${own.replace(/^\//, "")}`;
  const children = (route.children ?? []) as AnyRoute[];
  if (children.length === 0) return [{ path, personal: route.options.staticData?.personal === true }];
  return children.flatMap((child) => pages(child, route.isRoot ? "" : path));
}

/** An address that opens the page: each `$param` segment filled in. */
const addressOf = (path: string) => path.replace(/\$[A-Za-z]+/g, "42");

/** The service worker's rule for an address outside the API (sw/routes.ts isPersonalRequest: apiPath null). */
const workerSaysPersonal = (address: string) =>
  isPersonal({ method: "GET", headers: new Headers() }, new URL(address, ORIGIN), null);

const all = pages(routeTree as unknown as AnyRoute);
const personal = all.filter((p) => p.personal).map((p) => p.path);
const open = all.filter((p) => !p.personal).map((p) => p.path);

describe("personal pages: declared on the route, read by the server renderer and the service worker", () => {
  it("finds the routes of the table, and only those, marked personal", () => {
    expect(personal.length).toBeGreaterThan(0);
    expect([...personal].sort()).toEqual([...PERSONAL_PAGES].sort());
    expect(personal).toContain("/ordersuccess/$orderId");
  });

  it.each(personal)("%s is personal to the service worker and to the server renderer", async (path) => {
    const address = addressOf(path);
    expect(workerSaysPersonal(address)).toBe(true);
    expect(workerSaysPersonal(`${address}/?ref=mail`)).toBe(true);
    const rendered = await renderPage(`${address}?ref=mail`, ORIGIN);
    expect(rendered.personal).toBe(true);
    // Only the frame: the header and the page's heading around an empty space, the page itself left out.
    expect(rendered.html).toMatch(/<main[^>]*>.*aria-busy="true"><\/div><\/main>/s);
    const routes = (routeTree as unknown as AnyRoute).children as AnyRoute[];
    const route = routes.find((r) => (r.options as { path?: unknown }).path === path);
    // Every personal page but the device's own saved-offline list has a heading, in the frame.
    const title = route?.options.staticData?.title?.message;
    if (path === "/saved-offline") expect(title).toBeUndefined();
    else expect(rendered.html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    const handoff = JSON.parse(/<script[^>]*>(.*)<\/script>/s.exec(rendered.handoff)![1]!) as {
      frame: boolean;
      queries: { queries: { queryKey: unknown[] }[] };
    };
    expect(handoff.frame).toBe(true);
    // Handed over: at most the menu's categories and the exchange rates, nothing of any shopper's.
    const publicRoots = [categoryKeys.all[0], currencyKeys.all[0]].map((root) => JSON.stringify(root));
    const roots = handoff.queries.queries.map((q) => JSON.stringify(q.queryKey[0]));
    expect(roots.filter((root) => !publicRoots.includes(root))).toEqual([]);
  });

  it.each(open)("%s is no personal page to the service worker", (path) => {
    expect(workerSaysPersonal(addressOf(path))).toBe(false);
  });

  it("matches the order-success page by the router's path, /ordersuccess, not /order-success", () => {
    expect(isPersonalPage("/ordersuccess/1017")).toBe(true);
    expect(isPersonalPage("/OrderSuccess/1017/")).toBe(true);
    expect(isPersonalPage("/ordersuccess")).toBe(false);
    expect(isPersonalPage("/cart/extra")).toBe(false);
    expect(isPersonalPage("/product/cart")).toBe(false);
  });
});
