import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PersonalPage } from "../../src/offline/shared/personal-requests";
import { makeApp, testDialect } from "../test-utils";
import {
  PERSONAL_PAGE_MODULES,
  personalPageHints,
  personalRouteHints,
  THEME_MODULE,
  routeChunkFiles,
  type BuildManifest,
} from "./route-chunks";

/** The route files (`src/routes/*-routes.tsx`), as they are on disk. */
const ROUTE_FILES = readdirSync("src/routes")
  .filter((f) => f.endsWith("-routes.tsx"))
  .map((f) => join("src/routes", f));

/**
 * Each personal page's route as the route files declare it, by the path given to `personalPage()`: how it loads
 * its component ("themedRoute"; "pageComponent", `lazyPage` with the pages' catalogue, decision 059; or "lazyPage") and the component's module (the first `import()` after it).
 */
function personalRoutes(): Map<string, { loader: string; module: string }> {
  const routes = new Map<string, { loader: string; module: string }>();
  for (const file of ROUTE_FILES)
    for (const declaration of readFileSync(file, "utf8")
      .split(/personalPage\(\s*/)
      .slice(1)) {
      const path = /^"([^"]+)"/.exec(declaration)?.[1];
      const component = /(\w+)\(\(\) => import\("\.\/([\w-]+)"\)/.exec(declaration);
      if (!path || !component) throw new Error(`${file}: a personalPage() without a path or a component`);
      expect(routes.has(path), `${path} declared twice`).toBe(false);
      routes.set(path, { loader: component[1]!, module: `src/routes/${component[2]}.tsx` });
    }
  return routes;
}

/** How a personal page's route loads its component module: "themedRoute", "pageComponent" or "lazyPage". */
function routeLoaderOf(module: string): string | undefined {
  return [...personalRoutes().values()].find((r) => r.module === module)?.loader;
}

const MANIFEST: BuildManifest = {
  "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_react-r1.js"] },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "src/routes/cart-page.tsx": {
    file: "assets/cart-page-c1.js",
    imports: ["index.html", "_react-r1.js", "_use-cart-actions-u1.js"],
  },
  "_use-cart-actions-u1.js": {
    file: "assets/use-cart-actions-u1.js",
    imports: ["index.html", "_stock-s1.js"],
  },
  "_stock-s1.js": { file: "assets/stock-s1.js" },
  "src/routes/wishlist-page.tsx": {
    file: "assets/wishlist-page-w1.js",
    imports: ["index.html", "_empty-state-e2.js"],
  },
  "_empty-state-e2.js": { file: "assets/empty-state-e2.js" },
  "src/routes/saved-offline-page.tsx": {
    file: "assets/saved-offline-page-k1.js",
    imports: ["index.html", "_styled-s2.js"],
  },
  "src/components/mui/mui-theme.tsx": {
    file: "assets/mui-theme-m1.js",
    imports: ["index.html", "_react-r1.js", "_styled-s2.js"],
  },
  "_styled-s2.js": { file: "assets/styled-s2.js" },
};

