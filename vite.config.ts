import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

/** BUNDLE_ANALYZE=1: one chunk per package, to see what the first visit pays for. */
function packageChunkName(id: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/([^/]+))?/.exec(id);
  if (!m?.[1]) return null;
  return m[1] === "@mui/material" && m[2] ? `mui-${m[2]}` : m[1].replace("/", "_");
}

/**
 * BUNDLE_STATS=1 (bench:bundle sets it): writes `<outDir>/.vite/module-sizes.json`, every chunk's modules with
 * their minified size and gzip size on their own, so the bench can say what an over-budget chunk is made of.
 */
function moduleSizes(): Plugin {
  return {
    name: "module-sizes",
    apply: "build",
    writeBundle(options, bundle) {
      const chunks: Record<string, { id: string; bytes: number; gzip: number }[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        chunks[chunk.fileName] = Object.entries(chunk.modules).map(([id, m]) => ({
          id,
          bytes: m.renderedLength,
          gzip: m.code ? gzipSync(m.code).length : 0,
        }));
      }
      mkdirSync(`${options.dir}/.vite`, { recursive: true });
      writeFileSync(`${options.dir}/.vite/module-sizes.json`, JSON.stringify(chunks));
    },
  };
}

/**
 * The first render waits for the first screen's message catalogue, which the entry imports dynamically (one per
 * language, decision 059). English, the default, is preloaded from index.html so that it downloads with the
 * entry, not after it.
 */
function preloadDefaultCatalogue(): Plugin {
  return {
    name: "preload-default-catalogue",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === "chunk" && c.facadeModuleId?.endsWith("/src/i18n/locales/en/first.po"),
        );
        return chunk
          ? [
              {
                tag: "link",
                attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` },
                injectTo: "head",
              },
            ]
          : [];
      },
    },
  };
}

/**
 * The app's one stylesheet (the plain first screen's rules, decision 034) goes inline into index.html: the
 * server's pages and the offline shell paint with it, and no render-blocking request waits for it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: "inline-stylesheet",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        let out = html;
        for (const [fileName, asset] of Object.entries(ctx.bundle ?? {})) {
          if (asset.type !== "asset" || !fileName.endsWith(".css")) continue;
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="/${fileName.replace(/[.]/g, "\\.")}"[^>]*>`,
          );
          if (!link.test(out)) continue;
          const css = String(asset.source).replace(/<\//g, "<\\/");
          out = out.replace(link, () => `<style>${css}</style>`);
          delete ctx.bundle?.[fileName];
        }
        return out;
      },
    },
  };
}

/*
 * The product card and what it needs, which every page with cards (home, catalogue, product, search) loads
 * together: left to the automatic splitting they were 14 chunks of 0.1-2 kB (one request and one gzip
 * dictionary each; a first visit to / fetched 25 scripts). Separate groups, so that a page which needs only the
 * cart's actions (cart, wishlist, compare, mini-cart), only the saved packs (saved-offline) or only the card grid
 * (the blog list) does not load the card. Paths relative to src/.
 */
const cardChunks = {
  "product-card": [
    "features/catalog/components/product-(card|price|rating)",
    "features/catalog/utils/html-text",
    "routes/-components/(catalog-product-card|product-purchase)",
    "features/(compare|wishlist)/components/\\w+-toggle",
    "features/offline-packs/components/save-for-offline",
    "i18n/spec-labels",
  ],
  "cart-actions": [
    "features/cart/components/(add-to-cart-button|quantity-stepper)",
    "features/(cart|wishlist)/hooks/use-\\w+-actions",
    "features/(cart|wishlist)/outbox/\\w+-before",
    "features/cart/utils/stock",
  ],
  // Two 0.1 kB modules the home, catalogue and product pages share (the card grid's columns, the related
  // products' query): one request instead of a chunk each.
  "page-shared": ["components/ui/card-grid", "features/catalog/utils/related-products"],
  "saved-packs": [
    "features/offline-packs/utils/(pack-store|format-saved-at)",
    "features/offline-packs/hooks/use-saved-packs",
    "offline/shared/pack-rules",
  ],
};
// The card's group has the lower priority: it would otherwise capture the actions it imports.
const cardChunkGroups = Object.entries(cardChunks).map(([name, paths]) => ({
  name,
  test: new RegExp(`/src/(${paths.join("|")})\\.tsx?$`),
  priority: name === "product-card" ? 10 : 11,
}));

/**
 * The groups above name source paths: a path that no longer names a module (a file renamed or moved) would
 * silently change the bundle, so the build fails instead. A rule in their place was measured (decision 048): one
 * group of the modules that two or more lazy chunks share, split by which chunks use them (`entriesAware`), takes
 * up to 4 kB off `/` but adds 2-60 kB to a catalogue page and 15-47 kB to the saved-offline page.
 */
