// `node scripts/check-cycles.mjs`: fails when modules of src/, sw/ or server/ import each other in a circle
// (issue 37). A circle makes what a module sees at load time depend on which of them loads first, and it
// keeps code from being split. `import type` / `export type` are left out: they vanish when compiled.
// Part of `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["src", "sw", "server"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !/\.test\.tsx?$/.test(entry.name))
      out.push(path);
  }
  return out;
}

/** The file a specifier names (`@/` is src/), or null for a package. */
function resolveImport(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = join(ROOT, "src", spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, "index" + e)),
  ];
  // `./x.js` written for a TypeScript file
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

// Static imports and re-exports but type-only ones, and dynamic `import()` (a chunk that imports what loads
// it cannot be split off cleanly).
const IMPORT = /(?:^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?|\bimport\(\s*)["']([^"']+)["']/gm;

const graph = new Map();
for (const folder of FOLDERS)
  for (const file of files(join(ROOT, folder))) {
    const source = readFileSync(file, "utf8");
    const deps = new Set();
    for (const [, spec] of source.matchAll(IMPORT)) {
      const target = resolveImport(file, spec);
      if (target && target !== file) deps.add(target);
    }
    graph.set(file, [...deps]);
  }

// Depth-first search; each circle is reported once, from its first module in path order.
const state = new Map();
const stack = [];
const circles = [];
function visit(file) {
  state.set(file, "open");
  stack.push(file);
  for (const dep of graph.get(file) ?? []) {
    if (!graph.has(dep)) continue;
    if (state.get(dep) === "open") circles.push([...stack.slice(stack.indexOf(dep)), dep]);
    else if (!state.has(dep)) visit(dep);
  }
  stack.pop();
  state.set(file, "done");
}
for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);

if (circles.length) {
  console.error(`${circles.length} import circle(s):`);
  for (const c of circles) console.error("  " + c.map((f) => relative(ROOT, f)).join(" -> "));
  process.exit(1);
}
console.log(`no import circles in ${graph.size} modules of ${FOLDERS.join(", ")}`);