describe("a personal page's route chunks", () => {
  it("are the route's chunk and its static imports, transitively, without what the shell loads", () => {
    expect(routeChunkFiles(MANIFEST, "src/routes/cart-page.tsx")).toEqual([
      "assets/cart-page-c1.js",
      "assets/use-cart-actions-u1.js",
      "assets/stock-s1.js",
    ]);
    expect(routeChunkFiles(MANIFEST, "src/routes/compare-page.tsx")).toEqual([]);
  });

  it("name each personal page's module as its route imports it, with the theme or without", () => {
    const routes = personalRoutes();
    // Every personal route of every route file, and no other page.
    expect(Object.fromEntries([...routes].map(([page, r]) => [page, r.module]))).toEqual(
      PERSONAL_PAGE_MODULES,
    );
    for (const [page, { loader, module }] of routes) {
      expect(existsSync(module), page).toBe(true);
      expect(loader, page).toMatch(/^(themedRoute|pageComponent|lazyPage)$/);
    }
  });

  it("name the MUI theme's module as the route's loader imports it", () => {
    expect(existsSync(THEME_MODULE)).toBe(true);
    expect(readFileSync("src/components/mui/lazy-themed.ts", "utf8")).toContain(
      `import("./${basename(THEME_MODULE, ".tsx")}")`,
    );
  });

  it("are hinted for personal pages only, by the router's matching, with the theme's for a page drawn with MUI", () => {
    const dir = mkdtempSync(join(tmpdir(), "dist-"));
    const ofBuild = personalRouteHints(dir);
    const hints = (pathname: string) => ofBuild(pathname, 1);
    expect(hints("/cart")).toBe("");
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    expect(hints("/Cart/")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/cart-page-c1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/use-cart-actions-u1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/stock-s1.js">',
    );
    expect(hints("/saved-offline")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/saved-offline-page-k1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/styled-s2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/mui-theme-m1.js">',
    );
    expect(hints("/wishlist")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/wishlist-page-w1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/empty-state-e2.js">',
    );
    expect(hints("/catalog/road-bikes")).toBe("");
    expect(hints("/cart/extra")).toBe("");
  });

  it("are read once per build, and again from a rebuilt dist", () => {
    const dir = mkdtempSync(join(tmpdir(), "dist-"));
    mkdirSync(join(dir, ".vite"));
    const manifest = join(dir, ".vite", "manifest.json");
    writeFileSync(manifest, JSON.stringify(MANIFEST));
    const hints = personalRouteHints(dir);
    const wishlist = hints("/wishlist", 1);
    expect(wishlist).toContain("/assets/wishlist-page-w1.js");
    const rebuilt: BuildManifest = {
      ...MANIFEST,
      "src/routes/wishlist-page.tsx": { file: "assets/wishlist-page-w2.js", imports: ["index.html"] },
    };
    writeFileSync(manifest, JSON.stringify(rebuilt));
    // The same build (its index.html unchanged): its manifest is not read again.
    expect(hints("/wishlist", 1)).toBe(wishlist);
    expect(hints("/wishlist", 2)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/wishlist-page-w2.js">',
    );
    // A manifest being written (not JSON yet): no hints, and read again on the next request.
    writeFileSync(manifest, "{");
    expect(hints("/wishlist", 3)).toBe("");
    writeFileSync(manifest, JSON.stringify(MANIFEST));
    expect(hints("/wishlist", 3)).toBe(wishlist);
  });

  // A build, with no database: once, in the SQLite project.
  it.skipIf(testDialect !== "sqlite")(
    "are, in a real build, the route's chunks for each page, and the theme's for each page whose route is a themedRoute",
    () => {
      const out = mkdtempSync(join(tmpdir(), "dist-route-chunks-"));
      try {
        const build = spawnSync(
          "node_modules/.bin/vite",
          ["build", "--outDir", out, "--emptyOutDir", "--logLevel", "error"],
          { encoding: "utf8", env: { ...process.env, BUILD_ID: "route-chunks-test" } },
        );
        expect(build.status, build.stderr).toBe(0);
        const manifest = JSON.parse(
          readFileSync(join(out, ".vite", "manifest.json"), "utf8"),
        ) as BuildManifest;
        const themed = new Set<string>();
        for (const [page, module] of Object.entries(PERSONAL_PAGE_MODULES))
          if (routeLoaderOf(module) === "themedRoute") themed.add(page);
        // Both kinds exist, or this test would compare nothing.
        expect(themed.size).toBeGreaterThan(0);
        expect(themed.size).toBeLessThan(Object.keys(PERSONAL_PAGE_MODULES).length);
        const preload = (files: string[]) =>
          files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");
        const hints = personalPageHints(manifest);
        for (const [page, module] of Object.entries(PERSONAL_PAGE_MODULES) as [PersonalPage, string][]) {
          const files = routeChunkFiles(manifest, module);
          expect(files.length, page).toBeGreaterThan(0);
          expect(hints.get(page), page).toBe(
            preload([
              ...new Set([...files, ...(themed.has(page) ? routeChunkFiles(manifest, THEME_MODULE) : [])]),
            ]),
          );
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it("are preloaded from the head of the page's frame, after the shell's own scripts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dist-"));
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html><html><head><title>Shop</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>`,
    );
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    mkdirSync(`${dir}-ssr`);
    writeFileSync(
      join(`${dir}-ssr`, "entry-server.js"),
      `export function configureRenderer() {}
export async function renderPage(url) {
  if (url.startsWith("/wishlist")) return { personal: true, html: "<h1>Wishlist</h1>", head: "<style>h1{}</style>", handoff: "", status: 200 };
  return { html: "<h1>page</h1>", head: "", handoff: "", status: 200 };
}`,
    );
    const app = await makeApp({ distDir: dir, renderThreads: 0 });
    const frame = await (await app.request("http://shop.test/wishlist")).text();
    const head = frame.slice(0, frame.indexOf("</head>"));
    expect(head).toMatch(
      /index-e1\.js"><\/script><style>h1\{\}<\/style><link rel="modulepreload" crossorigin href="\/assets\/wishlist-page-w1\.js"><link rel="modulepreload" crossorigin href="\/assets\/empty-state-e2\.js">$/,
    );
    const page = await (await app.request("http://shop.test/catalog/road-bikes")).text();
    expect(page).not.toContain("modulepreload");

    // The dist rebuilt under the running server: a new index.html and manifest, whose chunks the frame names.
    writeFileSync(
      join(dir, ".vite", "manifest.json"),
      JSON.stringify({
        ...MANIFEST,
        "src/routes/wishlist-page.tsx": { file: "assets/wishlist-page-w2.js", imports: ["index.html"] },
      }),
    );
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, "index.html"), later, later);
    const rebuilt = await (await app.request("http://shop.test/wishlist")).text();
    expect(rebuilt.slice(0, rebuilt.indexOf("</head>"))).toMatch(
      /<\/style><link rel="modulepreload" crossorigin href="\/assets\/wishlist-page-w2\.js">$/,
    );
  });
});
