import type { Locale } from "../../../src/i18n/locale";
import type { ProductTable } from "../../db/schema";
import type { Store } from "../../db/store";
import type { CatalogCategories } from "./categories";
import type { CatalogGenerations } from "./generations";
import { productView, type ProductView, type ReviewStat, type VariantRow } from "./product-view";
import type { ByIds } from "./statements";

/** Products' rows and their views built from the rows (variants, categories, approved reviews' counts). */
export class ProductRows {
  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
    private readonly categories: CatalogCategories,
    private readonly byIds: ByIds,
  ) {}

  async productRows(ids: number[]): Promise<ProductTable[]> {
    if (!ids.length) return [];
    this.gen.noteReads(ids);
    return await this.byIds.all("products", ids, (list) =>
      this.store.qb.selectFrom("products").selectAll().where("id", "in", list),
    );
  }

  async views(
    ids: number[],
    opts: { wishlisted?: Set<number>; locale?: Locale } = {},
  ): Promise<ProductView[]> {
    if (!ids.length) return [];
    this.gen.noteReads(ids);
    const rows = new Map((await this.productRows(ids)).map((r) => [r.id, r]));
    const variants = new Map<number, VariantRow[]>();
    // Only the columns the view reads: each row becomes an object, and on a product's first view (most
    // views of a large catalogue) building them costs more than finding them.
    for (const v of await this.byIds.all("variants", ids, (list) =>
      this.store.qb
        .selectFrom("product_variants")
        .select(["id", "product_id", "color", "size", "size_option_id", "stock"])
        .where("product_id", "in", list)
        .orderBy("product_id")
        .orderBy("position"),
    )) {
      let list = variants.get(v.product_id);
      if (!list) variants.set(v.product_id, (list = []));
      list.push(v);
    }
    const cats = new Map<number, number[]>();
    for (const pc of await this.byIds.all("categories", ids, (list) =>
      this.store.qb
        .selectFrom("product_categories")
        .select(["product_id", "category_id"])
        .where("product_id", "in", list)
        .orderBy("position"),
    )) {
      let list = cats.get(pc.product_id);
      if (!list) cats.set(pc.product_id, (list = []));
      list.push(pc.category_id);
    }
    const reviews = new Map<number, ReviewStat>();
    for (const r of await this.byIds.all("reviews", ids, (list) =>
      this.store.qb
        .selectFrom("reviews")
        .select(["product_id", "rating", (eb) => eb.fn.countAll<number>().as("n")])
        .where("product_id", "in", list)
        .where("status", "=", "approved")
        .groupBy(["product_id", "rating"]),
    )) {
      let s = reviews.get(r.product_id);
      if (!s) reviews.set(r.product_id, (s = { total: 0, sum: 0, counts: {} }));
      s.total += r.n;
      s.sum += r.n * r.rating;
      s.counts[String(r.rating)] = r.n;
    }
    const out: ProductView[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      out.push(
        productView(
          row,
          variants.get(id) ?? [],
          cats.get(id) ?? [],
          (cid) => this.categories.get(cid),
          reviews.get(id),
          opts.wishlisted?.has(id) ?? false,
          opts.locale,
        ),
      );
    }
    return out;
  }
}
