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

// Rooms (issue 37: "no upward arrow"): a file's room is its top folder (src/api, server/services, sw), and
// for features and the offline layer the folder below (src/features/cart, src/offline/outbox). Rooms that
// import each other in a circle have an arrow that runs back up; each such arrow is named with a file pair.
function roomOf(file) {
  const parts = relative(ROOT, file).split("/");
  const depth = parts[0] === "src" && (parts[1] === "features" || parts[1] === "offline") ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join("/") || parts[0];
}
const roomEdges = new Map();
for (const [file, deps] of graph)
  for (const dep of deps) {
    const [a, b] = [roomOf(file), roomOf(dep)];
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    if (!roomEdges.has(key)) roomEdges.set(key, [relative(ROOT, file), relative(ROOT, dep)]);
  }
const roomGraph = new Map();
for (const key of roomEdges.keys()) {
  const [a, b] = key.split(" -> ");
  if (!roomGraph.has(a)) roomGraph.set(a, new Set());
  roomGraph.get(a).add(b);
}
// Tarjan's strongly connected components: a component of more than one room is a circle of rooms.
let index = 0;
const idx = new Map();
const low = new Map();
const onStack = new Set();
const sccStack = [];
const components = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  sccStack.push(v);
  onStack.add(v);
  for (const w of roomGraph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do {
      w = sccStack.pop();
      onStack.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) components.push(c);
  }
}
for (const room of [...roomGraph.keys()].sort()) if (!idx.has(room)) strong(room);
if (components.length) {
  console.error(`${components.length} circle(s) of rooms (an arrow runs back up):`);
  for (const c of components) {
    console.error(`  ${c.sort().join(", ")}:`);
    for (const [key, [from, to]] of roomEdges) {
      const [a, b] = key.split(" -> ");
      if (c.includes(a) && c.includes(b)) console.error(`    ${key}  (${from} -> ${to})`);
    }
  }
  process.exit(1);
}
console.log(`no circle among ${roomGraph.size} rooms`);
