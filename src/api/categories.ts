import { queryOptions } from "@tanstack/react-query";
import type { LocaleCode as Locale } from "./contract/common";
import { apiFetch } from "./client";
import {
  categoryListReplySchema,
  ROOT_CATEGORY_ID,
  type Category as WireCategory,
} from "./contract/category";

export { ROOT_CATEGORY_ID };

/**
 * A category as the storefront reads it (Bagisto's Resources/Catalog/Category.php reshaped once). A type alias,
 * not an interface, so that it also fits where an `{id, slug}` pick of the wire type is asked for.
 */
export type Category = {
  id: number;
  name: string;
  /** the category's address part (`/catalog/{slug}`) */
  slug: string;
  parentId: number | null;
  position: number;
  /** the category's description (HTML), "" when none */
  description: string;
  /** the category's image URL, null when none */
  image: string | null;
  /** false for the Homepage category, which groups home-page products and is not a bicycle type */
  inMenu: boolean;
  metaTitle: string;
  metaDescription: string;
};

export function reshapeCategory(wire: WireCategory): Category {
  return {
    id: wire.id,
    name: wire.name,
    slug: wire.slug,
    parentId: wire.parent_id ?? null,
    position: wire.position ?? 0,
    description: wire.description ?? "",
    image: wire.image_url ?? null,
    inMenu: wire.include_in_menu !== false,
    metaTitle: wire.meta_title || wire.name,
    metaDescription: wire.meta_description ?? "",
  };
}

/**
 * The path and query of the category read (shared with the offline packs, which store its reply), in the
 * shopper's language (`locale`, decision 051).
 */
export const categoryRequests = {
  descendants: (parentId: number, locale: Locale) => ({
    path: "descendant-categories",
    query: { parent_id: parentId, locale },
  }),
};

/** The child categories of a category (the bicycle types are the children of the root, id 1). */
export async function listDescendantCategories(
  parentId: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Category[]> {
  const r = categoryRequests.descendants(parentId, locale);
  const reply = await apiFetch(r.path, {
    query: r.query,
    schema: categoryListReplySchema,
    auth: "none",
    signal,
  });
  return reply.data.map(reshapeCategory);
}

/** The bicycle types a menu lists: the categories shown in menus (never the Homepage grouping category). */
export function bicycleTypes(categories: readonly Category[]): Category[] {
  return categories.filter((c) => c.inMenu);
}

/** The categories' query keys, the language after the root (as the catalogue's, decision 051). */
export const categoryKeys = {
  all: ["categories"] as const,
  descendants: (parentId: number, locale: Locale) =>
    [...categoryKeys.all, locale, "descendants", parentId] as const,
  children: (slug: string, locale: Locale) => [...categoryKeys.all, locale, "children", slug] as const,
};

export const categoryQueries = {
  descendants: (parentId: number, locale: Locale) =>
    queryOptions({
      queryKey: categoryKeys.descendants(parentId, locale),
      queryFn: ({ signal }) => listDescendantCategories(parentId, locale, signal),
      staleTime: 10 * 60 * 1000,
    }),
  /**
   * The child categories of a bicycle type, by its slug (GET descendant-categories?parent_id={id}, the id read
   * from the bicycle types): one query from the start, so a server render waits for both requests. Empty for a
   * slug that is no bicycle type.
   */
  children: (slug: string, locale: Locale) =>
    queryOptions({
      queryKey: categoryKeys.children(slug, locale),
      queryFn: async ({ client, signal }) => {
        const types = await client.ensureQueryData(categoryQueries.descendants(ROOT_CATEGORY_ID, locale));
        const parent = types.find((c) => c.slug === slug);
        return parent ? bicycleTypes(await listDescendantCategories(parent.id, locale, signal)) : [];
      },
      staleTime: 10 * 60 * 1000,
    }),
  /** The bicycle types of the header dropdown, the mobile menu, the footer and the catalogue sidebar. */
  bicycleTypes: (locale: Locale) =>
    queryOptions({ ...categoryQueries.descendants(ROOT_CATEGORY_ID, locale), select: bicycleTypes }),
};
