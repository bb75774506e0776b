import { sql } from "kysely";
import type { ProductListQuery } from "../../../src/api/contract/product";
import type { Store } from "../../db/store";
import { INT4_MAX } from "../../lib/http";
import { COLORS, ROOT_CATEGORY, SIZES } from "../../reference/attributes";
import type { CatalogCategories } from "./categories";
import type { CompiledSql } from "./statements";

/** How many sales make a bestseller (`bestseller=1`). */
export const BESTSELLER_MIN_SALES = 60;

const colorByName = new Map<string, (typeof COLORS)[number]>(COLORS.map((c) => [c.name, c]));

export interface SearchPlan {
  count: CompiledSql;
  countKey: string;
  /** every matching id in the list's order, at most `max` */
  all: (max: number) => CompiledSql;
  /** the filter set and sort (the SQL of `all` without its limit) */
  allKey: string;
  page: (offset: number, limit: number) => CompiledSql;
  /**
   * SQLite, a text search with no other filter: the page read by walking the sort's index and testing each id
   * against the FTS5 matches, which beats looking every match up once a term matches more than a few hundred
   * products (lists.ts picks by the count)
   */
  walk?: (offset: number, limit: number) => CompiledSql;
  /** it reads sale counts (bestseller filter or sort), which every order changes */
  sales: boolean;
  /** a search by name (`search` or `name`) */
  text: boolean;
}

/**
 * The compiled SQL of a filter set (the query's filters and sort, not its page): its count, every matching
 * id in the list's order, one page. Unknown filter values are ignored, as Bagisto does.
 */
export async function searchPlan(
  store: Store,
  categories: CatalogCategories,
  q: ProductListQuery,
): Promise<SearchPlan> {
  const db = store.qb;
  const on = (v: string | undefined) => v === "1" || v === "true";
  const text = q.search ?? q.name;
  const { column, direction } = sortOf(q);
  // A search on PostgreSQL reads the narrow copy of the list's columns (migration 0018), which has every
  // column the filters and sorts below name as `p.…` but sale counts and url keys.
  const narrow =
    store.dialect === "postgres" && !!text && !q.url_key && !on(q.bestseller) && column !== "p.sale_count";
  let query = db.selectFrom((narrow ? "product_search as p" : "products as p") as "products as p");
  const list = (v: string | undefined) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const catIds = new Set<number>();
  // A number beyond the ids the database stores (int4, which PostgreSQL would refuse to compare) names no
  // category, as an unknown slug does.
  for (const s of list(q.category_id))
    if (/^\d+$/.test(s)) catIds.add(s.length <= 10 && Number(s) <= INT4_MAX ? Number(s) : -1);
  if (q.cat_slug) {
    const c = categories.bySlug(q.cat_slug);
    catIds.add(c ? c.id : -1);
  }
  // Any filter but the text: the count can no longer be read from the text's index alone.
  let filtered = false;
  if (catIds.size && !catIds.has(ROOT_CATEGORY.id)) {
    filtered = true;
    const ids = [...catIds];
    if (ids.every((id) => categories.isPrimary(id))) query = query.where("p.category_id", "in", ids);
    else
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("product_categories as pc")
            .select("pc.product_id")
            .whereRef("pc.product_id", "=", "p.id")
            .where("pc.category_id", "in", ids),
        ),
      );
  }
  const tags = list(q.tag)
    .map((t) => t.charAt(0).toUpperCase() + t.slice(1).toLowerCase())
    .filter((t) => ["Kids", "Men", "Women"].includes(t));
  if (tags.length) filtered = true;
  if (tags.length)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_tags as t")
          .select("t.product_id")
          .whereRef("t.product_id", "=", "p.id")
          .where("t.tag", "in", tags),
      ),
    );
  const colorIds = list(q.color)
    .map((v) => (/^\d+$/.test(v) ? Number(v) : colorByName.get(v.toLowerCase())?.id))
    .filter((v): v is number => v !== undefined && COLORS.some((c) => c.id === v));
  const sizeIds = list(q.size)
    .map((v) => (/^\d+$/.test(v) ? Number(v) : SIZES.find((s) => s.name === v.toLowerCase())?.id))
    .filter((v): v is number => v !== undefined && SIZES.some((s) => s.id === v));
  if (colorIds.length || sizeIds.length) {
    filtered = true;
    query = query.where((eb) => {
      let sub = eb
        .selectFrom("product_variants as v")
        .select("v.product_id")
        .whereRef("v.product_id", "=", "p.id");
      if (colorIds.length) sub = sub.where("v.color_option_id", "in", colorIds);
      if (sizeIds.length) sub = sub.where("v.size_option_id", "in", sizeIds);
      return eb.exists(sub);
    });
  }
  if (on(q.new) || on(q.featured) || on(q.sale) || on(q.bestseller) || q.price || q.url_key) filtered = true;
  if (on(q.new)) query = query.where("p.is_new", "=", 1);
  if (on(q.featured)) query = query.where("p.featured", "=", 1);
  if (on(q.sale)) query = query.where("p.discount", ">", 0);
  if (on(q.bestseller)) query = query.where("p.sale_count", ">=", BESTSELLER_MIN_SALES);
  // Case-insensitive on both databases: SQLite's `like` is (for ASCII), PostgreSQL's `ilike` is.
  const like = sql.raw(store.likeOperator);
  if (text) query = query.where(nameContains(store, text, narrow));
  if (q.price) {
    const [min, max] = q.price.split(",").map((s) => Number(s));
    if (min !== undefined && Number.isFinite(min)) query = query.where("p.final_price", ">=", min);
    if (max !== undefined && Number.isFinite(max) && max > 0) query = query.where("p.final_price", "<=", max);
  }
  if (q.url_key) {
    const exact = await store.first(db.selectFrom("products").select("id").where("url_key", "=", q.url_key));
    if (exact) query = query.where("p.id", "=", exact.id);
    else
      query = query.where(sql<boolean>`p.url_key ${like} ${"%" + escapeLike(q.url_key) + "%"} escape '\\'`);
  }

  // A text alone on SQLite is counted from the FTS5 index without reading a product row.
  const count =
    text && !filtered && store.dialect === "sqlite" && [...text].length >= 3
      ? store.compile(
          db
            .selectFrom(sql`product_name_search`.as("s"))
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where(sql<boolean>`product_name_search match ${ftsPhrase(text)}`),
        )
      : store.compile(query.select((eb) => eb.fn.countAll<number>().as("n")));
  const sales = column === "p.sale_count" || on(q.bestseller);
  const ordered = query.select("p.id").orderBy(column, direction).orderBy("p.id", direction);
  const all = (max: number) => store.compile(ordered.limit(max));
  const probe = all(1);
  const walk =
    text && !filtered && store.dialect === "sqlite" && [...text].length >= 3
      ? walkIndex(column, (offset: number, limit: number) =>
          store.compile(ordered.limit(limit).offset(offset)),
        )
      : undefined;
  return {
    count,
    countKey: count.sql + JSON.stringify(count.params),
    all,
    allKey: probe.sql + JSON.stringify(probe.params.slice(0, -1)),
    page: (offset, limit) => store.compile(ordered.limit(limit).offset(offset)),
    ...(walk ? { walk } : {}),
    sales,
    text: !!text,
  };
}

