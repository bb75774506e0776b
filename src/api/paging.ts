import type { PaginationMeta } from "./contract/common";

/** Where a page of a list sits. */
export interface PageInfo {
  /** this page, from 1 */
  page: number;
  lastPage: number;
  /** how many items the whole list holds */
  total: number;
}

/**
 * Where a page sits, read from Bagisto's pagination envelope (`meta`). A reply without one is taken as the
 * whole list: the page asked for is the last, and the items it brought are all there are.
 */
export function pageOf(meta: PaginationMeta | undefined, page: number, count: number): PageInfo {
  return {
    page: meta?.current_page ?? page,
    lastPage: meta?.last_page ?? page,
    total: meta?.total ?? count,
  };
}
