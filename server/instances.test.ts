import { describe, expect, it } from "vitest";
import { productReplySchema } from "../src/api/contract/product";
import type { App } from "./app";
import { TEST_RATE_LIMITS } from "./lib/rate-limit";
import { makeApp, makeStorePair, readCart, shopper, standInDist } from "./test-utils";

/** A storefront build whose stand-in renderer writes the product's name from the API into the page. */
function distWithRenderer(): string {
  return standInDist(
    `let api;
export function configureRenderer(transport) { api = transport; }
export async function renderPage(url) {
  const p = (await (await api("/api/products/1", {})).json()).data;
  return { html: "<h1>" + p.name + "</h1>", head: "", handoff: "", status: 200 };
}`,
  );
}

/** Each request goes to the next instance in turn, as a load balancer without affinity would send it. */
function balancer(apps: App[]): Pick<App, "request"> {
  let next = 0;
  return { request: (...args: Parameters<App["request"]>) => apps[next++ % apps.length]!.request(...args) };
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}

describe("two instances of the shop on one database (issue 14)", () => {
  it("share accounts, guest carts, Idempotency-Keys, catalogue changes and page validators", async () => {
    const [storeA, storeB] = await makeStorePair();
    const dist = distWithRenderer();
    const a = await makeApp({ store: storeA, distDir: dist });
    const b = await makeApp({ store: storeB, distDir: dist });

    // A customer registered on one instance logs in on the other.
    const onA = shopper(a);
    const reg = await onA.post("/api/customer/register", {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      password: "correct-horse-1",
      password_confirmation: "correct-horse-1",
    });
    expect(reg.status).toBe(200);
    const onB = shopper(b);
    expect((await onB.login("ada@example.com", "correct-horse-1")).status).toBe(200);

    // A guest's cart is the same cart whichever instance answers.
    const simple = (
      await storeA.raw<{ id: number }>(
        "select id from products where type = 'simple' and stock > 5 order by id",
      )
    ).map((p) => p.id);
    const [p1, p2] = simple as [number, number];
    const guest = shopper(balancer([a, b]));
    expect((await guest.post(`/api/checkout/cart/add/${p1}`, { quantity: 1 })).json.error).toBeUndefined();
    expect((await guest.post(`/api/checkout/cart/add/${p2}`, { quantity: 2 })).json.error).toBeUndefined();
    const seen = (await readCart(guest))!;
    expect(seen.items.map((i) => [i.product?.id, i.quantity])).toEqual([
      [p1, 1],
      [p2, 2],
    ]);

    // One Idempotency-Key sent to both instances at the same moment is applied once (one more, not two).
    const cookie = guest.cookie;
    const send = (app: App) =>
      app.request(`http://shop.test/api/checkout/cart/add/${p1}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Requested-With": "XMLHttpRequest",
          "Idempotency-Key": "both-at-once",
          Cookie: cookie,
        },
        body: JSON.stringify({ quantity: 1 }),
      });
    const replies = await Promise.all([send(a), send(b)]);
    expect(replies.map((r) => r.status)).toContain(200);
    for (const r of replies) expect([200, 409]).toContain(r.status);
    const again = await send(b);
    expect(again.status).toBe(200);
    const after = (await readCart(guest))!;
    expect(after.items.map((i) => [i.product?.id, i.quantity])).toEqual([
      [p1, 2],
      [p2, 2],
    ]);

    // A product renamed with SQL (as an admin tool would) shows on both instances within 5 s, in the API
    // and in their cached pages; a page's ETag from one instance is answered 304 by the other.
    const name = async (app: App) =>
      productReplySchema.parse(await (await app.request("http://shop.test/api/products/1")).json()).data.name;
    const before = await name(a);
    expect(await name(b)).toBe(before);
    const page = await a.request("http://shop.test/product/some-bike");
    expect(await page.text()).toContain(`<h1>${before}</h1>`);
    await storeA.rawRun("update products set name = ? where id = 1", ["Renamed by SQL"]);
    for (const app of [a, b]) {
      await eventually(async () => (await name(app)) === "Renamed by SQL", 5000);
      await eventually(
        async () =>
          (await (await app.request("http://shop.test/product/some-bike")).text()).includes("Renamed by SQL"),
        5000,
      );
    }
    const fromA = await a.request("http://shop.test/product/some-bike");
    const etag = fromA.headers.get("etag")!;
    const fromB = await b.request("http://shop.test/product/some-bike", {
      headers: { "If-None-Match": etag },
    });
    expect(fromB.status).toBe(304);
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  }, 30_000);

  it("count a client's requests together: a rate limit is not multiplied by the number of instances", async () => {
    const [storeA, storeB] = await makeStorePair();
    const limits = { ...TEST_RATE_LIMITS, register: { limit: 4, windowMs: 60_000 } };
    const a = await makeApp({ store: storeA, rateLimits: limits });
    const b = await makeApp({ store: storeB, rateLimits: limits });
    const client = shopper(balancer([a, b]));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.post("/api/customer/register", {
        first_name: "Rate",
        last_name: "Limit",
        email: `rate${i}@example.com`,
        password: "correct-horse-1",
        password_confirmation: "correct-horse-1",
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  });
});
