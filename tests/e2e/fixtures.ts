// The browser journeys' `test`: a page opened with goto() or reload() is returned once the app answers
// clicks. Pages arrive server-rendered, and a click that lands before hydration is lost (no handler yet),
// exactly as it would be for a shopper; the journeys are about what happens after the page works.
import { test as base } from "@playwright/test";
import { emulateNetwork } from "./network-emulation";

export const test = base.extend({
  // `setOffline` holds for documents loaded after the cut too (see network-emulation.ts).
  context: async ({ context, baseURL }, use) => {
    await emulateNetwork(context, baseURL!);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      // The shell hydrates first and marks <html data-hydrated>; the page's own part (a Suspense boundary
      // of the router) hydrates in a later background pass and then marks #main with its address
      // (src/app/page-ready.tsx).
      const hydrated = async () => {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForFunction(
          () => document.getElementById("main")?.getAttribute("data-page-ready") === location.href,
        );
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const reply = await goto(...args);
        await hydrated();
        return reply;
      };
      page.reload = async (...args) => {
        const reply = await reload(...args);
        await hydrated();
        return reply;
      };
    }
    await use(page);
  },
});
