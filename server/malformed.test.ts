import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, makeApp } from "./test-utils";

interface Probe {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const GENERIC_BODIES = [
  "{",
  '{"a":',
  "null",
  "[]",
  '"text"',
  "42",
  "true",
  "\u0000\u0001",
  "{'single': 'quotes'}",
];

const WRITES: Array<[string, string, unknown[]]> = [
  [
    "POST",
    "/api/checkout/cart/add/1",
    [
      { quantity: "lots" },
      { quantity: -5 },
      { quantity: 1e9 },
      { quantityCount: 0 },
      { selected_configurable_option: "1; DROP TABLE products" },
      { super_attribute: "x" },
      { quantity: { $gt: 1 } },
    ],
  ],
  [
    "PUT",
    "/api/checkout/cart/update",
    [
      {},
      { qty: "x" },
      { qty: { abc: 1 } },
      { qty: { "1": "many" } },
      { qty: [1, 2] },
      { qty: { "1": 1e12 } },
    ],
  ],
  [
    "POST",
    "/api/checkout/cart/coupon",
    [{}, { code: "" }, { code: 123 }, { code: "x".repeat(5000) }, { code: ["BIKE10"] }],
  ],
  [
    "POST",
    "/api/customer/login?token=true",
    [
      {},
      { email: "not-an-email", password: "x" },
      { email: ["a"], password: 1 },
      { email: "a@b.co" },
      { email: "' OR 1=1 --", password: "' OR 1=1 --" },
    ],
  ],
  [
    "POST",
    "/api/customer/register",
    [
      {},
      { email: "a@b.co" },
      { first_name: "<script>alert(1)</script>", last_name: 1, email: "x", password: "1" },
      { first_name: "A", last_name: "B", email: "a@b.co", password: "short", password_confirmation: "short" },
      {
        first_name: "A",
        last_name: "B",
        email: "a@b.co",
        password: "secret-one",
        password_confirmation: "secret-two",
      },
    ],
  ],
  [
    "POST",
    "/api/contactrequest",
    [
      {},
      { email: "bad" },
      { name: "x".repeat(10000), email: "a@b.co", message: "m" },
      { name: "A", email: "a@b.co", message: "" },
    ],
  ],
  [
    "POST",
    "/api/contactsubscribe",
    [{}, { email: "' OR 1=1 --" }, { email: 42 }, { email: "<img src=x onerror=alert(1)>" }],
  ],
  [
    "POST",
    "/api/send-verification-code",
    [{}, { phone: "abc" }, { phone: "+1" }, { phone: "1' OR '1'='1" }, { phone: 9876543210 }],
  ],
  [
    "POST",
    "/api/verify-code",
    [
      {},
      { phone: "+919876543210", code: "abcdef" },
      { code: 123456 },
      { phone: "+919876543210", code: "1234567" },
    ],
  ],
  [
    "POST",
    "/api/reviews/1/create",
    [
      {},
      { rating: 0, title: "t", comment: "c", name: "n" },
      { rating: "five", title: "t", comment: "c", name: "n" },
      { rating: 5, title: "", comment: "c", name: "n" },
    ],
  ],
  [
    "POST",
    "/api/checkout/save-address",
    [{}, { billing: "x" }, { billing: { email: "bad" } }, { billing: { address1: "not-an-array" } }],
  ],
  ["POST", "/api/checkout/save-shipping", [{}, { shipping_method: 5 }, { shipping_method: "" }]],
  ["POST", "/api/checkout/save-payment", [{}, { payment: "cod" }, { payment: { method: "bitcoin" } }]],
  ["POST", "/api/customer/forgot-password", [{}, { email: 5 }, { email: "nope" }]],
];

const ID_PATHS = [
  "/api/products/",
  "/api/product-additional-information/",
  "/api/product-configurable-config/",
  "/api/checkout/cart/remove-item/",
  "/api/orders/",
  "/api/reviews/",
  "/api/categories/",
  "/api/wishlist/add/",
  "/api/addresses/",
];
const BAD_IDS = [
  "0",
  "-1",
  "abc",
  "1.5",
  "99999999999",
  "1e3",
  "%27%20OR%201%3D1",
  "..%2F..%2Fetc%2Fpasswd",
  "%3Cscript%3E",
  "999999",
  "%00",
  "1;DROP%20TABLE%20products",
];

const BAD_QUERIES = [
  "/api/products?limit=abc",
  "/api/products?limit=0",
  "/api/products?limit=101",
  "/api/products?limit=-1",
  "/api/products?page=0",
  "/api/products?page=abc",
  "/api/products?order=sideways",
  `/api/products?sort=${"x".repeat(60)}`,
  `/api/products?category_id=${"1,".repeat(300)}`,
  `/api/products?search=${"a".repeat(300)}`,
  "/api/products?new=maybe",
  "/api/products?limit=1e309",
  "/api/reviews?product_id=abc",
  "/api/reviews?limit=1000",
  "/api/descendant-categories?parent_id=abc",
  "/api/exchange-rates?base=%3Cscript%3E",
  "/api/exchange-rates?base=XYZ",
  "/api/products?limit=%ZZ",
  `/api/getattributes?cat_slug=${"a".repeat(300)}`,
  "/api/getattributes?cat_slug=%27%20OR%201%3D1",
  "/api/page/%3Cscript%3E",
  "/api/blog/..%2F..%2Fetc%2Fpasswd",
  "/api/images/products/..%2F..%2Fpackage.json",
  "/api/images/products/mountain-red-huge.svg",
  "/api/images/banners/slider-9.svg",
  "/api/images/team/abc.svg",
  "/api/nope",
  "/api/products/1/extra/segments",
  "/api/test-missing",
];

const AUTH_PATHS = [
  "/api/customer/get",
  "/api/addresses",
  "/api/wishlist",
  "/api/orders",
  "/api/checkout/cart",
  "/api/customer/logout",
];
const BAD_AUTH = [
  "Bearer ",
  "Bearer x'--",
  "Bearer <script>",
  "Basic dXNlcjpwYXNz",
  `Bearer ${"a".repeat(500)}`,
  "Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const [method, path, specific] of WRITES) {
    for (const body of GENERIC_BODIES)
      list.push({ method, path, body, headers: { "Content-Type": "application/json" } });
    for (const body of specific)
      list.push({
        method,
        path,
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json" },
      });
    list.push({
      method,
      path,
      body: JSON.stringify({ pad: "x".repeat(100_000) }),
      headers: { "Content-Type": "application/json" },
    });
    list.push({
      method,
      path,
      body: "{}",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "bad key with spaces" },
    });
  }
  for (const p of ID_PATHS) for (const id of BAD_IDS) list.push({ method: "GET", path: p + id });
  for (const path of BAD_QUERIES) list.push({ method: "GET", path });
  for (const p of AUTH_PATHS)
    for (const a of BAD_AUTH)
      list.push({ method: "GET", path: `${p}?token=true`, headers: { Authorization: a } });
  for (const path of ["/api/products", "/api/brands", "/api/checkout/cart/coupon/x"])
    list.push({ method: "DELETE", path });
  list.push({ method: "POST", path: "/api/customer/profile?token=true", body: "{}" });
  list.push({
    method: "PUT",
    path: "/api/customer/profile?token=true",
    body: "{}",
    headers: { Authorization: "Bearer nope" },
  });
  list.push({ method: "POST", path: "/api/addresses/create?token=true", body: "{}" });
  list.push({ method: "DELETE", path: "/api/addresses/1?token=true" });
  return list;
}

