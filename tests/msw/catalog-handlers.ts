/*
 * msw handlers for the catalogue component tests: a product list that records what it was asked,
 * the filterable attributes, a product by url_key with its specs, configurable config and reviews.
 */
import { http, HttpResponse } from "msw";
import type { Product } from "../../src/api/contract/product";
import { sampleProduct } from "./shopping-handlers";

export function listReply(products: Product[], { page = 1, total = products.length, perPage = 12 } = {}) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    data: products,
    meta: {
      current_page: page,
      from: 1,
      last_page: lastPage,
      path: "/api/products",
      per_page: perPage,
      to: products.length,
      total,
    },
  };
}

export const sampleAttributes = {
  data: [
    {
      id: 23,
      code: "color",
      name: "Color",
      type: "select",
      swatch_type: "color",
      options: [
        { id: 1, label: "Red", admin_name: "red", swatch_value: "#d32f2f", count: 3 },
        { id: 2, label: "Blue", admin_name: "blue", swatch_value: "#1976d2", count: 2 },
      ],
    },
    {
      id: 24,
      code: "size",
      name: "Size",
      type: "select",
      swatch_type: null,
      options: [
        { id: 7, label: "M", admin_name: "m", swatch_value: null, count: 3 },
        { id: 8, label: "XL", admin_name: "xl", swatch_value: null, count: 1 },
      ],
    },
    {
      id: 25,
      code: "tag",
      name: "Tag",
      type: "multiselect",
      swatch_type: null,
      options: [{ id: 30, label: "Kids", admin_name: "Kids", swatch_value: null, count: 3 }],
    },
  ],
  price_range: { min: 1000, max: 90000 },
};

/** Every GET products request the list handler saw, as URLSearchParams. */
export const productRequests: URLSearchParams[] = [];

/** A catalogue of `products` (every list request answers with them, 30 in all so there are 3 pages). */
export function catalogHandlers({ products = [sampleProduct()], detail = sampleProduct() } = {}) {
  productRequests.length = 0;
  return [
    http.get("*/api/products", ({ request }) => {
      const params = new URL(request.url).searchParams;
      const urlKey = params.get("url_key");
      // Like Bagisto, url_key matches as a substring.
      if (urlKey) return HttpResponse.json(listReply(detail.url_key.includes(urlKey) ? [detail] : []));
      productRequests.push(params);
      return HttpResponse.json(listReply(products, { page: Number(params.get("page") ?? 1), total: 30 }));
    }),
    http.get("*/api/getattributes", () => HttpResponse.json(sampleAttributes)),
    http.get("*/api/product-additional-information/:id", () =>
      HttpResponse.json({ data: [{ code: "frame", label: "Frame", value: "Chromoly steel" }] }),
    ),
    http.get("*/api/product-configurable-config/:id", () =>
      HttpResponse.json({
        data: {
          attributes: [],
          index: [],
          variant_prices: [],
          variant_images: [],
          chooseText: "Choose an option",
          regular_price: { price: 10000, formated_price: "₹10,000.00" },
        },
      }),
    ),
    http.get("*/api/reviews", () => HttpResponse.json(listReply([]))),
  ];
}
