import type { Product } from "@/api/product";

/** Whether a value from the query cache is a product of the catalogue (as lists and details hold them). */
function isProduct(value: unknown): value is Product {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Partial<Product>;
  return (
    typeof p.id === "number" &&
    typeof p.name === "string" &&
    typeof p.urlKey === "string" &&
    Array.isArray(p.images)
  );
}

/**
 * Every product held in cached replies (lists, details, related products…), once each: what the device can
 * show without a connection. Walks the replies' envelopes (`data`, arrays) a few levels deep.
 */
export function collectProducts(replies: unknown[]): Product[] {
  const found = new Map<number, Product>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || typeof value !== "object" || value === null) return;
    if (isProduct(value)) {
      if (!found.has(value.id)) found.set(value.id, value);
      return;
    }
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if ("data" in value) visit((value as { data: unknown }).data, depth + 1);
  };
  for (const reply of replies) visit(reply, 0);
  return [...found.values()];
}

/** The words a product is found by: its name, categories, tags and short description (markup removed). */
export function searchDocument(p: Product): { id: number; name: string; text: string } {
  const categories = (p.categories ?? []).map((c) => c.name).join(" ");
  const tags = (p.tags ?? []).join(" ");
  const description = (p.shortDescription ?? "").replace(/<[^>]*>/g, " ");
  return { id: p.id, name: p.name, text: `${categories} ${tags} ${description}` };
}
