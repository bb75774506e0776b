import type { Store } from "../db/store";
import { Catalog } from "../services/catalog/catalog";
import { hashPassword, type ScryptParams } from "../lib/crypto";
import { CATEGORIES, generateCatalog, prng, type ProductSpec } from "./catalog";
import { ROOT_CATEGORY } from "../reference/attributes";
import { STATES } from "../reference/countries";
import { sampleCategoryDescription } from "../reference/catalog-texts";
import {
  BANNERS,
  BLOG_POSTS,
  BRANDS,
  COUNTERS,
  COUPONS,
  DEMO_CUSTOMER,
  PAGES,
  REVIEW_TEXTS,
  REVIEWER_NAMES,
  STAFF_ACCOUNT,
  TEAM,
} from "./content";
import { slugify } from "./catalog";

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function isSeeded(store: Store): Promise<boolean> {
  const row = await store.first(
    store.qb.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")),
  );
  return (row?.n ?? 0) > 0;
}

async function insertProducts(store: Store, products: ProductSpec[]): Promise<void> {
  const now = new Date().toISOString();
  for (const batch of chunks(products, 200)) {
    await store.run(
      store.qb.insertInto("products").values(
        batch.map((p) => ({
          id: p.id,
          sku: p.sku,
          type: p.type,
          body_type: p.bodyType,
          name: p.name,
          url_key: p.urlKey,
          short_description: p.shortDescription,
          description: p.description,
          price: p.price,
          discount: p.discount,
          final_price: p.finalPrice,
          is_new: p.isNew ? 1 : 0,
          featured: p.featured ? 1 : 0,
          rating: p.rating,
          sale_count: p.saleCount,
          stock: p.stock,
          offer_end: p.offerEnd,
          affiliate_link: p.affiliateLink,
          default_color: p.defaultColor,
          category_id: p.categoryIds[0] ?? null,
          tags_json: JSON.stringify(p.tags),
          info_json: JSON.stringify(p.info),
          created_at: p.createdAt,
          updated_at: now,
        })),
      ),
    );
    const cats = batch.flatMap((p) =>
      p.categoryIds.map((category_id, position) => ({ product_id: p.id, category_id, position })),
    );
    await store.run(store.qb.insertInto("product_categories").values(cats));
    const tags = batch.flatMap((p) => p.tags.map((tag) => ({ product_id: p.id, tag })));
    if (tags.length) await store.run(store.qb.insertInto("product_tags").values(tags));
    const variants = batch.flatMap((p) =>
      p.variants.map((v) => ({
        id: v.id,
        product_id: p.id,
        sku: v.sku,
        color: v.color,
        color_option_id: v.colorOptionId,
        size: v.size,
        size_option_id: v.sizeOptionId,
        stock: v.stock,
        position: v.position,
      })),
    );
    for (const vb of chunks(variants, 500))
      await store.run(store.qb.insertInto("product_variants").values(vb));
  }
}

