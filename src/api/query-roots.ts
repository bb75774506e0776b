/*
 * Which queries an API reply feeds, by the reply's path under the API root: what a fresher copy of that reply
 * (sw/fresher-copies.ts) can change on screen. Public replies only; personal ones never come from a cache.
 */
import type { QueryKey } from "@tanstack/react-query";
import { accountKeys } from "./account-keys";
import { catalogKeys } from "./catalog";
import { categoryKeys } from "./categories";
import { contentKeys } from "./content";

const ROOTS: readonly (readonly [RegExp, QueryKey])[] = [
  [/^(products|product-|reviews|getattributes)/, catalogKeys.all],
  [/^(descendant-categories|categories)/, categoryKeys.all],
  [/^(getbanner|brands|page\/|blog|about)/, contentKeys.all],
  [/^(statelist|country-states)/, accountKeys.stateLists()],
];

/** The query key under which every query fed by this API path lives, or null for a path not listed here. */
export function queryRootFedBy(path: string): QueryKey | null {
  return ROOTS.find(([test]) => test.test(path))?.[1] ?? null;
}
