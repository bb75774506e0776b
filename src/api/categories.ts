import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./client";
import { categoryListReplySchema, type Category } from "./contract/category";

export { ROOT_CATEGORY_ID } from "./contract/category";

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
  return reply.data;
}

export const categoryKeys = {
  all: ["categories"] as const,
  descendants: (parentId: number) => [...categoryKeys.all, "descendants", parentId] as const,
};

export const categoryQueries = {
  descendants: (parentId: number) =>
    queryOptions({
      queryKey: categoryKeys.descendants(parentId),
      queryFn: ({ signal }) => listDescendantCategories(parentId, signal),
      staleTime: 10 * 60 * 1000,
    }),
};
