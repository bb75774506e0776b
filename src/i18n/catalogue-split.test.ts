/*
 * The split of the message catalogues (decision 059): the `pages` catalogue holds the messages of the files
 * scripts/catalogues.mjs names, and loads only with the code of a page or popup (`withCatalogue`, which a
 * route's `pageComponent`, `themedRoute` and `lazyThemed` use). A first-screen file that reached one of those
 * files otherwise would draw its messages before they are loaded: message ids on screen. The check reads the
 * source's imports, as the extractor reads its files.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globSync } from "glob";
import { describe, expect, it } from "vitest";
import { PAGE_FILES } from "../../scripts/catalogues.mjs";

const sources = globSync("src/**/*.{ts,tsx}", { ignore: ["**/*.test.*", "**/*.d.ts"] }).sort();
// The extractor's own glob, with the same patterns: the files whose messages are in `pages`.
const pageFiles = new Set(globSync([...PAGE_FILES], { ignore: ["**/*.test.*"] }));
const text = new Map(sources.map((file) => [file, readFileSync(file, "utf8")]));

/** The source file an import specifier of `from` names, if it is one of the app's. */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? join("src", specifier.slice(2))
    : specifier.startsWith(".")
      ? join(dirname(from), specifier)
      : null;
  if (base === null) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
    text.has(f),
  );
}

interface Edge {
  from: string;
  to: string;
  /** the statement a dynamic import is part of (undefined for a static import) */
  dynamicIn?: string;
}

function imports(file: string): Edge[] {
  const code = text.get(file) ?? "";
  const edges: Edge[] = [];
  // Static imports and re-exports that bring code (not `import type`).
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gm)) {
    const to = m[1] && resolve(file, m[1]);
    if (to) edges.push({ from: file, to });
  }
  for (const m of code.matchAll(/import\("([^"]+)"\)/g)) {
    const to = m[1] && resolve(file, m[1]);
    if (!to) continue;
    const start = code.lastIndexOf(";", m.index) + 1;
    edges.push({ from: file, to, dynamicIn: code.slice(start, code.indexOf(";", m.index)) });
  }
  return edges;
}

const edges = sources.flatMap(imports);

/** A .po file's translations by message (single-line entries, as lingui writes short ones). */
function readPoIds(file: string): Map<string, string> {
  const entries = readFileSync(file, "utf8").matchAll(/^msgid (".*")\nmsgstr (".*")$/gm);
  return new Map(
    [...entries].map((m) => [JSON.parse(m[1] ?? '""') as string, JSON.parse(m[2] ?? '""') as string]),
  );
}
const WRAPPER = /\b(withCatalogue|pageComponent|themedRoute|lazyThemed)\(/;

/** Whether a dynamic import loads the `pages` catalogue with the code: it is in a wrapper's call, or it is a
 * `load…` helper (`export const loadX = () => import(…)`) that every lazy use wraps. */
function loadsPages(edge: Edge): boolean {
  const statement = edge.dynamicIn ?? "";
  if (WRAPPER.test(statement)) return true;
  const helper = /export const (\w+) = \(\) =>\s*import\(/.exec(statement)?.[1];
  if (!helper) return false;
  const uses = [...text.values()].flatMap((code) => [
    ...code.matchAll(new RegExp(`[^\\n]*\\b${helper}\\(\\)[^\\n]*`, "g")),
  ]);
  // A preload (`void loadX()`, `loadX().catch(…)`) only warms the code; a render goes through a wrapper.
  const renders = uses.filter((u) => !/\bvoid\b|\.catch\(|^\s*(export )?const \w+ = \(\) =>/.test(u[0]));
  return renders.length > 0 && renders.every((u) => WRAPPER.test(u[0]));
}

describe("the catalogues' split", () => {
  it("names files that exist, and the home page is not one of them", () => {
    for (const pattern of PAGE_FILES) expect(globSync(pattern), `${pattern} names no file`).not.toEqual([]);
    expect(pageFiles.has("src/routes/home-page.tsx")).toBe(false);
    expect(pageFiles.has("src/routes/login-register-page.tsx")).toBe(true);
  });

  it("draws no message of the `pages` catalogue on the first screen", () => {
    // What the browser's entry loads without one of the page loaders: its static imports, and the dynamic
    // imports that do not load `pages` with them, followed from file to file.
    const reached = new Map<string, string>([["src/main.tsx", "src/main.tsx"]]);
    for (const [file, path] of reached)
      for (const e of edges)
        if (e.from === file && !reached.has(e.to) && (e.dynamicIn === undefined || !loadsPages(e)))
          reached.set(e.to, `${path} -> ${e.to}`);
    const withMessages = (file: string) => /from "@lingui\/(core|react)\/macro"/.test(text.get(file) ?? "");
    const wrong = [...reached]
      .filter(([file]) => pageFiles.has(file) && withMessages(file))
      .map(([, p]) => p);
    expect(wrong).toEqual([]);
    // The check sees the first screen: the header, a product card, the home page.
    for (const file of [
      "src/features/shell/components/header.tsx",
      "src/routes/-components/catalog-product-card.tsx",
      "src/routes/home-page.tsx",
    ])
      expect(reached.has(file), file).toBe(true);
    expect(reached.has("src/features/checkout/components/checkout-view.tsx")).toBe(false);
  });

  it("has every message of the header, footer and home page in the first screen's catalogue, in every language", () => {
    for (const locale of ["en", "fr", "de"]) {
      const first = readPoIds(`src/i18n/locales/${locale}/first.po`);
      const pages = readPoIds(`src/i18n/locales/${locale}/pages.po`);
      // SPEC's texts of the first screen: the header's search, the footer's newsletter, a card's action.
      for (const id of ["Search", "Subscribe", "Add To Cart"])
        expect(first.get(id), `${locale}: ${id}`).toBeTruthy();
      // A page's own text is not loaded on the first screen.
      expect(first.has("Proceed to Checkout")).toBe(false);
      expect(pages.get("Proceed to Checkout"), locale).toBeTruthy();
    }
  });
});
