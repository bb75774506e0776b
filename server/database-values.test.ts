import { describe, expect, it } from "vitest";
import { makeApp, shopper, testDialect } from "./test-utils";

/**
 * Issue 36, N11: values PostgreSQL cannot take (text with a NUL character, ids beyond int4) are the request's
 * fault on both databases: a 422 (or what a missing row answers), never a 500, and nothing is stored.
 */
describe(`values the database cannot take (${testDialect})`, () => {
  it("refuses a NUL character in a path or a query, and ignores ids no row can have", async () => {
    const app = await makeApp();
    const s = shopper(app);
    for (const path of [
      "/api/products?search=name%00",
      "/api/products?name=name%00",
      "/api/products?url_key=name%00",
      "/api/page/name%00",
      "/api/blog/name%00",
    ]) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.json.message, path).toBe("The given data was invalid.");
    }
    const page = await s.get("/search?q=bike%00");
    expect(page.status).toBe(400);
    // An id beyond int4 names no category: the list is the one for a category that does not exist.
    const huge = await s.get("/api/products?category_id=99999999999999999999");
    expect(huge.status).toBe(200);
    const none = await s.get("/api/products?category_id=2147483646");
    expect(huge.json.meta?.total ?? huge.json.data.length).toBe(
      none.json.meta?.total ?? none.json.data.length,
    );
    expect((await s.get("/api/product-additional-information/99999999999999999999")).status).toBe(404);
  });

  it("refuses a NUL character in a review, a contact request and a registration, and stores none", async () => {
    const app = await makeApp();
    const s = shopper(app);
    const review = await s.post("/api/reviews/1/create", {
      name: "N\u0000",
      title: "Nice",
      comment: "Good",
      rating: 5,
    });
    expect(review.status).toBe(422);
    const contact = await s.post("/api/contactrequest", {
      name: "A\u0000",
      email: "a@example.com",
      contact: "123",
      message: "hello",
    });
    expect(contact.status).toBe(422);
    const email = "nul-check@example.com";
    const reg = await s.post("/api/customer/register", {
      first_name: "A\u0000B",
      last_name: "C",
      email,
      password: "correct-horse-1",
      password_confirmation: "correct-horse-1",
    });
    expect(reg.status).toBe(422);
    expect(reg.json.errors.email).toBeUndefined();
    const store = app.deps.store;
    expect(await store.raw("select id from customers where email = ?", [email])).toEqual([]);
    expect(await store.raw("select id from reviews where name like ?", ["N%"])).toEqual([]);
    // The same registration without the NUL is taken.
    const ok = await s.post("/api/customer/register", {
      first_name: "AB",
      last_name: "C",
      email,
      password: "correct-horse-1",
      password_confirmation: "correct-horse-1",
    });
    expect(ok.status).toBe(200);
  });
});
