import { http, HttpResponse } from "msw";

export const sampleCategories = [
  { id: 2, name: "Mountain Bikes", slug: "mountain-bikes" },
  { id: 3, name: "Road Bikes", slug: "road-bikes" },
  { id: 4, name: "Fat Bikes", slug: "fat-bikes" },
  { id: 5, name: "City/Hybrid Bikes", slug: "city-hybrid-bikes" },
  { id: 6, name: "Kids/BMX Bikes", slug: "kids-bmx-bikes" },
  // The home page's grouping category: a child of the root too, but not a bicycle type (kept out of menus).
  { id: 7, name: "Homepage", slug: "homepage", parent_id: 1, include_in_menu: false },
];

export const sampleRates = {
  base: "USD",
  date: "2026-11-20",
  rates: { USD: 1, EUR: 0.9, GBP: 0.8, INR: 80 },
};

/** What every page asks for: the category menu and the exchange rates. */
export const shellHandlers = [
  // The bicycle types are the root's children (parent_id 1); they have none of their own.
  http.get("*/api/descendant-categories", ({ request }) =>
    HttpResponse.json({
      data: new URL(request.url).searchParams.get("parent_id") === "1" ? sampleCategories : [],
    }),
  ),
  http.get("*/api/exchange-rates", () => HttpResponse.json(sampleRates)),
];
