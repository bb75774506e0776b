// Minimal PO reader/writer for our Lingui catalogues (single-line or multi-line msgid/msgstr).
import { readFileSync, writeFileSync } from "node:fs";

function unquote(lines) {
  return lines.map((l) => JSON.parse(l.trim())).join("");
}

export function readPo(file) {
  const text = readFileSync(file, "utf8");
  const blocks = text.split(/\n\n+/);
  const entries = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    let key = null;
    const acc = { msgid: [], msgstr: [], msgctxt: [] };
    const comments = [];
    for (const line of lines) {
      const m = /^(msgid|msgstr|msgctxt) (".*")$/.exec(line);
      if (m) {
        key = m[1];
        acc[key].push(m[2]);
      } else if (line.startsWith('"') && key) acc[key].push(line);
      else if (line.startsWith("#")) comments.push(line);
    }
    if (acc.msgid.length === 0) continue;
    entries.push({
      msgid: unquote(acc.msgid),
      msgstr: unquote(acc.msgstr),
      msgctxt: acc.msgctxt.length ? unquote(acc.msgctxt) : undefined,
      comments,
      raw: block,
    });
  }
  return { text, entries };
}

export function fillPo(file, translate) {
  const { text } = readPo(file);
  const blocks = text.split(/\n\n/);
  let filled = 0;
  const out = blocks.map((block) => {
    const idMatch = /(^|\n)msgid ((?:".*"\n?)+)/.exec(block);
    const strMatch = /(^|\n)msgstr ((?:".*"\n?)+)/.exec(block);
    if (!idMatch || !strMatch) return block;
    const id = unquote(idMatch[2].trim().split("\n"));
    const str = unquote(strMatch[2].trim().split("\n"));
    if (!id || str) return block;
    const ctx = /(^|\n)msgctxt (".*")/.exec(block);
    const value = translate(id, ctx ? JSON.parse(ctx[2]) : undefined);
    if (!value) return block;
    filled++;
    return block.replace(/(^|\n)msgstr (?:".*"\n?)+$/, `$1msgstr ${JSON.stringify(value)}`);
  });
  writeFileSync(file, out.join("\n\n"));
  return filled;
}
