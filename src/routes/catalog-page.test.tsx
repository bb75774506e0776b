// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { catalogKeys } from "@/api/catalog";
import { catalogHandlers, productRequests } from "../../tests/msw/catalog-handlers";
import { server } from "../../tests/msw/server";
import { plainProduct, sampleProduct, shoppingHandlers } from "../../tests/msw/shopping-handlers";
import { renderApp } from "../../tests/utils/render";

const products = [sampleProduct(), plainProduct()];
const lastRequest = () => productRequests.at(-1);
// The first render loads the lazy route chunks.
const slow = { timeout: 20_000 };

describe("catalogue filters in the address", { timeout: 40_000 }, () => {
  beforeEach(() => {
    server.use(...shoppingHandlers, ...catalogHandlers({ products }));
  });

  it("sends the address's filters, sort and page to the API, category and colour by Bagisto's ids", async () => {
    await renderApp({ path: "/catalog/mountain-bikes?page=2&color=red&sort=priceLowToHigh" });
    expect(await screen.findByRole("heading", { level: 1, name: "Mountain Bikes" }, slow)).toBeTruthy();
    await waitFor(() => expect(lastRequest()).toBeDefined());
    expect(Object.fromEntries(lastRequest()!)).toMatchObject({
      category_id: "2",
      page: "2",
      color: "1",
      sort: "price",
      order: "asc",
      limit: "12",
    });
  });

  it("puts a chosen filter in the address and goes back to page 1", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path: "/catalog/mountain-bikes?page=3&tag=Kids" });
    await user.click(await screen.findByRole("button", { name: "Blue" }, slow));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: "Kids", color: "blue" }));
    await waitFor(() =>
      expect(Object.fromEntries(lastRequest()!)).toMatchObject({ page: "1", color: "2", tag: "Kids" }),
    );
    expect(screen.getByRole("button", { name: "Blue" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("goes back to page 1 when the sort changes", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path: "/catalog/mountain-bikes?page=2" });
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Sort by" }, slow),
      screen.getByRole("option", { name: "Price - High to Low" }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: "priceHighToLow" }));
  });

  it("moves to another page and keeps the filters", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path: "/catalog/mountain-bikes?size=m" });
    await user.click(await screen.findByRole("button", { name: "Go to page 2" }, slow));
    await waitFor(() => expect(router.state.location.search).toEqual({ size: "m", page: 2 }));
  });

  it("puts the price range in the address when a thumb is let go, and keeps the thumbs from crossing", async () => {
    const { router } = await renderApp({ path: "/catalog/mountain-bikes" });
    // The sample range is 1,000 to 90,000 in steps of 890.
    const max = await screen.findByRole("slider", { name: "Maximum price" }, slow);
    fireEvent.change(max, { target: { value: "45500" } });
    await waitFor(() => expect(router.state.location.search).toEqual({ maxPrice: 45500 }));
    fireEvent.change(screen.getByRole("slider", { name: "Minimum price" }), { target: { value: "60940" } });
    await waitFor(() => expect(router.state.location.search).toEqual({ minPrice: 45500, maxPrice: 45500 }));
  });

  it("clears the filters on 'Reset filters' and keeps the sort", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp({
      path: "/catalog/mountain-bikes?color=red&size=m&sort=priceLowToHigh&page=2",
    });
    await user.click(await screen.findByRole("button", { name: "Reset filters" }, slow));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: "priceLowToHigh" }));
  });

  it("ignores invalid values in the address", async () => {
    await renderApp({ path: "/catalog/mountain-bikes?page=zero&sort=random&color=%3Cb%3E" });
    expect(await screen.findByRole("link", { name: "Dirt Jumper Mini" }, slow)).toBeTruthy();
    expect(Object.fromEntries(lastRequest()!)).toMatchObject({ page: "1" });
    expect(lastRequest()!.has("sort")).toBe(false);
    expect(lastRequest()!.has("color")).toBe(false);
  });

  it("keeps the products shown when a later request fails", async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderApp({ path: "/catalog/mountain-bikes" });
    expect(await screen.findByRole("link", { name: "Dirt Jumper Mini" }, slow)).toBeTruthy();
    server.use(http.get("*/api/products", () => HttpResponse.json({ error: "down" }, { status: 500 })));
    await user.click(screen.getByRole("button", { name: "Red" }));
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: catalogKeys.all })
          .some((q) => q.state.status === "error"),
      ).toBe(true),
    );
    expect(screen.getByRole("button", { name: "Red" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("link", { name: "Dirt Jumper Mini" })).toBeTruthy();
    expect(screen.queryByText("No Product available!")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the products could not be loaded, not '0 products', when the first list fails; Try again loads it", async () => {
    let fail = true;
    server.use(
      http.get("*/api/products", () =>
        fail ? HttpResponse.json({ error: "down" }, { status: 500 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    await renderApp({ path: "/catalog/mountain-bikes" });
    expect(await screen.findByText("The products could not be loaded.", {}, slow)).toBeTruthy();
    expect(screen.queryByText("0 products")).toBeNull();
    expect(screen.queryByText("No Product available!")).toBeNull();
    // Silently (SPEC §8): no toast, no alert.
    expect(screen.queryByRole("alert")).toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Dirt Jumper Mini" })).toBeTruthy();
    // (The shell's sync announcer is a status region too, and empty.)
    const counts = screen.getAllByRole("status").map((el) => el.textContent ?? "");
    expect(counts.filter((text) => /^[1-9]\d* products$/.test(text))).toHaveLength(1);
    expect(screen.queryByText("The products could not be loaded.")).toBeNull();
  });

  it("says 'No Product available!' for an empty list", async () => {
    server.use(...catalogHandlers({ products: [] }));
    await renderApp({ path: "/catalog/mountain-bikes" });
    expect(await screen.findByText("No Product available!", {}, slow)).toBeTruthy();
  });

  it("lists the category's child categories (descendant-categories?parent_id={id}) under it", async () => {
    const asked: string[] = [];
    server.use(
      http.get("*/api/descendant-categories", ({ request }) => {
        const parent = new URL(request.url).searchParams.get("parent_id") ?? "";
        asked.push(parent);
        return parent === "2"
          ? HttpResponse.json({
              data: [
                { id: 21, name: "Hardtail", slug: "hardtail", parent_id: 2 },
                { id: 22, name: "Full Suspension", slug: "full-suspension", parent_id: 2 },
              ],
            })
          : undefined;
      }),
    );
    await renderApp({ path: "/catalog/mountain-bikes" });
    const filters = await screen.findByRole("complementary", { name: "Filters" }, slow);
    const hardtail = await within(filters).findByRole("link", { name: "Hardtail" });
    expect(hardtail.getAttribute("href")).toBe("/catalog/hardtail");
    expect(within(filters).getByRole("link", { name: "Full Suspension" })).toBeTruthy();
    expect(asked).toContain("2");
    // under Mountain Bikes, not under another type
    const mountain = within(filters).getByRole("link", { name: "Mountain Bikes" }).closest("li")!;
    expect(within(mountain).getByRole("link", { name: "Hardtail" })).toBeTruthy();
  });

  it("shows the category in the breadcrumbs", async () => {
    await renderApp({ path: "/catalog/road-bikes" });
    const crumbs = await screen.findByRole("navigation", { name: "Breadcrumb" }, slow);
    await waitFor(() => expect(within(crumbs).getByText("Road Bikes")).toBeTruthy());
    expect(within(crumbs).getByRole("link", { name: "Home" })).toBeTruthy();
  });
});
