import { describe, expect, it } from "vitest";
import {
  hasFilters,
  parseCatalogSearch,
  toProductListParams,
  withFilters,
  withoutFilters,
  withPage,
  withSort,
} from "./catalog-search";

describe("catalogue search params", () => {
  it("keeps valid filters, sort and page from the address", () => {
    expect(
      parseCatalogSearch({
        page: "3",
        sort: "priceLowToHigh",
        color: "red",
        size: "xl",
        tag: "Kids",
        minPrice: "100",
      }),
    ).toEqual({ page: 3, sort: "priceLowToHigh", color: "red", size: "xl", tag: "Kids", minPrice: 100 });
  });

  it("drops invalid values instead of failing", () => {
    expect(
      parseCatalogSearch({
        page: "-2",
        sort: "cheapest",
        color: "<script>",
        size: ["m"],
        minPrice: "abc",
        tag: "",
      }),
    ).toEqual({});
  });

  it("leaves page 1 out of the address", () => {
    expect(parseCatalogSearch({ page: 1 })).toEqual({});
  });

  it("drops a price range whose minimum is above its maximum", () => {
    expect(parseCatalogSearch({ minPrice: 500, maxPrice: 100 })).toEqual({});
  });

  it("goes back to page 1 when a filter changes", () => {
    expect(withFilters({ page: 4, sort: "priceHighToLow", tag: "Men" }, { color: "blue" })).toEqual({
      sort: "priceHighToLow",
      tag: "Men",
      color: "blue",
    });
  });

  it("removes a filter set to undefined", () => {
    expect(withFilters({ color: "blue", size: "m" }, { color: undefined })).toEqual({ size: "m" });
  });

  it("goes back to page 1 when the sort changes and leaves the default sort out", () => {
    expect(withSort({ page: 2, sort: "priceLowToHigh", tag: "Kids" }, "default")).toEqual({ tag: "Kids" });
    expect(withSort({ page: 2 }, "priceHighToLow")).toEqual({ sort: "priceHighToLow" });
  });

  it("changes only the page when paging", () => {
    expect(withPage({ color: "red" }, 2)).toEqual({ color: "red", page: 2 });
    expect(withPage({ color: "red", page: 2 }, 1)).toEqual({ color: "red" });
  });

  it("clears every filter on reset but keeps the sort", () => {
    const search = {
      page: 3,
      sort: "priceLowToHigh" as const,
      color: "red",
      tag: "Men",
      minPrice: 10,
      category: "road-bikes",
    };
    expect(hasFilters(search)).toBe(true);
    expect(withoutFilters(search)).toEqual({ sort: "priceLowToHigh" });
    expect(hasFilters(withoutFilters(search))).toBe(false);
  });

  it("asks the API for the category of the path, the filters and the page", () => {
    expect(
      toProductListParams(
        { page: 2, sort: "priceHighToLow", color: "red", minPrice: 100, maxPrice: 900 },
        { slug: "road-bikes" },
      ),
    ).toEqual({
      categorySlug: "road-bikes",
      page: 2,
      limit: 12,
      sort: "price",
      order: "desc",
      tag: undefined,
      color: "red",
      size: undefined,
      price: "100,900",
    });
  });

  it("asks for the whole catalogue when no category is chosen", () => {
    expect(toProductListParams({})).toMatchObject({ categoryId: "1", page: 1 });
    expect(toProductListParams({ category: "fat-bikes" })).toMatchObject({ categorySlug: "fat-bikes" });
  });
});
