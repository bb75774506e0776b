import { describe, expect, it } from "vitest";
import { injectPage } from "./ssr";

const shell = `<!doctype html><html><head><script type="module" crossorigin src="/assets/initial-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="modulepreload" crossorigin fetchpriority="high" href="/assets/c.js">
<link rel="icon" href="/favicon.svg"></head><body><div id="root"><div class="boot"></div></div></body></html>`;

describe("a server-rendered page", () => {
  it("has its page in #root and fetches the shell's scripts at low priority, once marked each", () => {
    const html = injectPage(shell, {
      html: "<h1>Bikes</h1>",
      head: "<style>x</style>",
      handoff: "",
      status: 200,
    })!;
    expect(html).toContain('<div id="root"><h1>Bikes</h1></div>');
    expect(html).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/initial-a.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-b.js">',
    );
    // A tag that already says its priority keeps it; other tags are left alone.
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="high" href="/assets/c.js">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg">');
    expect(html.indexOf("<style>x</style>")).toBeLessThan(html.indexOf("</head>"));
  });

  it("carries the page's language, title and description into the shell's head, escaped", () => {
    const withHead = shell
      .replace("<head>", '<head><title>Shop</title><meta name="description" content="The shop" />')
      .replace("<html>", '<html lang="en">');
    const html = injectPage(withHead, {
      html: "<h1>Vélos</h1>",
      head: "",
      handoff: "",
      status: 200,
      locale: "fr",
      title: "Vélos <de route> | Velora",
      description: 'Des "vélos" & plus',
    })!;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Vélos &lt;de route&gt; | Velora</title>");
    expect(html).toContain('<meta name="description" content="Des &quot;vélos&quot; &amp; plus" />');
  });
});
