// @vitest-environment jsdom
// A file of its own: DOMPurify is not loaded here before the failed download (module state).
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { loadPurifier, purifierLoaded, purifierUnavailable } from "@/utils/sanitize-html";
import { HtmlContent } from "./html-content";

const hostile =
  '<p>Safe <b>text</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script><style>p{}</style>';

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

it("shows only the text of server HTML while DOMPurify cannot be downloaded, and the HTML once it can", async () => {
  // Offline before the service worker cached DOMPurify's chunk.
  await loadPurifier(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
  expect(purifierUnavailable()).toBe(true);

  await act(async () => root.render(<HtmlContent html={hostile} />));
  expect(container.textContent).toBe("Safe text");
  expect(container.querySelector("b, img, script")).toBeNull();
  expect((window as { hacked?: number }).hacked).toBeUndefined();

  // Tried again once the page is idle (jsdom has no requestIdleCallback: after 2 s); this time it arrives.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2000);
    await loadPurifier();
  });
  expect(purifierLoaded()).toBe(true);
  expect(container.querySelector("b")?.textContent).toBe("text");
  expect(container.querySelector("script")).toBeNull();
  expect(container.querySelector("img")?.hasAttribute("onerror")).toBe(false);
});
