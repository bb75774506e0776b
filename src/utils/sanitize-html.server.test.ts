// @vitest-environment node
// The server renderer's sanitiser: the same DOMPurify configuration over jsdom, in Node, without a browser DOM.
import { describe, expect, it, vi } from "vitest";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

async function freshModule() {
  vi.resetModules();
  return import("./sanitize-html");
}

describe("sanitising server HTML in the server renderer", () => {
  it("returns nothing without a DOM rather than the input unchanged", async () => {
    const { sanitizeHtml } = await freshModule();
    expect(sanitizeHtml('<p>Safe</p><img src=x onerror="alert(1)">')).toBe("");
  });

  it.each([
    ["keeps content", '<h2>About</h2><p>We <a href="/catalog/road-bikes">build</a>.</p>', null],
    ["a script", '<p>Safe</p><script>alert("x")</script>', "<p>Safe</p>"],
    ["an event handler", '<img src="/a.svg" onerror="alert(1)" alt="a">', '<img src="/a.svg" alt="a">'],
    ["a javascript: URL", '<a href=" &#106;avascript:alert(1)">click</a>', "<a>click</a>"],
    ["a form and a style", '<form action="https://evil.example"><b>Login</b></form><style>x{}</style>', "<b>Login</b>"],
    ["the target of a link", '<a href="https://example.com" target="_blank">e</a>', '<a href="https://example.com">e</a>'],
    ["namespace confusion", '<svg></p><style><a id="</style><img src=1 onerror=alert(3)>">', null],
  ])("over jsdom: %s", async (_, input, output) => {
    const { sanitizeHtml, setServerPurifier } = await freshModule();
    setServerPurifier(createDOMPurify(new JSDOM("").window));
    const out = sanitizeHtml(input);
    if (output !== null) expect(out).toBe(output);
    else if (input.startsWith("<h2>")) expect(out).toBe(input);
    expect(out).not.toMatch(/<script|<svg|<style|\son\w+=|javascript:/i);
  });
});
