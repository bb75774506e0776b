import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "./client";

const navCategorySchema = z.looseObject({
  id: z.coerce.number(),
  name: z.string(),
  slug: z.string(),
});
export type NavCategory = z.infer<typeof navCategorySchema>;

const navCategoriesReplySchema = z.object({ data: z.array(navCategorySchema) });

/** The child categories of a category (the bicycle types are the children of the root, id 1). */
export async function listDescendantCategories(parentId: number, signal?: AbortSignal): Promise<NavCategory[]> {
  const reply = await apiFetch("descendant-categories", {
    query: { parent_id: parentId },
    schema: navCategoriesReplySchema,
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

/** The root of the catalogue: its children are the bicycle types. */
export const ROOT_CATEGORY_ID = 1;
