/** One entry of a page list: a page number, or a gap ("…") between page numbers. */
export type PageItem = { type: "page"; page: number } | { type: "gap"; key: "start" | "end" };

/**
 * The page numbers shown around the current page (MUI's usePagination with one boundary and one sibling page):
 * the first and the last page, the current one and its neighbours, and a gap where pages are left out. The list
 * always has the same length once there are 7 or more pages, so the buttons do not jump while paging.
 */
export function pageItems(page: number, count: number): PageItem[] {
  const range = (start: number, end: number) =>
    Array.from({ length: Math.max(0, end - start + 1) }, (_, i): PageItem => ({
      type: "page",
      page: start + i,
    }));
  if (count <= 7) return range(1, count);
  const start = Math.max(Math.min(page - 1, count - 4), 3);
  const end = Math.min(Math.max(page + 1, 5), count - 2);
  return [
    ...range(1, 1),
    ...(start > 3 ? [{ type: "gap", key: "start" } as const] : range(2, 2)),
    ...range(start, end),
    ...(end < count - 2 ? [{ type: "gap", key: "end" } as const] : range(count - 1, count - 1)),
    ...range(count, count),
  ];
}