describe("hostile and broken input", () => {
  it("answers every malformed request with a 4xx JSON error and loses nothing", async () => {
    const app = await makeApp();
    const store = app.deps.store;
    const count = async (table: string) =>
      (await store.raw<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n;
    const before = {
      products: await count("products"),
      variants: await count("product_variants"),
      customers: await count("customers"),
      categories: await count("categories"),
      stock: (await store.raw("select sum(stock) as s from product_variants"))[0],
      product1: await (await app.request("/api/products/1")).text(),
    };
    const list = probes();
    expect(list.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const p of list) {
      const res = await app.request(`http://shop.test${p.path}`, {
        method: p.method,
        body: p.body,
        headers: { Accept: "application/json", ...p.headers },
      });
      const text = await res.text();
      let isJson = true;
      try {
        JSON.parse(text);
      } catch {
        isJson = false;
      }
      if (res.status < 400 || res.status >= 500 || !isJson)
        failures.push(
          `${p.method} ${p.path} ${p.body?.slice(0, 40) ?? ""} → ${res.status} ${text.slice(0, 80)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await count("products")).toBe(before.products);
    expect(await count("product_variants")).toBe(before.variants);
    expect(await count("customers")).toBe(before.customers);
    expect(await count("categories")).toBe(before.categories);
    expect((await store.raw("select sum(stock) as s from product_variants"))[0]).toEqual(before.stock);
    expect(await (await app.request("/api/products/1")).text()).toBe(before.product1);
    const login = await app.request("/api/customer/login?token=true", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    expect(login.status).toBe(200);
  });

  it("treats SQL and script fragments in filters as plain text", async () => {
    const app = await makeApp();
    for (const q of [
      "search=%27%20OR%201%3D1%20--",
      "url_key=%25%27%20OR%20%271%27%3D%271",
      "name=%22%3B%20DROP%20TABLE%20products%3B%20--",
      "search=%25",
      "search=_",
    ]) {
      const res = await app.request(`/api/products?${q}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { meta: { total: number } };
      expect(body.meta.total).toBe(0);
    }
    const ignored = await app.request("/api/products?color=1)%20OR%20(1%3D1&size=%3Cscript%3E");
    expect(ignored.status).toBe(200);
    expect(((await ignored.json()) as { meta: { total: number } }).meta.total).toBe(45);
  });
});