/**
 * A search by name and nothing else, in the list's default order (newest first) or its reverse: what the
 * in-memory name index answers (`NameIndex`, decision 058) before any statement is planned. Any filter that
 * `searchPlan` reads, given at all (even one it would ignore), leaves the search to the database.
 */
export function nameOnly(q: ProductListQuery): { text: string; desc: boolean } | undefined {
  const text = q.search ?? q.name;
  if (!text) return undefined;
  const filters = [q.category_id, q.cat_slug, q.tag, q.color, q.size, q.new, q.featured, q.sale];
  if ([...filters, q.bestseller, q.price, q.url_key].some((v) => v !== undefined && v !== ""))
    return undefined;
  const { column, direction } = sortOf(q);
  return column === "p.created_at" ? { text, desc: direction === "desc" } : undefined;
}

/**
 * Bagisto's `name LIKE %text%` (any substring, case-insensitive, `%` and `_` literal), from the trigram
 * indexes of migration 0018. PostgreSQL: on the narrow copy (`narrow`), its lower-case name with LIKE,
 * else `products.name` with ILIKE. SQLite: a text of three or more characters is a phrase query on the
 * FTS5 trigram table, which matches the same substrings. Shorter texts have no trigram and are read from
 * the names on both.
 */
function nameContains(store: Store, text: string, narrow: boolean) {
  if (store.dialect === "sqlite" && [...text].length >= 3)
    return sql<boolean>`p.id in (select rowid from product_name_search
      where product_name_search match ${ftsPhrase(text)})`;
  const pattern = "%" + escapeLike(text) + "%";
  if (narrow) return sql<boolean>`p.search_name like lower(${pattern}) escape '\\'`;
  const like = sql.raw(store.likeOperator);
  return sql<boolean>`p.name ${like} ${pattern} escape '\\'`;
}

/**
 * The page statement told to read `products` through its index on the sort column (migrations 0001, 0007:
 * `products_<column>_idx`, which holds the rowid): SQLite then walks it in the list's order and stops at the
 * page, testing each id against the FTS5 matches (a list it builds once), instead of reading every matching
 * row to sort them. Undefined when the statement is not of the expected shape.
 */
function walkIndex(
  column: SortColumn,
  page: (offset: number, limit: number) => CompiledSql,
): ((offset: number, limit: number) => CompiledSql) | undefined {
  const from = '"products" as "p"';
  if (column === "p.id" || !page(0, 1).sql.includes(from)) return undefined;
  const index = `"products_${column.slice(2)}_idx"`;
  return (offset, limit) => {
    const c = page(offset, limit);
    return { ...c, sql: c.sql.replace(from, `${from} indexed by ${index}`) };
  };
}

/** An FTS5 phrase query of the text as it is (quotes doubled; operators and `*` are plain characters). */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => "\\" + m);
}

type SortColumn =
  "p.final_price" | "p.name" | "p.created_at" | "p.rating" | "p.sale_count" | "p.id" | "p.discount";

const SORT_COLUMNS = new Map<string, SortColumn>([
  ["price", "p.final_price"],
  ["min_price", "p.final_price"],
  ["name", "p.name"],
  ["created_at", "p.created_at"],
  ["newest", "p.created_at"],
  ["rating", "p.rating"],
  ["salecount", "p.sale_count"],
  ["sale_count", "p.sale_count"],
  ["bestseller", "p.sale_count"],
  ["id", "p.id"],
  ["discount", "p.discount"],
]);

function sortOf(q: ProductListQuery): { column: SortColumn; direction: "asc" | "desc" } {
  const s = (q.sort ?? "").toLowerCase();
  if (s === "pricehightolow") return { column: "p.final_price", direction: "desc" };
  if (s === "pricelowtohigh") return { column: "p.final_price", direction: "asc" };
  // A Map, not an object literal: `constructor` or `__proto__` must not find a prototype member (review L1).
  const column =
    SORT_COLUMNS.get(s) ??
    (q.bestseller === "1" || q.bestseller === "true" ? "p.sale_count" : "p.created_at");
  const direction = q.order ?? (column === "p.name" || column === "p.final_price" ? "asc" : "desc");
  return { column, direction };
}
