import { describe, expect, it } from "vitest";
import { categoryListReplySchema } from "../../src/api/contract/category";
import {
  additionalInformationReplySchema,
  ADDITIONAL_INFO_CODES,
  configurableConfigReplySchema,
  productListReplySchema,
  productReplySchema,
  productWithAdditionalInformationReplySchema,
} from "../../src/api/contract/product";
import { FRAME_GEOMETRY_CODE, frameGeometrySchema } from "../../src/api/contract/geometry";
import { reviewCreateReplySchema, reviewListReplySchema } from "../../src/api/contract/review";
import { attributesReplySchema } from "../../src/api/contract/content";
import { makeApp, shopper } from "../test-utils";

describe("catalogue", () => {
  it("lists products in a Laravel pagination envelope with the storefront's product fields", async () => {
    const s = shopper(await makeApp());
    const r = await s.get("/api/products?limit=5");
    expect(r.status).toBe(200);
    const body = productListReplySchema.parse(r.json);
    expect(body.data).toHaveLength(5);
    expect(body.meta?.total).toBeGreaterThanOrEqual(40);
    expect(body.meta?.per_page).toBe("5");
    expect(body.links?.next).toContain("page=2");
    const p = body.data[0]!;
    expect(p.formated_price).toMatch(/^₹/);
    expect(p.images[0]?.medium_image_url).toMatch(/^\/api\/images\/products\/[a-z]+-[a-z]+-medium\.svg$/);
    expect(p.basic_info!.additional_info.map((a) => a.code)).toEqual([...ADDITIONAL_INFO_CODES]);
  });

  it("searches names whatever their case, with % and _ as plain characters, on either database", async () => {
    const s = shopper(await makeApp());
    const names = async (q: string) =>
      productListReplySchema
        .parse((await s.get(`/api/products?search=${encodeURIComponent(q)}&limit=50`)).json)
        .data.map((p) => p.name);
    const first = productListReplySchema.parse((await s.get("/api/products?limit=1")).json).data[0]!.name;
    const word = first.split(" ")[0]!;
    const lower = await names(word.toLowerCase());
    expect(lower.length).toBeGreaterThan(0);
    expect(lower).toContain(first);
    expect(await names(word.toUpperCase())).toEqual(lower);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  it("filters by category slug, tag, colour, size, sale, new and price range", async () => {
    const s = shopper(await makeApp());
    const mtb = productListReplySchema.parse(
      (await s.get("/api/products?cat_slug=mountain-bikes&limit=50")).json,
    );
    expect(mtb.data.length).toBe(9);
    expect(mtb.data.every((p) => p.categories!.some((c) => c.slug === "mountain-bikes"))).toBe(true);
    const byId = productListReplySchema.parse((await s.get("/api/products?category_id=2&limit=50")).json);
    expect(byId.meta?.total).toBe(9);
    const kids = productListReplySchema.parse((await s.get("/api/products?tag=Kids&limit=50")).json);
    expect(kids.data.every((p) => p.tags!.includes("Kids"))).toBe(true);
    const red = productListReplySchema.parse((await s.get("/api/products?color=red&size=xl&limit=50")).json);
    expect(red.data.length).toBeGreaterThan(0);
    expect(
      red.data.every((p) =>
        p.variation!.some((v) => v.color === "red" && v.size.some((z) => z.name === "xl")),
      ),
    ).toBe(true);
    const sale = productListReplySchema.parse((await s.get("/api/products?sale=1&limit=50")).json);
    expect(sale.data.every((p) => p.discount! > 0)).toBe(true);
    const fresh = productListReplySchema.parse((await s.get("/api/products?new=1&limit=50")).json);
    expect(fresh.data.every((p) => p.new)).toBe(true);
    const cheap = productListReplySchema.parse((await s.get("/api/products?price=0,10000&limit=50")).json);
    expect(cheap.data.every((p) => Number(p.special_price ?? p.price) <= 10000)).toBe(true);
  });

  it("takes category, colour, size and sort in Bagisto's form and in ours, with the same products", async () => {
    const s = shopper(await makeApp());
    const ids = async (query: string) =>
      productListReplySchema
        .parse((await s.get(`/api/products?${query}&limit=50`)).json)
        .data.map((p) => p.id);
    const attrs = attributesReplySchema.parse(
      (await s.get("/api/getattributes?cat_slug=mountain-bikes")).json,
    );
    const option = (code: string, name: string) =>
      attrs.data.find((a) => a.code === code)!.options.find((o) => o.admin_name === name)!.id;
    const byNames = await ids("cat_slug=mountain-bikes&color=red&size=m&sort=priceLowToHigh");
    expect(byNames.length).toBeGreaterThan(0);
    const byIds = await ids(
      `category_id=2&color=${option("color", "red")}&size=${option("size", "m")}&sort=price&order=asc`,
    );
    expect(byIds).toEqual(byNames);
    // Another colour's id gives other products: the id is read, not ignored.
    expect(
      await ids(`category_id=2&color=${option("color", "blue")}&size=${option("size", "m")}`),
    ).not.toEqual(await ids(`category_id=2&color=${option("color", "red")}&size=${option("size", "m")}`));
  });

  it("sorts by price both ways and returns bestsellers by sales", async () => {
    const s = shopper(await makeApp());
    const asc = productListReplySchema.parse(
      (await s.get("/api/products?sort=price&order=asc&limit=50")).json,
    );
    const prices = asc.data.map((p) => Number(p.special_price ?? p.price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const desc = productListReplySchema.parse(
      (await s.get("/api/products?sort=priceHighToLow&limit=50")).json,
    );
    const dprices = desc.data.map((p) => Number(p.special_price ?? p.price));
    expect([...dprices].sort((a, b) => b - a)).toEqual(dprices);
    const best = productListReplySchema.parse(
      (await s.get("/api/products?category_id=1&bestseller=1&limit=8")).json,
    );
    expect(best.data.length).toBe(8);
    const counts = best.data.map((p) => p.saleCount!);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it("finds the product detail by url_key and by id", async () => {
    const s = shopper(await makeApp());
    const list = productListReplySchema.parse(
      (await s.get("/api/products?category_id=1&url_key=ridgeline-trail-29")).json,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.id).toBe(1);
    const one = productReplySchema.parse((await s.get("/api/products/1")).json);
    expect(one.data.name).toBe("Ridgeline Trail 29");
    expect(one.data.variation![0]!.size.map((z) => z.stock)).toEqual([2, 5, 0, 8]);
    expect(one.data.configurable_options!.some((o) => o.swatch_value?.startsWith("#"))).toBe(true);
    expect((await s.get("/api/products/99999")).json).toEqual({ error: "Resource Not Found" });
    expect((await s.get("/api/products/abc")).status).toBe(404);
  });

  it("answers additional information in the fixed order and the configurable config", async () => {
    const s = shopper(await makeApp());
    const info = additionalInformationReplySchema.parse(
      (await s.get("/api/product-additional-information/1")).json,
    );
    // The fixed specs, then the model's frame geometry (only in this reply, not in the home page's list).
    expect(info.data.map((i) => i.code)).toEqual([...ADDITIONAL_INFO_CODES, FRAME_GEOMETRY_CODE]);
    const cfg = configurableConfigReplySchema.parse((await s.get("/api/product-configurable-config/1")).json);
    expect(cfg.data.attributes.map((a) => a.code)).toEqual(["color", "size"]);
    expect(Object.keys(cfg.data.index).length).toBeGreaterThan(0);
    expect((await s.get("/api/product-configurable-config/4242")).status).toBe(404);
  });

  it("gives every sample bicycle a frame geometry for each of its sizes, sized for its type", async () => {
    const s = shopper(await makeApp());
    const list = productListReplySchema.parse((await s.get("/api/products?limit=100")).json);
    expect(list.data.length).toBeGreaterThanOrEqual(45);
    const adultInseams: number[] = [];
    for (const p of list.data) {
      const info = additionalInformationReplySchema.parse(
        (await s.get(`/api/product-additional-information/${p.id}`)).json,
      );
      const entry = info.data.find((i) => i.code === FRAME_GEOMETRY_CODE);
      const rows = frameGeometrySchema.parse(JSON.parse(String(entry?.value)));
      const sizes = (p.variation ?? []).flatMap((v) => v.size.map((z) => z.name));
      // A row per size of the size option, or one row for a bicycle sold in one size.
      expect(
        rows.map((r) => r.size),
        p.name,
      ).toEqual(sizes.length ? [...new Set(sizes)] : [p.basic_info!.additional_info[3]!.value]);
      const kids = p.categories!.some((c) => c.slug === "kids-bmx-bikes");
      for (const r of rows) {
        expect(r.rider_cm[0]).toBeLessThan(r.rider_cm[1]);
        expect(r.inseam_cm[0]).toBeLessThan(r.inseam_cm[1]);
        // The top tube clears the smallest inseam the size is for.
        expect(r.inseam_cm[0] - r.standover_cm!, `${p.name} ${r.size}`).toBeGreaterThanOrEqual(2);
        if (kids) expect(r.rider_cm[1]).toBeLessThanOrEqual(160);
        else adultInseams.push(...r.inseam_cm);
      }
    }
    expect(Math.min(...adultInseams)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...adultInseams)).toBeLessThanOrEqual(100);
  });

  it("serves product-with-additional-information, attributes and categories", async () => {
    const s = shopper(await makeApp());
    const pwa = productWithAdditionalInformationReplySchema.parse(
      (await s.get("/api/product-with-additional-information?new=1&limit=4")).json,
    );
    expect(pwa.data).toHaveLength(4);
    expect(pwa.data[0]!.additional_information).toHaveLength(8);
    const attrs = attributesReplySchema.parse((await s.get("/api/getattributes?cat_slug=road-bikes")).json);
    expect(attrs.data.map((a) => a.code)).toEqual(["color", "size", "tag"]);
    expect(attrs.price_range!.min).toBeGreaterThan(0);
    expect((await s.get("/api/getattributes?cat_slug=nope")).status).toBe(404);
    const roots = categoryListReplySchema.parse((await s.get("/api/descendant-categories?parent_id=1")).json);
    expect(roots.data.map((c) => c.slug)).toEqual([
      "mountain-bikes",
      "road-bikes",
      "fat-bikes",
      "city-hybrid-bikes",
      "kids-bmx-bikes",
      "homepage",
    ]);
    const home = productListReplySchema.parse((await s.get("/api/products?cat_slug=homepage&limit=50")).json);
    expect(home.data.length).toBeGreaterThanOrEqual(8);
  });

  it("lists approved reviews and stores new ones as pending", async () => {
    const s = shopper(await makeApp());
    const list = reviewListReplySchema.parse(
      (await s.get("/api/reviews?product_id=1&status=approved&limit=5")).json,
    );
    expect(list.meta?.total).toBeGreaterThan(0);
    const missingName = await s.post("/api/reviews/1/create", { title: "Nice", comment: "Good", rating: 5 });
    expect(missingName.status).toBe(422);
    const created = await s.post("/api/reviews/1/create", {
      title: "Nice",
      comment: "Good",
      rating: 5,
      name: "Guest",
    });
    expect(reviewCreateReplySchema.parse(created.json).data.status).toBe("pending");
    const bad = await s.post("/api/reviews/1/create", { title: "x", comment: "y", rating: 9, name: "G" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.rating).toBeDefined();
  });
});
