/**
 * Server HTML without its event-handler attributes (`onload=…`, `onclick=…`: every attribute whose name
 * starts with "on"), removed from the text before any browser parser sees it.
 *
 * Why: since Chromium 156 the HTML parser checks an event-handler attribute against the page's Content
 * Security Policy as soon as it creates it, in every document (a DOMParser or `<template>` document, even the
 * Sanitizer API's `setHTML`), and reports "Executing inline event handler violates … 'script-src'". Nothing
 * runs, but each hostile description DOMPurify parses would be a console error and a CSP report. DOMPurify
 * removes these attributes anyway (none is in its allow-list), so its output is the same with or without this
 * step; it stays the one that makes HTML safe (this is not a sanitiser: whatever it misses, DOMPurify removes).
 *
 * It follows the HTML tokenizer where attributes can occur: start and end tags (names, `=`, quoted and unquoted
 * values), comments, `<!…>` and `<?…>` (bogus comments), and the raw-text elements whose content holds no tags.
 */

const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "textarea", "title"]);
/** Start tags that end SVG or MathML content (the tree builder's "breakout" elements). */
const BREAKOUT = new Set(
  "b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split(
    " ",
  ),
);
const SPACE = /[\t\n\f\r ]/;

export function withoutEventHandlers(html: string): string {
  // Fast path: no "on" after a space, a slash or a quote, so no handler attribute.
  if (!/[\s/"']on/i.test(html)) return html;
  let out = "";
  let i = 0;
  const n = html.length;
  // Inside SVG or MathML, "raw-text" names are ordinary elements whose content holds tags. There they are not
  // skipped: removing too much there changes nothing, as DOMPurify drops SVG and MathML with their content.
  const foreign = { svg: 0, math: 0 };
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    i = lt;
    const next = html[i + 1] ?? "";
    if (html.startsWith("<!--", i)) {
      // A comment: "<!-->" and "<!--->" end at once, otherwise the first "-->" or "--!>" ends it.
      const p = i + 4;
      let end: number;
      if (html[p] === ">") end = p + 1;
      else if (html.startsWith("->", p)) end = p + 2;
      else {
        const a = html.indexOf("-->", p);
        const b = html.indexOf("--!>", p);
        end = a < 0 && b < 0 ? n : a < 0 ? b + 4 : b < 0 || a < b ? a + 3 : b + 4;
      }
      out += html.slice(i, end);
      i = end;
      continue;
    }
    if (next === "!" || next === "?" || (next === "/" && !/[a-z]/i.test(html[i + 2] ?? ""))) {
      // A bogus comment (or "</" not followed by a letter): up to the next ">".
      const e = html.indexOf(">", i + 1);
      const end = e < 0 ? n : e + 1;
      out += html.slice(i, end);
      i = end;
      continue;
    }
    const endTag = next === "/";
    if (!endTag && !/[a-z]/i.test(next)) {
      out += "<";
      i += 1;
      continue;
    }
    // A tag: its name, then its attributes up to ">".
    let j = i + (endTag ? 2 : 1);
    while (j < n && !SPACE.test(html[j]!) && html[j] !== "/" && html[j] !== ">") j++;
    const name = html.slice(i + (endTag ? 2 : 1), j).toLowerCase();
    out += html.slice(i, j);
    let closed = false;
    let selfClosing = false;
    while (j < n) {
      const ch = html[j]!;
      if (ch === ">") {
        out += ">";
        j++;
        closed = true;
        break;
      }
      selfClosing = ch === "/" && html[j + 1] === ">";
      if (SPACE.test(ch) || ch === "/") {
        out += ch;
        j++;
        continue;
      }
      // An attribute name (a first "=" belongs to the name), then an optional value.
      const start = j;
      j++;
      while (j < n && !SPACE.test(html[j]!) && !"/>=".includes(html[j]!)) j++;
      const attrName = html.slice(start, j);
      let k = j;
      while (k < n && SPACE.test(html[k]!)) k++;
      if (html[k] === "=") {
        k++;
        while (k < n && SPACE.test(html[k]!)) k++;
        const q = html[k];
        if (q === '"' || q === "'") {
          const e = html.indexOf(q, k + 1);
          k = e < 0 ? n : e + 1;
        } else {
          while (k < n && !SPACE.test(html[k]!) && html[k] !== ">") k++;
        }
        j = k;
      }
      // A dropped attribute leaves a space: a "/" before it stays apart from a ">" after it (not a
      // self-closing tag that was not one).
      out += /^on/i.test(attrName) ? " " : html.slice(start, j);
    }
    i = j;
    if (closed && (name === "svg" || name === "math")) {
      if (endTag) foreign[name] = Math.max(0, foreign[name] - 1);
      else if (!selfClosing) foreign[name]++;
    } else if (closed && !endTag && BREAKOUT.has(name)) foreign.svg = foreign.math = 0;
    if (foreign.svg || foreign.math) continue;
    if (closed && !endTag && name === "plaintext") {
      // Everything after it is text.
      out += html.slice(i);
      break;
    }
    if (closed && !endTag && RAW_TEXT.has(name)) {
      // The element's text runs to its end tag: no tags (so no attributes) in between.
      const re = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "ig");
      re.lastIndex = i;
      const m = re.exec(html);
      const end = m ? m.index : n;
      out += html.slice(i, end);
      i = end;
    }
  }
  return out;
}
