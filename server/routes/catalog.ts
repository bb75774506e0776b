import { Hono } from "hono";
import { enforce } from "../lib/rate-limit";
import { bagistoListQuery } from "../lib/bagisto-strict";
import { descendantCategoriesQuerySchema } from "../../src/api/contract/category";
import { productListQuerySchema } from "../../src/api/contract/product";
import { reviewCreateSchema, reviewListQuerySchema } from "../../src/api/contract/review";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../lib/context";
import { optionalCustomer } from "../lib/auth";
import { acceptsGzip } from "../lib/compress";
import {
  HttpError,
  idParam,
  notFound,
  nowIso,
  parseBody,
  parseQuery,
  linkUrl,
  publicCache,
} from "../lib/http";
import { paginate, paginateBytes } from "../lib/pagination";
import { COLORS, SIZES } from "../reference/attributes";
import { approvedReview, approvedReviews, insertReview } from "../services/reviews";
import { wishlistProductIds } from "../services/wishlist";
import type { CategoryRow } from "../services/catalog/categories";
import type { Locale } from "../../src/i18n/locale";
import {
  attributeName,
  categoryTexts,
  colorLabel,
  tagLabel,
  catalogLocale,
} from "../reference/catalog-texts";

/** The language a catalogue read asks for (Bagisto's `locale`; anything unknown or none: English). */
const localeOf = (c: Ctx): Locale => catalogLocale(c.req.query("locale"));

export const DEFAULT_PAGE_SIZE = 12;

