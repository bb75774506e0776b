// The browser journeys' `test`: a page opened with goto() or reload() is returned once the app answers
// clicks. Pages arrive server-rendered, and a click that lands before hydration is lost (no handler yet),
// exactly as it would be for a shopper; the journeys are about what happens after the page works.
import { test as base } from "@playwright/test";

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = () => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
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