export interface SeedOptions {
  products?: number;
  scrypt: ScryptParams;
  /** false: no demo account (a production database; see SEED_DEMO) */
  demo?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Fills an empty, migrated database with the sample shop. Product and variant ids are stable. */
export async function seed(store: Store, opts: SeedOptions): Promise<void> {
  const count = opts.products ?? 45;
  const now = new Date().toISOString();
  // The demo account (known password) is for the sample shop and tests, never a real shop's database.
  const demoHash = opts.demo === false ? null : await hashPassword(DEMO_CUSTOMER.password, opts.scrypt);
  // The staff account (published password too, decision 43): with the demo account, never without it.
  const staffHash = demoHash ? await hashPassword(STAFF_ACCOUNT.password, opts.scrypt) : null;
  await store.tx(async () => {
    await store.run(
      store.qb.insertInto("categories").values([
        {
          id: ROOT_CATEGORY.id,
          parent_id: null,
          name: ROOT_CATEGORY.name,
          slug: ROOT_CATEGORY.slug,
          position: 0,
          status: 1,
          description: null,
          image: null,
          created_at: now,
          updated_at: now,
        },
        ...CATEGORIES.map((c, i) => ({
          id: c.id,
          parent_id: ROOT_CATEGORY.id,
          name: c.name,
          slug: c.slug,
          position: i + 1,
          status: 1,
          description: sampleCategoryDescription(c.name),
          image: c.type ? `/api/images/products/${c.type}-blue-medium.svg` : null,
          created_at: now,
          updated_at: now,
        })),
      ]),
    );
    await store.run(
      store.qb
        .insertInto("brands")
        .values(BRANDS.map((name, i) => ({ id: i + 1, name, slug: slugify(name), position: i }))),
    );
    await store.run(
      store.qb.insertInto("banners").values(BANNERS.map((b, i) => ({ id: i + 1, ...b, position: i }))),
    );
    await store.run(
      store.qb.insertInto("pages").values(
        PAGES.map((p, i) => ({
          id: i + 1,
          ...p,
          meta_description: p.page_title,
          created_at: now,
          updated_at: now,
        })),
      ),
    );
    await store.run(
      store.qb.insertInto("blog_posts").values(
        BLOG_POSTS.map((p, i) => ({
          id: i + 1,
          slug: p.slug,
          title: p.title,
          excerpt: p.excerpt,
          html_content: p.html_content,
          author: p.author,
          category: p.category,
          tags_json: JSON.stringify(p.tags),
          image: p.image,
          published_at: p.published_at,
        })),
      ),
    );
    await store.run(
      store.qb.insertInto("counters").values(COUNTERS.map((c, i) => ({ id: i + 1, ...c, position: i }))),
    );
    await store.run(
      store.qb
        .insertInto("team_members")
        .values(
          TEAM.map((t, i) => ({ id: i + 1, ...t, image: `/api/images/team/${i + 1}.svg`, position: i })),
        ),
    );
    await store.run(
      store.qb.insertInto("states").values(
        STATES.map(([country_code, code, default_name], i) => ({
          id: i + 1,
          country_code,
          code,
          default_name,
        })),
      ),
    );
    await store.run(store.qb.insertInto("coupons").values(COUPONS.map((c, i) => ({ id: i + 1, ...c }))));
    if (demoHash)
      await store.run(
        store.qb.insertInto("customers").values({
          id: 1,
          email: DEMO_CUSTOMER.email,
          first_name: DEMO_CUSTOMER.first_name,
          last_name: DEMO_CUSTOMER.last_name,
          gender: null,
          date_of_birth: null,
          // the sample shop's own number: verified, so the demo account can log in by one-time code
          phone: DEMO_CUSTOMER.phone,
          unverified_phone: null,
          phone_verified_at: now,
          password_hash: demoHash,
          status: 1,
          created_at: now,
          updated_at: now,
        }),
      );
    if (staffHash)
      await store.run(
        store.qb.insertInto("customers").values({
          id: 2,
          email: STAFF_ACCOUNT.email,
          first_name: STAFF_ACCOUNT.first_name,
          last_name: STAFF_ACCOUNT.last_name,
          gender: null,
          date_of_birth: null,
          phone: null,
          unverified_phone: null,
          phone_verified_at: null,
          password_hash: staffHash,
          status: 1,
          is_staff: 1,
          created_at: now,
          updated_at: now,
        }),
      );
  });
  const step = 5000;
  for (let start = 0; start < count; start += step) {
    const all = generateCatalogSlice(start, Math.min(count, start + step));
    await store.tx(async () => await insertProducts(store, all));
    opts.onProgress?.(Math.min(count, start + step), count);
  }
  await store.tx(async () => {
    const rand = prng(42);
    const reviews = [];
    let id = 1;
    for (let pid = 1; pid <= Math.min(count, 30); pid++) {
      const n = pid % 3 === 0 ? 0 : 1 + Math.floor(rand() * 3);
      for (let k = 0; k < n; k++) {
        const text = REVIEW_TEXTS[Math.floor(rand() * REVIEW_TEXTS.length)]!;
        const created = new Date(Date.UTC(2026, 8, 1 + Math.floor(rand() * 60))).toISOString();
        reviews.push({
          id: id++,
          product_id: pid,
          customer_id: null,
          name: REVIEWER_NAMES[Math.floor(rand() * REVIEWER_NAMES.length)]!,
          title: text.title,
          comment: text.comment,
          rating: 3 + Math.floor(rand() * 3),
          status: "approved",
          created_at: created,
          updated_at: created,
        });
      }
    }
    if (reviews.length) await store.run(store.qb.insertInto("reviews").values(reviews));
  });
  // Rows went in with their ids: generated ids continue after the largest.
  await store.afterBulkLoad();
  // Every product's view is built and stored once (migration 0008), so a fresh shop starts warm.
  const catalog = new Catalog(store);
  await catalog.reloadCategories();
  await catalog.refresh();
  await catalog.storeAllViews();
}

function generateCatalogSlice(from: number, to: number): ProductSpec[] {
  return generateCatalog(to, from);
}
