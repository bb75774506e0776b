import { queryOptions } from "@tanstack/react-query";
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

/** The path and query of the category read (shared with the offline packs, which store its reply). */
export const categoryRequests = {
  descendants: (parentId: number) => ({ path: "descendant-categories", query: { parent_id: parentId } }),
};

/** The child categories of a category (the bicycle types are the children of the root, id 1). */
export async function listDescendantCategories(parentId: number, signal?: AbortSignal): Promise<Category[]> {
  const r = categoryRequests.descendants(parentId);
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

export const categoryKeys = {
  all: ["categories"] as const,
  descendants: (parentId: number) => [...categoryKeys.all, "descendants", parentId] as const,
  children: (slug: string) => [...categoryKeys.all, "children", slug] as const,
};

export const categoryQueries = {
  descendants: (parentId: number) =>
    queryOptions({
      queryKey: categoryKeys.descendants(parentId),
      queryFn: ({ signal }) => listDescendantCategories(parentId, signal),
      staleTime: 10 * 60 * 1000,
    }),
  /**
   * The child categories of a bicycle type, by its slug (GET descendant-categories?parent_id={id}, the id read
   * from the bicycle types): one query from the start, so a server render waits for both requests. Empty for a
   * slug that is no bicycle type.
   */
  children: (slug: string) =>
    queryOptions({
      queryKey: categoryKeys.children(slug),
      queryFn: async ({ client, signal }) => {
        const types = await client.ensureQueryData(categoryQueries.descendants(ROOT_CATEGORY_ID));
        const parent = types.find((c) => c.slug === slug);
        return parent ? bicycleTypes(await listDescendantCategories(parent.id, signal)) : [];
      },
      staleTime: 10 * 60 * 1000,
    }),
  /** The bicycle types of the header dropdown, the mobile menu, the footer and the catalogue sidebar. */
  bicycleTypes: () =>
    queryOptions({ ...categoryQueries.descendants(ROOT_CATEGORY_ID), select: bicycleTypes }),
};
