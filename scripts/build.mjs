// The production build: the storefront (`<outDir>`, default dist/) and its server renderer
// (`<outDir>-ssr/entry-server.js`, loaded by the reference server). `node scripts/build.mjs [outDir] [vite flags…]`
import { spawnSync } from "node:child_process";

const [outDir = "dist", ...flags] = process.argv.slice(2);
const vite = (args) => {
  const r = spawnSync("node_modules/.bin/vite", args, { stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
vite(["build", "--outDir", outDir, "--emptyOutDir", ...flags]);
vite([
  "build",
  "--ssr",
  "src/entry-server.tsx",
  "--outDir",
  `${outDir}-ssr`,
  "--emptyOutDir",
  "--logLevel",
  "warn",
]);
