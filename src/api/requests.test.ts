// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { catalogHandlers, productRequests } from "../../tests/msw/catalog-handlers";
import { server } from "../../tests/msw/server";
import { bagistoAddress } from "../../tests/msw/shopping-handlers";
import { addCartLineBody } from "./cart";
import { buildUrl } from "./client";
import { catalogQueries, catalogRequests, productListQuery, type CatalogIds } from "./catalog";
import { saveAddressBody, savedAddressFields } from "./checkout";
import { reshapeAddress } from "./account";
import { customerAddressSchema } from "./contract/address";

/*
 * The requests the storefront sends are the ones Bagisto 1.3.3 accepts (bagisto-compat.md §8, issue 17 item 2).
 */

const ids: CatalogIds = {
  categories: [
    { id: 2, slug: "mountain-bikes" },
    { id: 7, slug: "homepage" },
  ],
  attributes: [
    {
      code: "color",
      options: [
        { id: 1, label: "Red", name: "red", swatch: "#f00" },
        { id: 3, label: "Dark Blue", name: "dark-blue", swatch: "#008" },
      ],
    },
    { code: "size", options: [{ id: 11, label: "M", name: "m", swatch: null }] },
  ],
};

describe("GET products as Bagisto takes it", () => {
  it("asks for a category by category_id and for colours and sizes by option id", () => {
    const params = {
      categorySlug: "mountain-bikes",
      page: 1,
      limit: 12,
      sort: "price",
      order: "asc" as const,
      color: "red",
      size: "m",
    };
    expect(productListQuery(params, ids)).toEqual({
      category_id: "2",
      page: 1,
      limit: 12,
      sort: "price",
      order: "asc",
      color: "1",
      size: "11",
    });
  });

  it("spells the storefront's keys as the wire does, in their order, so a list's address stays the same", () => {
    // Offline packs and the service worker store list replies under these very addresses.
    const url = (params: Parameters<typeof productListQuery>[0], catalogIds?: CatalogIds) => {
      const r = catalogRequests.list(params, "en", catalogIds);
      return buildUrl(r.path, r.query);
    };
    expect(url({ categoryId: "1", sort: "newest", order: "desc", limit: 5 })).toBe(
      "/api/products?category_id=1&sort=created_at&order=desc&limit=5&locale=en",
    );
    expect(url({ categoryId: "1", page: 2, limit: 24 })).toBe(
      "/api/products?category_id=1&page=2&limit=24&locale=en",
    );
    expect(url({ categorySlug: "homepage", limit: 8 })).toBe(
      "/api/products?limit=8&cat_slug=homepage&locale=en",
    );
    expect(url({ categoryId: "1", limit: 8, bestseller: "1" })).toBe(
      "/api/products?category_id=1&limit=8&bestseller=1&locale=en",
    );
    expect(
      url(
        { categorySlug: "mountain-bikes", page: 1, limit: 12, sort: "price", order: "asc", color: "red" },
        ids,
      ),
    ).toBe("/api/products?page=1&limit=12&sort=price&order=asc&color=1&category_id=2&locale=en");
  });

  it("maps a comma list by admin name or label, any case, and keeps ids as they are", () => {
    expect(productListQuery({ color: "Red,DARK-BLUE", size: "11" }, ids)).toEqual({
      color: "1,3",
      size: "11",
    });
    expect(productListQuery({ color: "dark blue" }, ids)).toEqual({ color: "3" });
  });

  it("sends what it cannot map as it is (the reference server reads names and slugs too)", () => {
    expect(productListQuery({ categorySlug: "unknown-bikes", color: "purple" }, ids)).toEqual({
      cat_slug: "unknown-bikes",
      color: "purple",
    });
    expect(productListQuery({ categorySlug: "homepage", limit: 8 })).toEqual({
      cat_slug: "homepage",
      limit: 8,
    });
  });

  it("reads the ids from the category tree and the filter attributes when the list is fetched", async () => {
    // The category tree of the shell handlers (Mountain Bikes is 2) and the catalogue's attributes (Blue is 2).
    server.use(...catalogHandlers());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(
      catalogQueries.list({ categorySlug: "mountain-bikes", color: "blue", size: "XL", limit: 12 }, "fr"),
    );
    expect(productRequests.map((q) => Object.fromEntries(q))).toEqual([
      { limit: "12", category_id: "2", color: "2", size: "8", locale: "fr" },
    ]);
  });

  it("still lists the products when the back end has no getattributes (a plain Bagisto)", async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get("*/api/descendant-categories", () => HttpResponse.json({ data: [] })),
      http.get("*/api/getattributes", () =>
        HttpResponse.json({ error: "Resource Not Found" }, { status: 404 }),
      ),
      http.get("*/api/products", ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ data: [] });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = await client.fetchQuery(catalogQueries.list({ color: "green" }, "de"));
    expect(list.total).toBe(0);
    expect(asked).toEqual([{ color: "green", locale: "de" }]);
  });
});

describe("cart and checkout bodies", () => {
  it("sends quantity with a bicycle's colour and size (Bagisto: 'Undefined index: quantity' without it)", () => {
    const body = addCartLineBody({
      idempotencyKey: "k1",
      productId: 5,
      quantity: 2,
      variant: { variantId: 51, superAttribute: { 23: 1, 24: 11 } },
    });
    expect(body).toMatchObject({
      product_id: 5,
      quantity: 2,
      is_configurable: true,
      selected_configurable_option: 51,
      super_attribute: { 23: 1, 24: 11 },
    });
    expect(addCartLineBody({ idempotencyKey: "k2", productId: 5, quantity: 1 })).toEqual({
      product_id: 5,
      quantity: 1,
      is_configurable: false,
    });
  });

  it("sends a shipping key when the billing address is used for shipping (Bagisto: 500 without it)", () => {
    const billing = { address_id: 3, use_for_shipping: true };
    expect(saveAddressBody({ billing })).toEqual({ billing, shipping: { address1: [""] } });
    // A saved address goes with its fields: Bagisto reads `address1` from the request even then.
    const address = reshapeAddress(customerAddressSchema.parse(bagistoAddress));
    expect(saveAddressBody({ billing: { ...savedAddressFields(address), address_id: 3 } }).billing).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      address1: ["12 MG Road"],
      city: "Bengaluru",
      state: "KA",
      postcode: "560001",
      country: "IN",
      phone: "9876543210",
      address_id: 3,
      use_for_shipping: true,
    });
    const apart = { billing: { address_id: 3, use_for_shipping: false }, shipping: { address_id: 4 } };
    expect(saveAddressBody(apart)).toEqual(apart);
  });
});
