import type { ReactNode } from "react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";

/**
 * The MUI parts of one server render (a page's MUI body, decision 035) and their styles: `wrap` collects the rules
 * emotion inserts while rendering, `sheet` returns them as the one <style> the browser's emotion cache adopts at
 * start-up (`data-emotion="css <ids>"`: those rules are not inserted again). "<" is escaped, so no value can close
 * the element.
 */
export function serverStyles(): { wrap: (app: ReactNode) => ReactNode; sheet: () => string } {
  // Compat mode: emotion keeps each rule in `inserted` instead of writing a <style> before each element, so the
  // page's CSS goes into the head as one sheet (one style pass while the page is parsed).
  const cache = createCache({ key: "css" });
  cache.compat = true;
  return {
    wrap: (app) => <CacheProvider value={cache}>{app}</CacheProvider>,
    sheet: () => {
      const rules = Object.entries(cache.inserted).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      );
      if (rules.length === 0) return "";
      const ids = rules.map(([id]) => id).join(" ");
      const css = rules
        .map(([, rule]) => rule)
        .join("")
        .replace(/</g, "\\3c ");
      // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not a text
      return `<style data-emotion="css ${ids}">${css}</style>`;
    },
  };
}
