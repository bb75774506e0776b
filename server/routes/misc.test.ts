import { describe, expect, it } from "vitest";
import { categorySchema } from "../../src/api/contract/category";
import { customerReplySchema } from "../../src/api/contract/customer";
import { reviewSchema } from "../../src/api/contract/review";
import { makeApp, shopper } from "../test-utils";

describe("remaining endpoints", () => {
  it("reads one category, one review and the country-state groups", async () => {
    const s = shopper(await makeApp());
    expect(categorySchema.parse((await s.get("/api/categories/2")).json.data).slug).toBe("mountain-bikes");
    expect((await s.get("/api/categories")).json.data.length).toBe(7);
    const reviews = (await s.get("/api/reviews?product_id=1")).json.data;
    expect(reviewSchema.parse((await s.get(`/api/reviews/${reviews[0].id}`)).json.data).product_id).toBe(1);
    expect((await s.get("/api/country-states")).json.data.IN.length).toBeGreaterThan(30);
    expect(
      (await s.get("/api/statelist?country=IN")).json.data.every(
        (x: { country_code: string }) => x.country_code === "IN",
      ),
    ).toBe(true);
  });

  it("reads the customer by id only for the customer, checks the minimum order and deletes wishlist lines", async () => {
    const s = shopper(await makeApp());
    const login = await s.login();
    const id = login.json.data.id as number;
    expect(customerReplySchema.parse((await s.get(`/api/customers/${id}`)).json).data.id).toBe(id);
    expect((await s.get(`/api/customers/${id + 1}`)).status).toBe(403);
    await s.post("/api/checkout/cart/add/45", { quantity: 1 });
    expect((await s.post("/api/checkout/check-minimum-order")).json).toMatchObject({
      status: true,
      message: "Success",
    });
    const added = await s.get("/api/wishlist/add/5");
    const wid = added.json.data.id as number;
    expect((await s.del(`/api/wishlist/${wid}`)).json).toEqual({ message: "Item removed successfully." });
    expect((await s.del(`/api/wishlist/${wid}`)).status).toBe(404);
  });

  it("does not expose test endpoints outside NODE_ENV=test", async () => {
    const app = await makeApp({ env: "production" });
    expect((await app.request("/api/test/last-otp?phone=%2B919800000001")).status).toBe(404);
    expect((await app.request("/api/test/reset-rate-limits", { method: "POST" })).status).toBe(404);
  });

  it("stores passwords as scrypt hashes and tokens only as hashes", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const login = await s.login();
    const [row] = await app.deps.store.raw<{ password_hash: string }>(
      "select password_hash from customers where id = ?",
      [login.json.data.id],
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    const tokens = await app.deps.store.raw<{ token_hash: string }>("select token_hash from auth_tokens");
    expect(tokens.some((t) => t.token_hash === login.json.token)).toBe(false);
  });
});
