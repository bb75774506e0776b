import type { Selectable } from "kysely";
import type { CategoryTable } from "../../db/schema";
import type { Store } from "../../db/store";

/** A category as read from its table. */
export type CategoryRow = Selectable<CategoryTable>;

/**
 * The categories, held in memory (read again when the catalogue's list version moves, see `Catalog.refresh`),
 * and which of them are some product's primary category (a filter on those reads `products.category_id`).
 */
export class CatalogCategories {
  private byId = new Map<number, CategoryRow>();
  private primary = new Set<number>();

  constructor(private readonly store: Store) {}

  async reload(): Promise<void> {
    this.primary = new Set(
      (
        await this.store.all(
          this.store.qb
            .selectFrom("products")
            .select("category_id")
            .distinct()
            .where("category_id", "is not", null),
        )
      ).map((r) => r.category_id as number),
    );
    this.byId = new Map(
      (await this.store.all(this.store.qb.selectFrom("categories").selectAll().orderBy("position"))).map(
        (c) => [c.id, c],
      ),
    );
  }

  all(): CategoryRow[] {
    return [...this.byId.values()];
  }

  bySlug(slug: string): CategoryRow | undefined {
    for (const c of this.byId.values()) if (c.slug === slug) return c;
    return undefined;
  }

  get(id: number): CategoryRow | undefined {
    return this.byId.get(id);
  }

  isPrimary(id: number): boolean {
    return this.primary.has(id);
  }
}
