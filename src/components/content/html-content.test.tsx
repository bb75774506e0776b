// @vitest-environment jsdom
// jsdom: DOMPurify 3.4 runs wrongly under happy-dom (see utils/sanitize-html.test.ts).
import DOMPurify from "dompurify";
import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPurifier, purifierLoaded } from "@/utils/sanitize-html";
import { HtmlContent } from "./html-content";

const hostile =
  '<p>Safe <b>text</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>';
const placeholder = /<!--server-markup-[a-z0-9]+-->/;

let container: HTMLDivElement;
let root: Root | null = null;
const sanitize = vi.spyOn(DOMPurify, "sanitize");

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  sanitize.mockClear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

/** The page as the server renderer sends it: the element holding the HTML its own DOMPurify made safe. */
function serverPage(html: string, sanitisedByServer: string): string {
  const page = renderToString(<HtmlContent html={html} />);
  expect(page).toMatch(placeholder);
  return page.replace(placeholder, sanitisedByServer);
}

describe("HtmlContent", () => {
  it("keeps the server's sanitised markup while hydrating, and sanitises HTML that changes afterwards", async () => {
    container.innerHTML = serverPage(hostile, "<p>Safe <b>text</b></p>");
    sanitize.mockClear();
    await act(async () => {
      root = hydrateRoot(container, <HtmlContent html={hostile} />);
    });
    expect(container.textContent).toBe("Safe text");
    expect(sanitize).not.toHaveBeenCalled();
    // Nor was DOMPurify's code loaded for it: it comes when the browser must sanitise HTML itself.
    expect(purifierLoaded()).toBe(false);

    await act(async () => {
      root!.render(<HtmlContent html={'<p>Next</p><img src="y" onerror="window.hacked=3">'} />);
      await loadPurifier();
    });
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe("Next");
    expect(container.querySelector("img")?.hasAttribute("onerror")).toBe(false);

    // Back to the first HTML: the browser's own sanitised copy, not the server's, which is gone.
    await act(async () => root!.render(<HtmlContent html={hostile} />));
    expect(container.textContent).toBe("Safe text");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.hasAttribute("onerror")).toBe(false);
  });

  it("sanitises in the browser when it is mounted rather than hydrated, leaving no placeholder", async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<HtmlContent html={hostile} />);
      await loadPurifier();
    });
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe("Safe text");
    expect(container.innerHTML).not.toMatch(placeholder);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.hasAttribute("onerror")).toBe(false);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
