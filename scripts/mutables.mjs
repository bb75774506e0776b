// Lists module-scope `let`/`var`, and module-scope consts initialised with new Map/Set/WeakMap/array/object literal
// that are mutated somewhere in the same file (assignment to a property, .set/.add/.delete/.clear/.push/.splice...).
import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';
const roots = process.argv.slice(2);
const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name);
  if (e.isDirectory()) { if (e.name !== 'node_modules') walk(p); }
  else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.|\.spec\.|\.d\.ts$|test-helpers|testing/.test(e.name)) files.push(p); } };
roots.forEach(walk);
const out = [];
for (const f of files) {
  const src = fs.readFileSync(f, 'utf8');
  const sf = ts.createSourceFile(f, src, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isLet = !(st.declarationList.flags & ts.NodeFlags.Const);
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      const line = sf.getLineAndCharacterOfPosition(d.getStart()).line + 1;
      if (isLet) { out.push(`${f}:${line} let ${name}`); continue; }
      const init = d.initializer; if (!init) continue;
      let kind = null;
      if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && /^(Map|Set|WeakMap|WeakSet)$/.test(init.expression.text)) kind = init.expression.text;
      else if (ts.isArrayLiteralExpression(init)) kind = 'array';
      else if (ts.isObjectLiteralExpression(init)) kind = 'object';
      if (!kind) continue;
      const re = new RegExp(`\\b${name}(\\.[A-Za-z_$][\\w$]*|\\[[^\\]]+\\])*\\s*(=(?!=)|\\+=|-=|\\+\\+|--)|\\b${name}\\.(set|add|delete|clear|push|pop|shift|unshift|splice|length\\s*=)\\b`);
      const rest = src.slice(st.end);
      if (re.test(rest)) out.push(`${f}:${line} const ${name} (${kind}, mutated)`);
    }
  }
}
console.log(out.join('\n')); console.log('count', out.length);
