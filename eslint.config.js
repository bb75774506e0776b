import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import pluginQuery from "@tanstack/eslint-plugin-query";
import pluginRouter from "@tanstack/eslint-plugin-router";
import lingui from "eslint-plugin-lingui";
import checkFile from "eslint-plugin-check-file";
import globals from "globals";

// Import direction (house-style §2.2): routes → features → {api, components, hooks, i18n, offline, session,
// utils}; session → api (who is shopping, shared by every feature); offline → api; api → api/contract;
// contract → zod only; no feature imports another feature.
const FEATURES = [
  "catalog",
  "content",
  "cart",
  "wishlist",
  "compare",
  "account",
  "checkout",
  "shell",
  "recently-viewed",
  "search",
  "offline-packs",
  "counter",
  "offline-status",
  "showroom",
];
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
// Issue 16: the contract, api and feature modules do no scheduling of their own (no yielding, no idle
// callbacks); the cost of work is cut where it is (code splitting, less work), not hidden between tasks.
const noScheduling = [
  {
    group: ["scheduler", "**/render/idle", "**/yield-to-main"],
    message: "Contract, api and feature modules never import scheduling utilities.",
  },
];
// Issue 16 item 4: the reply schemas are zod/mini's. Classic zod attaches every method to every schema, so one
// classic import anywhere on the first visit ships all of it; zod/mini ships what the schemas use.
const classicZod = [
  {
    regex: "^zod$",
    message: 'The api layer and its contract import "zod/mini": classic zod is not tree-shaken.',
  },
];
const leafLayers = [
  {
    group: ["@/features/*", "@/routes/*", "@/app/*"],
    message: "Shared layers never import features, routes or app.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-*",
      "dev-dist",
      "node_modules",
      "data",
      "coverage",
      "test-results",
      "test-results-*",
      "playwright-report",
      ".probe",
      "bench/results",
      "**/*.gen.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The server's data access is asynchronous (PostgreSQL and SQLite behind one Store): a query or a
    // transaction that is not awaited is a lost write or an unhandled failure.
    files: ["server/**/*.ts"],
    languageOptions: {
      parserOptions: { project: "./tsconfig.node.json", tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "check-file": checkFile },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "check-file/filename-naming-convention": [
        "error",
        { "src/**/*.{ts,tsx}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "src/!(routes)/**/": "KEBAB_CASE" }],
    },
  },
  ...pluginQuery.configs["flat/recommended"],
  ...pluginRouter.configs["flat/recommended"],
  {
    files: [
      "src/features/**/*.{ts,tsx}",
      "src/components/**/*.{ts,tsx}",
      "src/routes/**/*.{ts,tsx}",
      "src/render/**/*.{ts,tsx}",
    ],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { lingui },
    rules: {
      ...lingui.configs["flat/recommended"].rules,
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: ["^(?![A-Z])\\S+$", "^[A-Z0-9_-]+$", "^https?://", "^#"],
          ignoreNames: [
            { regex: { pattern: "^[A-Z0-9_]+$" } },
            "className",
            "variant",
            "color",
            "component",
            "to",
            "href",
            "id",
            "type",
            "name",
            "autoComplete",
            "role",
            "data-testid",
            "size",
            "edge",
            "anchor",
            "position",
            "align",
            "justifyContent",
            "alignItems",
            "display",
            "target",
            "rel",
            "inputMode",
            "lang",
            "key",
            "sx",
            "direction",
            "mode",
            "orientation",
          ],
          ignoreFunctions: [
            "console.*",
            "Error",
            "invariant",
            "enqueueSnackbar.variant",
            "new URL",
            "URLSearchParams",
            "z.*",
            "*.startsWith",
            "*.endsWith",
            "*.includes",
            "*.replace",
            "*.split",
            "*.join",
            "*.has",
            "*.get",
            "*.set",
            "*.getItem",
            "*.setItem",
            "*.removeItem",
            "matchMedia",
            "*.addEventListener",
            "*.removeEventListener",
            "createElement",
            "document.querySelector",
            "useMatch",
            "Intl.*",
            "lazyRouteComponent",
            "lazyPage",
            "pageComponent",
            "themedRoute",
          ],
          useTsTypes: false,
        },
      ],
    },
  },
  {
    files: ["src/features/**/*.{ts,tsx}"],
    rules: restrict([
      { group: ["@/routes/*", "@/app/*"], message: "Features never import routes or app wiring." },
      ...noScheduling,
      ...FEATURES.map((f) => ({
        group: [`@/features/!(${f})/**`],
        message: "No feature imports another feature: compose them in a route.",
      })),
    ]),
  },
  ...FEATURES.map((f) => ({
    files: [`src/features/${f}/**/*.{ts,tsx}`],
    rules: restrict([
      { group: ["@/routes/*", "@/app/*"], message: "Features never import routes or app wiring." },
      {
        group: FEATURES.filter((o) => o !== f).map((o) => `@/features/${o}/**`),
        message: "No feature imports another feature: compose them in a route.",
      },
      ...noScheduling,
    ]),
  })),
  {
    files: ["src/components/**", "src/hooks/**", "src/utils/**"],
    rules: restrict([
      ...leafLayers,
      // The contract's common module imports only zod: a shared form takes its field rules (trimmedText) from it.
      {
        group: ["@/api/*", "!@/api/contract", "@/api/contract/*", "!@/api/contract/common", "@/session/*"],
        message: "Shared UI and utils never call the API.",
      },
    ]),
  },
  { files: ["src/offline/**"], rules: restrict(leafLayers) },
  {
    // What the service worker and the server share with the app: they import it by relative path, with no alias,
    // so it imports only its own files and packages.
    files: ["src/offline/shared/**"],
    rules: restrict([
      ...leafLayers,
      { regex: "^@/", message: "The shared room imports only its own files and packages (no alias)." },
    ]),
  },
  {
    // The render room (decision 048): how the first page comes on screen, the server's hand-over, the render
    // passes. A low floor that features, components, routes and i18n read; it reads only the api layer's errors.
    files: ["src/render/**"],
    rules: restrict([
      ...leafLayers,
      {
        group: ["@/offline/*", "@/components/*", "@/hooks/*", "@/i18n/*", "@/session/*"],
        message: "The render room depends only on the api layer.",
      },
    ]),
  },
  {
    // The session room reads the stored login through the api layer and nothing else of the app.
    files: ["src/session/**"],
    rules: restrict([
      ...leafLayers,
      {
        group: ["@/offline/*", "@/components/*", "@/hooks/*", "@/i18n/*", "@/utils/*"],
        message: "The session room depends only on the api layer.",
      },
      ...noScheduling,
    ]),
  },
  {
    files: ["src/api/**"],
    rules: restrict([
      ...leafLayers,
      {
        group: ["@/offline/*", "@/components/*", "@/hooks/*", "@/i18n/*", "@/session/*"],
        message: "The api layer depends only on its contract.",
      },
      ...classicZod,
      ...noScheduling,
    ]),
  },
  {
    files: ["src/api/contract/**"],
    rules: restrict([
      { regex: "^(@/|\\.\\./)", message: "The contract imports only zod and its own files." },
      ...classicZod,
      ...noScheduling,
    ]),
  },
  {
    // One way to style (decision 047): plain elements with the components/ui primitives and CSS files. MUI and
    // its styling engine only in the named folders: src/components/mui (the theme, the MUI-drawn shared pieces)
    // and a feature's components/mui (its dialogs, tables, forms). The typescript-eslint variant of
    // no-restricted-imports, so this fence and the layering rules above (the base rule) do not replace each
    // other's patterns.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/components/mui/**", "src/features/*/components/mui/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@mui/*", "@emotion/*"],
              message:
                "MUI only in src/components/mui or a feature's components/mui (decision 047); elsewhere draw with components/ui and CSS.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 16: a schema built at module evaluation is built before hydration on every first visit, whether the
    // page parses it or not (the contract's 117 reply schemas were the entry's longest task). Module-level
    // schemas are `z.lazy(() => …)`: built at their first parse, once.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression:matches([callee.object.name='z'][callee.property.name!=/^(lazy|config)$/], [callee.name=/Schema$/]):not(:function CallExpression)",
          message: "Build module-level schemas at first use: wrap them in z.lazy(() => …).",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["sw/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