function cardChunksExist(): Plugin {
  return {
    name: "card-chunks-exist",
    apply: "build",
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const missing = Object.values(cardChunks)
        .flat()
        .filter((path) => !ids.some((id) => new RegExp(`/src/${path}\\.tsx?$`).test(id)));
      if (missing.length)
        this.error(`vite.config.ts's chunk groups name paths no module has: ${missing.join(", ")}`);
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  define: {
    __APP_VERSION__: JSON.stringify(`${pkg.version}-${process.env.BUILD_ID ?? "dev"}`),
    // Vite leaves `process.env.NODE_ENV` to the runtime in a server build, so React and emotion would run
    // their development code in a server started without NODE_ENV=production (slower renders, and emotion
    // class names with labels that differ from the browser's: every rule was inserted again at hydration).
    // The renderer is built for the mode of the client it renders for.
    ...(isSsrBuild
      ? { "process.env.NODE_ENV": JSON.stringify(mode === "production" ? "production" : "development") }
      : {}),
  },
  resolve: {
    alias: [
      { find: "@", replacement: new URL("./src", import.meta.url).pathname },
      // TanStack Store imports the React 17 shim of useSyncExternalStore; React 19 has it built in, and the
      // package's own non-shim entry uses it (the shim's fallback would never run).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
    ],
  },
  plugins: [
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui(),
    isSsrBuild ? null : preloadDefaultCatalogue(),
    isSsrBuild ? null : inlineStylesheet(),
    isSsrBuild ? null : cardChunksExist(),
    process.env.BUNDLE_STATS && !isSsrBuild ? moduleSizes() : null,
    mode === "test" || isSsrBuild
      ? null
      : VitePWA({
          strategies: "injectManifest",
          srcDir: "sw",
          filename: "sw.ts",
          injectRegister: false,
          registerType: "prompt",
          includeManifestIcons: false,
          manifest: {
            id: "/",
            name: "Velora Bicycles",
            short_name: "Velora",
            description:
              "Mountain, road, fat, city/hybrid and kids bicycles. Works offline in our showrooms.",
            lang: "en",
            start_url: "/?source=pwa",
            scope: "/",
            display: "standalone",
            orientation: "any",
            theme_color: "#a3231f",
            background_color: "#f7f4f0",
            categories: ["shopping", "sports"],
            icons: [
              { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
              { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
              { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
              { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
            ],
            screenshots: [
              {
                src: "/icons/screenshot-wide.png",
                sizes: "1280x720",
                type: "image/png",
                form_factor: "wide",
                label: "The bicycle catalogue",
              },
              {
                src: "/icons/screenshot-narrow.png",
                sizes: "540x960",
                type: "image/png",
                form_factor: "narrow",
                label: "The bicycle catalogue on a phone",
              },
            ],
          },
          // The shell, every route chunk, every compiled message catalogue of every language (JS chunks: `first`
          // and `pages`), fonts and icons;
          // the manifest screenshots are only for the install dialog, so they stay out of the precache.
          injectManifest: {
            globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2,woff}"],
            globIgnores: ["icons/screenshot-*.png"],
            maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
          },
          devOptions: { enabled: false },
        }),
  ],
  // The server renderer (`vite build --ssr src/entry-server.tsx`) is one self-contained file for Node.
  ssr: isSsrBuild ? { noExternal: true, target: "node" as const } : undefined,
  build: isSsrBuild
    ? // jsdom (the server DOM DOMPurify sanitises over) is loaded from node_modules at run time.
      { target: "node20", minify: false, copyPublicDir: false, rolldownOptions: { external: ["jsdom"] } }
    : {
        target: "es2022",
        // One stylesheet, inlined into index.html (inlineStylesheet): lazy chunks add no CSS of their own.
        cssCodeSplit: false,
        // `.vite/manifest.json` (never served): the server finds a personal page's route chunk in it, which the
        // page's frame preloads (server/lib/route-chunks.ts).
        manifest: true,
        // Every browser the es2022 target runs in preloads modules itself (Safari from 17); older ones just
        // do not preload. The polyfill's start-up work is saved.
        // A dynamic import is not preceded by one <link rel="modulepreload"> per chunk it needs: adding ~40
        // links (the catalogue's page) was one main-thread task of 50-70 ms on a mid-range phone. The chunk
        // names its dependencies in its own first line (transitive imports are hoisted), so they are fetched
        // in parallel as soon as it arrives.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === "js" ? [] : deps),
        },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: process.env.BUNDLE_ANALYZE
                ? [{ name: packageChunkName, test: /node_modules/ }]
                : [
                    {
                      name: "react",
                      test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                      priority: 30,
                    },
                    // Everything else the first screen imports statically, in one chunk: fewer requests and one
                    // gzip dictionary instead of ~40 small files (several kB less to transfer).
                    { name: "initial", tags: ["$initial"], priority: 20 },
                    ...cardChunkGroups,
                  ],
            },
          },
        },
      },
  server: { proxy: { "/api": apiTarget } },
  preview: { proxy: { "/api": apiTarget } },
  test: {
    testTimeout: 20000,
    // `unit`: everything, the server on SQLite. `postgres`: the server's tests again, on PostgreSQL.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/**/*.test.{ts,tsx}"],
          // Two server processes on one PostgreSQL behind nginx: the postgres project's.
          exclude: [...configDefaults.exclude, "server/proxy.test.ts"],
          environment: "node",
          setupFiles: ["./tests/setup/vitest.setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["server/**/*.test.ts"],
          environment: "node",
          setupFiles: ["./tests/setup/vitest.setup.ts"],
          globalSetup: ["./tests/setup/postgres.global.ts"],
        },
      },
    ],
  },
}));
