import type { Store } from "../../db/store";
import type { CategoryRow } from "./categories";
import type { CatalogGenerations } from "./generations";

/** How many of the most recently asked memos (facet counts) a catalogue change refills in the background. */
const MEMOS_REFILLED = 50;

/**
 * Values computed from the catalogue (the filter panel's facet counts), kept until it changes, and the
 * counts themselves (`counts`).
 */
export class CatalogFacets {
  /** Values computed from the catalogue (facet counts), kept until it changes. */
  private memos = new Map<string, unknown>();
  /** How each recently asked memo is built, most recent last: refilled in the background after a change. */
  private memoBuilders = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
  ) {}

  /** The catalogue changed: every memo goes, and the most recently asked are built again. */
  clear(): void {
    this.memos.clear();
    this.refill();
  }

  /**
   * A value computed from the catalogue (facet counts), built once per catalogue version: any catalogue
   * change, made here or anywhere (see `refresh`), drops it.
   */
  async memo<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    this.memoBuilders.delete(key);
    this.memoBuilders.set(key, build);
    if (this.memoBuilders.size > MEMOS_REFILLED)
      this.memoBuilders.delete(this.memoBuilders.keys().next().value!);
    const version = this.gen.version;
    return await this.gen.singleFlight(`memo\n${key}`, async () => {
      const value = await build();
      if (version === this.gen.version) {
        if (this.memos.size >= 1000) this.memos.clear();
        this.memos.set(key, value);
      }
      return value;
    });
  }

  /**
   * After a catalogue change, the most recently asked memos (facet counts) are built again at once, in the
   * background, so the requests that follow find them built or being built (`singleFlight`) instead of
   * waiting for their own scan.
   */
  private refill(): void {
    if (!this.memoBuilders.size) return;
    const builders = [...this.memoBuilders];
    setImmediate(() => {
      for (const [key, build] of builders) void this.memo(key, build).catch(() => {});
    });
  }

  /**
   * A category's facet counts (the whole catalogue's for the root, a top-level category or none): products
   * per colour and per size option, products per tag, and the selling price range.
   */
  async counts(cat: CategoryRow | undefined) {
    const store = this.store;
    const inCat = (qb: ReturnType<typeof store.qb.selectFrom<"product_variants">>) =>
      cat && cat.parent_id !== null
        ? qb.where(
            "product_id",
            "in",
            store.qb.selectFrom("product_categories").select("product_id").where("category_id", "=", cat.id),
          )
        : qb;
    const colorCounts = new Map(
      (
        await store.all(
          inCat(store.qb.selectFrom("product_variants"))
            .select(["color_option_id as id", (eb) => eb.fn.count<number>("product_id").distinct().as("n")])
            .groupBy("color_option_id"),
        )
      ).map((x) => [x.id, x.n]),
    );
    const sizeCounts = new Map(
      (
        await store.all(
          inCat(store.qb.selectFrom("product_variants"))
            .select(["size_option_id as id", (eb) => eb.fn.count<number>("product_id").distinct().as("n")])
            .groupBy("size_option_id"),
        )
      ).map((x) => [x.id, x.n]),
    );
    let tagQ = store.qb
      .selectFrom("product_tags")
      .select(["tag", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("tag");
    let priceQ = store.qb
      .selectFrom("products")
      .select((eb) => [
        eb.fn.min<number>("final_price").as("min"),
        eb.fn.max<number>("final_price").as("max"),
      ]);
    if (cat && cat.parent_id !== null) {
      const sub = store.qb
        .selectFrom("product_categories")
        .select("product_id")
        .where("category_id", "=", cat.id);
      tagQ = tagQ.where("product_id", "in", sub);
      priceQ = priceQ.where("id", "in", sub);
    }
    const tags = await store.all(tagQ);
    const price = await store.first(priceQ);
    return { colorCounts, sizeCounts, tags, price };
  }
}