export function catalogRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const { store, catalog } = d;

  const wishlistedFor = async (c: Ctx): Promise<Set<number> | undefined> => {
    const customer = optionalCustomer(c.get("auth"));
    if (!customer) return undefined;
    return await wishlistProductIds(store, customer.id);
  };

  const listProducts = async (
    c: Ctx,
    extra?: (views: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>,
  ) => {
    const asked = parseQuery(c, productListQuerySchema);
    const strict = d.bagistoStrict ? bagistoListQuery(asked) : null;
    const q = strict ? strict.query : asked;
    const wishlisted = await wishlistedFor(c);
    const locale = localeOf(c);
    publicCache(c);
    const url = new URL(c.req.url);
    const cacheKey = url.pathname + url.search;
    if (!wishlisted) {
      const hit = catalog.cachedList(cacheKey, acceptsGzip(c.req.header("accept-encoding")));
      if (hit)
        return c.body(hit.body, 200, {
          "Content-Type": "application/json; charset=UTF-8",
          ...(hit.gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
        });
    }
    const page = q.page ?? 1;
    const limit = q.limit ?? DEFAULT_PAGE_SIZE;
    // Kept with what it was built from: the products it shows (their stock, sale counts) and whether
    // its filter set reads sale counts, so an order makes it stale only if it shows what the order changed.
    const { value: body, reads } = await catalog.collect(async () => {
      const { ids, total } = strict?.none ? { ids: [], total: 0 } : await catalog.search(q, page, limit);
      const pageReq = { page, limit, limitRaw: c.req.query("limit") };
      if (!wishlisted && !extra)
        return paginateBytes(linkUrl(c), await catalog.viewsBytes(ids, locale), total, pageReq);
      let views: Record<string, unknown>[] = await catalog.views(ids, { wishlisted, locale });
      if (extra) views = await extra(views);
      return new TextEncoder().encode(JSON.stringify(paginate(linkUrl(c), views, total, pageReq)));
    });
    if (!wishlisted) catalog.storeList(cacheKey, body, reads);
    return c.body(body, 200, { "Content-Type": "application/json; charset=UTF-8" });
  };

  r.get("/products", (c) => listProducts(c));

  r.get("/products/:id", async (c) => {
    const id = idParam(c);
    const wishlisted = await wishlistedFor(c);
    const locale = localeOf(c);
    if (!wishlisted) {
      const reply = await catalog.detail(id, acceptsGzip(c.req.header("accept-encoding")), locale);
      if (!reply) throw notFound();
      publicCache(c);
      return c.body(reply.body, 200, {
        "Content-Type": "application/json; charset=UTF-8",
        ...(reply.gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
      });
    }
    const [view] = await catalog.views([id], { wishlisted, locale });
    if (!view) throw notFound();
    publicCache(c);
    return c.json({ data: view });
  });

  r.get("/product-additional-information/:id", async (c) => {
    const [row] = await catalog.productRows([idParam(c)]);
    if (!row) throw notFound();
    publicCache(c);
    return c.json({ data: catalog.additionalInformation(row, { geometry: true, locale: localeOf(c) }) });
  });

  r.get("/product-configurable-config/:id", async (c) => {
    const [row] = await catalog.productRows([idParam(c)]);
    if (!row) throw notFound();
    publicCache(c);
    return c.json({ data: await catalog.configurableConfig(row, localeOf(c)) });
  });

  r.get("/product-with-additional-information", (c) =>
    listProducts(c, async (views) => {
      const locale = localeOf(c);
      const rows = new Map(
        (await catalog.productRows(views.map((v) => v.id as number))).map((p) => [p.id, p]),
      );
      return views.map((v) => {
        const row = rows.get(v.id as number);
        return { ...v, additional_information: row ? catalog.additionalInformation(row, { locale }) : [] };
      });
    }),
  );

  r.get("/descendant-categories", (c) => {
    const q = parseQuery(c, descendantCategoriesQuerySchema);
    const locale = localeOf(c);
    publicCache(c);
    const list = catalog
      .allCategories()
      .filter(
        (cat) =>
          (q.parent_id === undefined ? cat.parent_id === null : cat.parent_id === q.parent_id) &&
          cat.status === 1,
      )
      .sort((a, b) => a.position - b.position)
      .map((cat) => categoryView(cat, locale));
    return c.json({ data: list });
  });

  r.get("/categories", (c) => {
    publicCache(c);
    const locale = localeOf(c);
    return c.json({ data: catalog.allCategories().map((cat) => categoryView(cat, locale)) });
  });

  r.get("/categories/:id", (c) => {
    const cat = catalog.category(idParam(c));
    if (!cat) throw notFound();
    publicCache(c);
    return c.json({ data: categoryView(cat, localeOf(c)) });
  });

  // Facet counts per category (Catalog.facetCounts: kept in memory and moved by each edited product), the
  // reply built once per catalogue version (Catalog.memo).
  r.get("/getattributes", async (c) => {
    const slug = c.req.query("cat_slug") ?? "";
    if (slug.length > 200) throw notFound();
    const cat = slug ? catalog.categoryBySlug(slug) : undefined;
    if (slug && !cat) throw notFound();
    publicCache(c);
    const key = cat ? String(cat.id) : "all";
    const locale = localeOf(c);
    // The counts once for every language, the reply once per language.
    const counts = () => catalog.memo(`facets:${key}`, () => catalog.facetCounts(cat));
    const reply = await catalog.memo(`getattributes:${key}:${locale}`, async () => {
      const { colorCounts, sizeCounts, tags, price } = await counts();
      return {
        data: [
          {
            id: 23,
            code: "color",
            name: attributeName("Color", locale),
            type: "select",
            swatch_type: "color",
            options: COLORS.map((o) => ({
              id: o.id,
              label: colorLabel(o.name, locale, o.label),
              admin_name: o.name,
              swatch_value: o.hex,
              count: colorCounts.get(o.id) ?? 0,
            })),
          },
          {
            id: 24,
            code: "size",
            name: attributeName("Size", locale),
            type: "select",
            swatch_type: null,
            options: SIZES.map((o) => ({
              id: o.id,
              label: o.label,
              admin_name: o.name,
              swatch_value: null,
              count: sizeCounts.get(o.id) ?? 0,
            })),
          },
          {
            id: 25,
            code: "tag",
            name: attributeName("Tag", locale),
            type: "multiselect",
            swatch_type: null,
            options: ["Kids", "Men", "Women"].map((t, i) => ({
              id: 30 + i,
              label: tagLabel(t, locale),
              admin_name: t,
              swatch_value: null,
              count: tags.find((x) => x.tag === t)?.n ?? 0,
            })),
          },
        ],
        price_range: { min: price?.min ?? 0, max: price?.max ?? 0 },
      };
    });
    return c.json(reply);
  });

  r.get("/reviews", async (c) => {
    const q = parseQuery(c, reviewListQuerySchema);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const { total, rows } = await approvedReviews(store, q.product_id, page, limit);
    publicCache(c);
    return c.json(
      paginate(linkUrl(c), rows.map(reviewView), total, { page, limit, limitRaw: c.req.query("limit") }),
    );
  });

  r.get("/reviews/:id", async (c) => {
    const row = await approvedReview(store, idParam(c));
    if (!row) throw notFound();
    return c.json({ data: reviewView(row) });
  });

  r.post("/reviews/:id/create", async (c) => {
    // Reviews are open to guests: bounded per address (security review M1) and guests' per product. No cap
    // for the whole shop: a flood would close reviews for everyone (review N12). Every review waits for
    // moderation (pending) anyway.
    await enforce(c, d.limiters.reviews, clientIp(c));
    const productId = idParam(c);
    const customer = optionalCustomer(c.get("auth"));
    if (!customer) await enforce(c, d.limiters.reviewsPerProduct, String(productId));
    const body = await parseBody(c, reviewCreateSchema);
    if (!(await catalog.productRows([productId])).length) throw notFound();
    const name = customer ? `${customer.first_name} ${customer.last_name}`.trim() : body.name;
    if (!name)
      throw new HttpError(422, {
        message: "The given data was invalid.",
        errors: { name: ["The name field is required."] },
      });
    const now = nowIso();
    const row = await insertReview(store, {
      product_id: productId,
      customer_id: customer?.id ?? null,
      name,
      title: body.title,
      comment: body.comment,
      rating: body.rating,
      status: "pending",
      created_at: now,
      updated_at: now,
    });
    return c.json({ message: "Your review submitted successfully.", data: reviewView(row) });
  });

  return r;
}

function categoryView(c: CategoryRow, locale: Locale) {
  const { name, description } = categoryTexts(c, locale);
  return {
    id: c.id,
    code: c.slug,
    name,
    slug: c.slug,
    parent_id: c.parent_id,
    position: c.position,
    display_mode: "products_and_description",
    description,
    meta_title: name,
    meta_description: "",
    meta_keywords: "",
    status: c.status,
    include_in_menu: c.slug !== "homepage",
    image_url: c.image,
    category_icon_path: null,
    additional: null,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

function reviewView(r: {
  id: number;
  product_id: number;
  title: string;
  rating: number;
  comment: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string;
}) {
  return {
    id: r.id,
    product_id: r.product_id,
    title: r.title,
    rating: r.rating.toFixed(1),
    comment: r.comment,
    name: r.name,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
