/*
 * What a product list asks for, in the storefront's words and in the wire's (GET products' query), and the
 * filter attributes it reads its colour and size ids from (GET getattributes). Re-exported by ./catalog.
 */
import type { AttributesReply } from "./contract/content";
import type { ProductListQuery } from "./contract/product";
import type { Category } from "./contract/category";

/** GET products' query as the wire spells it (api/contract/product.ts): what productListQuery builds. */
export type ProductListQueryWire = Pick<
  ProductListQuery,
  | "category_id"
  | "cat_slug"
  | "page"
  | "limit"
  | "sort"
  | "order"
  | "search"
  | "new"
  | "featured"
  | "bestseller"
  | "sale"
  | "color"
  | "size"
  | "tag"
  | "price"
>;

/**
 * What a product list asks for, in the storefront's words; every field is optional. productListQuery turns it
 * into GET products' query (`categoryId` → `category_id`, `categorySlug` → `cat_slug`, sort `newest` →
 * `created_at`) keeping the keys' order, so a list's address (where offline packs store it) is the same.
 */
export interface ProductListParams {
  /** a category's id, or ids as a comma list */
  categoryId?: string;
  categorySlug?: string;
  page?: number;
  limit?: number;
  /** `newest` (the newest first with `order: "desc"`), or a sort the API knows (`price`, `name`, …) */
  sort?: string;
  order?: "asc" | "desc";
  search?: string;
  new?: ProductListQuery["new"];
  featured?: ProductListQuery["featured"];
  bestseller?: ProductListQuery["bestseller"];
  sale?: ProductListQuery["sale"];
  /** colour names or option ids, comma list */
  color?: string;
  /** size names or option ids, comma list */
  size?: string;
  /** tag names, comma list */
  tag?: string;
  /** "min,max" */
  price?: string;
}

/** The storefront's list keys that the wire spells otherwise. */
const WIRE_LIST_KEYS: Partial<Record<keyof ProductListParams, keyof ProductListQueryWire>> = {
  categoryId: "category_id",
  categorySlug: "cat_slug",
};
/** The storefront's sort names that the wire spells otherwise. */
const WIRE_SORTS: Record<string, string> = { newest: "created_at" };

/** Drops empty values so equal filters give equal query keys. */
export function compact<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as T;
}

/**
 * What the shop knows of Bagisto's ids: the category tree (slug → `category_id`) and the filter attributes
 * (a colour's or size's name → its option id). Either may be missing (not loaded, or a back end without
 * `getattributes`); a name that cannot be mapped is sent as it is (the reference server reads names too).
 */
export interface CatalogIds {
  categories?: readonly Pick<Category, "id" | "slug">[];
  attributes?: readonly Pick<FilterGroup, "code" | "options">[];
}

/** One choice of a list filter (a colour, a size, a tag). */
export interface FilterOption {
  id: number;
  /** what the shopper reads, in the shop's language */
  label: string;
  /** the name the address bar and the product's colours use (Bagisto's admin name, else the label) */
  name: string;
  /** a colour's swatch (a CSS colour), or null */
  swatch: string | null;
  /** how many products of the category have it, when the server tells */
  count?: number;
}

/** A filterable attribute of a category (`color`, `size`, `tag`) with its choices. */
export interface FilterGroup {
  code: string;
  name: string;
  options: FilterOption[];
}

/** A category's list filters: its attributes and the range of its prices (GET getattributes). */
export interface CatalogFilterSet {
  groups: FilterGroup[];
  priceRange?: { min: number; max: number };
}

export function reshapeFilters(reply: AttributesReply): CatalogFilterSet {
  return {
    groups: reply.data.map((a) => ({
      code: a.code,
      name: a.name,
      options: a.options.map((o) => ({
        id: o.id,
        label: o.label,
        name: o.admin_name || o.label,
        swatch: o.swatch_value,
        ...(o.count === undefined ? {} : { count: o.count }),
      })),
    })),
    ...(reply.price_range ? { priceRange: { min: reply.price_range.min, max: reply.price_range.max } } : {}),
  };
}

/** A colour's or size's option id by its name (admin name or label, any case); a number passes as it is. */
function optionIds(value: string | undefined, code: string, ids: CatalogIds): string | undefined {
  if (value === undefined) return undefined;
  const options = ids.attributes?.find((a) => a.code === code)?.options ?? [];
  return value
    .split(",")
    .map((name) => {
      const n = name.trim().toLowerCase();
      if (/^\d+$/.test(n)) return n;
      const option = options.find((o) => o.name.toLowerCase() === n || o.label.toLowerCase() === n);
      return option ? String(option.id) : name.trim();
    })
    .join(",");
}

/**
 * The query of GET products as Bagisto takes it: the storefront's keys in the wire's spelling (in their order),
 * a category slug becomes `category_id` once the tree is known, colour and size names become option ids once
 * the filter attributes are (bagisto-compat.md §8).
 */
export function productListQuery(params: ProductListParams, ids: CatalogIds = {}): ProductListQueryWire {
  const wire = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      WIRE_LIST_KEYS[key as keyof ProductListParams] ?? key,
      value,
    ]),
  ) as ProductListQueryWire;
  const { cat_slug: slug, ...rest } = wire;
  const category = slug === undefined ? undefined : ids.categories?.find((c) => c.slug === slug);
  return compact({
    ...rest,
    ...(category ? { category_id: String(category.id) } : { cat_slug: slug }),
    sort: rest.sort === undefined ? undefined : (WIRE_SORTS[rest.sort] ?? rest.sort),
    color: optionIds(params.color, "color", ids),
    size: optionIds(params.size, "size", ids),
  });
}
