/*
 * The route chunks a personal page's frame preloads (issue 16, LCP of personal pages). The browser renders a
 * personal page itself, over its frame: without a hint it learns of the page's chunk only once the entry has
 * run (`router.load()`), and of that chunk's imports only once it has arrived, one round trip after another.
 * With a <link rel="modulepreload"> per chunk in the frame's head they download beside the entry.
 * Only what every shopper's page needs: the route component's chunk and its static imports, and the MUI theme's
 * for a page drawn with MUI (loaded with its route: `themedRoute`), not the chunks the route's loader picks for
 * this device (a filled cart's lines, and the theme they are drawn with), which the server cannot know.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { personalPageOf, type PersonalPage } from "../../src/offline/shared/personal-requests";

/**
 * The module of each personal page's route component: the `import()` in its route's `themedRoute`,
 * `pageComponent` or `lazyPage` (the route files, src/routes/*-routes.tsx), as Vite's manifest names it.
 */
export const PERSONAL_PAGE_MODULES: Record<PersonalPage, string> = {
  "/cart": "src/routes/cart-page.tsx",
  "/wishlist": "src/routes/wishlist-page.tsx",
  "/compare": "src/routes/compare-page.tsx",
  "/checkout": "src/routes/checkout-page.tsx",
  "/ordersuccess/$orderId": "src/routes/order-success-page.tsx",
  "/saved-offline": "src/routes/saved-offline-page.tsx",
  "/storage": "src/routes/storage-page.tsx",
  "/my-account": "src/routes/my-account-page.tsx",
  "/login-register": "src/routes/login-register-page.tsx",
  "/reset-password": "src/routes/reset-password-page.tsx",
  "/newsletter/confirm": "src/routes/newsletter-confirm-page.tsx",
  "/staff": "src/routes/staff-page.tsx",
  "/scan": "src/routes/scan-page.tsx",
  "/product/$urlKey/tag": "src/routes/floor-tag-page.tsx",
};

/** The MUI theme's module, which `themedRoute` (src/components/mui/lazy-themed.ts) loads with every page's route. */
export const THEME_MODULE = "src/components/mui/mui-theme.tsx";

/** The part of Vite's build manifest (`<dist>/.vite/manifest.json`) read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** manifest keys of the chunks it imports statically */
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** `key`'s chunk and every chunk it imports statically, transitively (manifest keys). */
function withImports(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, into);
  return into;
}

/** The chunks the shell loads: the entries' and their static imports (index.html's scripts). */
function shellChunks(manifest: BuildManifest): Set<string> {
  const shell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(manifest, key, shell);
  return shell;
}

/** `module`'s chunk and the chunks it imports that `shell` does not hold, the module's own first (keys). */
function routeChunks(manifest: BuildManifest, module: string, shell: Set<string>): string[] {
  return [...withImports(manifest, module)].filter((key) => !shell.has(key));
}

/**
 * The files of `module`'s chunk and of the chunks it imports that the shell does not load already (the
 * entry's own imports are in index.html), the route's own first; none if the manifest lacks the module.
 */
export function routeChunkFiles(manifest: BuildManifest, module: string): string[] {
  return routeChunks(manifest, module, shellChunks(manifest)).map((key) => manifest[key]!.file);
}

/**
 * The modulepreload links of each personal page's route chunks in a build. A page is drawn with MUI (its route
 * is a `themedRoute`, which loads the theme with it) when its chunks share one with the theme's: MUI's styling
 * engine, which the theme and every MUI component import and the shell never loads (decision 034). Such a page
 * also gets the theme's chunks. The theme's `import()` itself is the shell's (lazy-themed.ts), for every page,
 * so the manifest cannot say which route asks for it; and a chunk the route loads only sometimes (a filled
 * cart's lines) is a dynamic import, not followed here.
 */
export function personalPageHints(manifest: BuildManifest): Map<PersonalPage, string> {
  const shell = shellChunks(manifest);
  const theme = routeChunks(manifest, THEME_MODULE, shell);
  const byPage = new Map<PersonalPage, string>();
  for (const [page, module] of Object.entries(PERSONAL_PAGE_MODULES) as [PersonalPage, string][]) {
    const route = routeChunks(manifest, module, shell);
    const isThemed = route.some((key) => theme.includes(key));
    byPage.set(
      page,
      [...new Set([...route, ...(isThemed ? theme : [])])]
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
        .join(""),
    );
  }
  return byPage;
}

/**
 * The modulepreload links of the route chunks of the personal page at `pathname` ("" for any other page or
 * without a manifest), from `distDir`'s manifest. `build` names the build being served (the mtime of the
 * index.html the frame is made of, which the static handler reads anyway): the manifest is read once per
 * build, and again when the dist is rebuilt under a running server. A dist without a readable manifest (one
 * being written, a test's stand-in) has no hints and is looked at again on the next request.
 */
export function personalRouteHints(distDir: string): (pathname: string, build: number) => string {
  const file = join(distDir, ".vite", "manifest.json");
  let read: { build: number; hints: Map<PersonalPage, string> } | null = null;
  const hints = (build: number): Map<PersonalPage, string> | undefined => {
    if (read?.build === build) return read.hints;
    let manifest: BuildManifest;
    try {
      manifest = JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
    } catch {
      return undefined;
    }
    read = { build, hints: personalPageHints(manifest) };
    return read.hints;
  };
  return (pathname, build) => {
    const page = personalPageOf(pathname);
    return page ? (hints(build)?.get(page) ?? "") : "";
  };
}
