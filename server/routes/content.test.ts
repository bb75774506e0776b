import { describe, expect, it } from "vitest";
import {
  aboutReplySchema,
  bannerListReplySchema,
  blogListReplySchema,
  blogPostReplySchema,
  brandListReplySchema,
  contactReplySchema,
  exchangeRatesSchema,
  pageReplySchema,
} from "../../src/api/contract/content";
import { stateListReplySchema } from "../../src/api/contract/address";
import { makeApp, shopper } from "../test-utils";

describe("content", () => {
  it("serves brands, banners, pages, blog, about and states", async () => {
    const s = shopper(await makeApp());
    const brands = brandListReplySchema.parse((await s.get("/api/brands")).json);
    expect(brands.data.length).toBe(15);
    const banners = bannerListReplySchema.parse((await s.get("/api/getbanner")).json);
    expect(banners.data.filter((b) => b.type === "slider")).toHaveLength(3);
    expect(banners.data.filter((b) => b.type === "promo").every((b) => b.title && b.subtitle && b.link)).toBe(
      true,
    );
    const page = pageReplySchema.parse((await s.get("/api/page/about-us")).json);
    expect(page.data?.html_content).toContain("<h2>");
    const missing = await s.get("/api/page/nope");
    expect(missing.status).toBe(404);
    expect(missing.json.data).toBeNull();
    const blog = blogListReplySchema.parse((await s.get("/api/blog")).json);
    expect(blog.data.length).toBeGreaterThanOrEqual(3);
    const post = blogPostReplySchema.parse((await s.get(`/api/blog/${blog.data[0]!.slug}`)).json);
    expect(post.data.html_content).toContain("<p>");
    const about = aboutReplySchema.parse((await s.get("/api/about")).json);
    expect(about.data.counters.map((c) => c.value)).toEqual([360, 50, 15, 100000]);
    expect(about.data.team.length).toBeGreaterThan(0);
    const states = stateListReplySchema.parse((await s.get("/api/statelist")).json);
    expect(states.data.some((x) => x.code === "KA")).toBe(true);
  });

  it("answers exchange rates from the bundled dated table", async () => {
    const s = shopper(await makeApp());
    const r = exchangeRatesSchema.parse((await s.get("/api/exchange-rates?base=USD")).json);
    expect(r.base).toBe("USD");
    expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.rates.INR).toBeGreaterThan(50);
    expect((await s.get("/api/exchange-rates?base=XXX")).status).toBe(422);
  });

  it("stores contact requests and subscriptions and validates them", async () => {
    const s = shopper(await makeApp());
    const ok = contactReplySchema.parse(
      (await s.post("/api/contactrequest", { name: "Ann", email: "ann@example.com", message: "Hi" })).json,
    );
    expect(ok.status).toBe(200);
    const bad = await s.post("/api/contactrequest", { name: "", email: "nope" });
    expect(bad.status).toBe(422);
    expect(bad.json.status).toBe(422);
    const sub = contactReplySchema.parse(
      (await s.post("/api/contactsubscribe", { email: "ann@example.com" })).json,
    );
    expect(sub.status).toBe(200);
    const again = contactReplySchema.parse(
      (await s.post("/api/contactsubscribe", { email: "ann@example.com" })).json,
    );
    // Double opt-in (server/mail.test.ts): not subscribed before the mailed link is opened.
    expect(again.message).toBe(sub.message);
    expect(again.message).toMatch(/confirm/);
  });

  it("rate-limits the contact form", async () => {
    const s = shopper(await makeApp({ rateLimits: { contact: { limit: 2, windowMs: 60_000 } } }));
    const body = { name: "Ann", email: "ann@example.com", message: "Hi" };
    expect((await s.post("/api/contactrequest", body)).status).toBe(200);
    expect((await s.post("/api/contactrequest", body)).status).toBe(200);
    const third = await s.post("/api/contactrequest", body);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
  });

  it("draws product images in three sizes with width and height", async () => {
    const s = shopper(await makeApp());
    for (const [size, px] of [
      ["small", 150],
      ["medium", 480],
      ["large", 960],
    ] as const) {
      const r = await s.get(`/api/images/products/mountain-red-${size}.svg`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/svg+xml");
      expect(r.text).toContain(`width="${px}" height="${px}"`);
    }
    expect((await s.get("/api/images/products/unicycle-red-small.svg")).status).toBe(404);
    expect((await s.get("/api/images/brands/ridgeline.svg")).status).toBe(200);
    expect((await s.get("/api/images/banners/slider-1.svg")).status).toBe(200);
  });
});
