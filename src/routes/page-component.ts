import type { ComponentType } from "react";
import { withCatalogue } from "@/i18n/i18n";
import { lazyPage } from "@/render/lazy-page";

/**
 * A page's lazy component with the `pages` message catalogue (decision 059): the page renders once both are
 * loaded, never with a message id. The home page, drawn from the first screen's catalogue, uses `lazyPage`.
 */
export function pageComponent<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  return lazyPage<M, K>(withCatalogue(importer), exportName);
}
