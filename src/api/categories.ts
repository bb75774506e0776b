import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./client";
import { categoryListReplySchema, type Category } from "./contract/category";

export { ROOT_CATEGORY_ID } from "./contract/category";

/** The child categories of a category (the bicycle types are the children of the root, id 1). */
export async function listDescendantCategories(parentId: number, signal?: AbortSignal): Promise<Category[]> {
  const reply = await apiFetch("descendant-categories", {
    query: { parent_id: parentId },
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
