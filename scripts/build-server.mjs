// The reference server compiled to plain JavaScript (issue 38, item 3): `node scripts/build-server.mjs [outDir]`
// (default dist-server/) bundles server/index.ts (the server) and server/migrate.ts (`npm run migrate`) with
// the project's own modules they import (server/, src/api/contract, …) into ES modules that `node` runs with
// no TypeScript loader. Packages stay imports of node_modules (a runtime install has them); the render
// worker is plain JavaScript already and is copied beside the server, where server/ssr.ts looks for it; so is
// the list of common passwords (server/reference/common-passwords.txt).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { build } from "rolldown";

const outDir = process.argv[2] ?? "dist-server";
rmSync(outDir, { recursive: true, force: true });
await build({
  input: { index: "server/index.ts", migrate: "server/migrate.ts" },
  platform: "node",
  // A bare specifier is a package (or a node: built-in): imported at run time, not bundled.
  external: (id) => !id.startsWith(".") && !isAbsolute(id) && !id.startsWith("\0"),
  logLevel: "warn",
  output: {
    dir: outDir,
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
    sourcemap: true,
  },
});
mkdirSync(outDir, { recursive: true });
copyFileSync("server/render-worker.mjs", join(outDir, "render-worker.mjs"));
// The list of common passwords server/common-passwords.ts reads, at the same place beside the server.
copyFileSync("server/reference/common-passwords.txt", join(outDir, "common-passwords.txt"));
