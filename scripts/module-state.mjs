// `node scripts/module-state.mjs [root...]` (default src server): lists the module-level mutable state of the
// non-test source files (issue 37 item 5, decision 054): every `let`/`var` at module scope, and every module-scope
// const made as a Map, Set, WeakMap, WeakSet, array or object literal that the same file changes later (a
// property assigned, an element pushed, an entry set or deleted). A heuristic read of the text with the
// TypeScript parser, not a proof: objects made by a factory (a page-wide singleton such as
// offline/cache/register-sw.ts's `pageServiceWorker`) keep their state inside and are not listed.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ["src", "server"];
const SKIP = /\.(test|spec)\.|\.d\.ts$|(^|\/)test-[^/]*$|(^|\/)tests?\//;
const files = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") walk(p);
    } else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && !SKIP.test(p)) files.push(p);
  }
};
roots.forEach(walk);

const escape = (s) => s.replace(/[$]/g, "\\$");
const found = [];
for (const file of files.sort()) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      const line = source.getLineAndCharacterOfPosition(d.getStart()).line + 1;
      if (!isConst) {
        found.push(`${file}:${line} let ${name}`);
        continue;
      }
      const init = d.initializer;
      let kind = null;
      if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression))
        kind = /^(Map|Set|WeakMap|WeakSet)$/.test(init.expression.text) ? "collection" : null;
      else if (init && ts.isArrayLiteralExpression(init)) kind = "array";
      else if (init && ts.isObjectLiteralExpression(init)) kind = "object";
      if (!kind) continue;
      const n = escape(name);
      const changes = {
        collection: new RegExp(`\\b${n}\\.(set|add|delete|clear)\\(`),
        array: new RegExp(
          `\\b${n}(\\.(push|pop|shift|unshift|splice|sort|reverse)\\(|\\.length\\s*=[^=]|\\[[^\\]]+\\]\\s*=[^=])`,
        ),
        object: new RegExp(
          `(\\b${n}(\\.[\\w$]+|\\[[^\\]]+\\])+\\s*(=[^=]|\\+=|-=|\\+\\+|--)|delete\\s+${n}[.[])`,
        ),
      }[kind];
      if (changes.test(text.slice(statement.end)))
        found.push(`${file}:${line} const ${name} (${kind}, changed)`);
    }
  }
}
console.log(found.join("\n"));
console.log(
  `${found.length} module-level mutable variables (${found.filter((f) => / let /.test(f)).length} of them \`let\`)`,
);
