// Issue 39 item 3 (decision 055): WebKit can keep `navigator.onLine === false` after the device wakes, with no
// `online` event to follow, while the network works. The shop asks the server itself when the page wakes: the
// offline banner goes and the change made while away is sent. Links never wait for that question.
// The stale value is the browser's own reading here (the `e2e_offline` cookie of network-emulation.ts makes
// `navigator.onLine` false in the page) while the network is whole; "away" is every request to the server's API
// and health check refused (the shop's code still loads: no service worker in this project to hold it).
import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { addableProducts, addToCartButton, serverCart } from "./offline-helpers";

/** The browser says offline from now on, whatever the network does (as WebKit after a wake). */
async function browserSaysOffline(context: BrowserContext, page: Page, baseURL: string) {
  await context.addCookies([{ name: "e2e_offline", value: "1", url: baseURL }]);
  await page.evaluate(() => window.dispatchEvent(new Event("offline")));
}

/** The page wakes: made visible again (the event a phone's browser sends when it is used again). */
async function wake(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
}

const banner = (page: Page) => page.getByTestId("offline-banner");

test("a browser still saying offline after a wake is checked with the server: the banner goes and the change made while away is sent", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const [bike] = await addableProducts(request, 1);
  await page.goto(`/product/${bike!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: bike!.name })).toBeVisible();

  // Away: the server cannot be reached, and the browser says so.
  const server = (url: URL) => url.pathname.startsWith("/api/") || url.pathname === "/healthz";
  const refuse = (route: Route) => route.abort("internetdisconnected");
  await context.route(server, refuse);
  await browserSaysOffline(context, page, baseURL!);
  await expect(banner(page)).toContainText("You are offline");
  await addToCartButton(page).click();
  await expect(banner(page)).toHaveAttribute("data-waiting", "1");

  // Back in range, but the browser still says offline and no `online` event comes.
  await context.unroute(server, refuse);
  await wake(page);
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect.poll(() => serverCart(page)).toEqual([[bike!.id, 1]]);
});

test("a link never waits for the connectivity question: the next page opens while it is unanswered", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/contact");
  await browserSaysOffline(context, page, baseURL!);
  // The question is asked and held unanswered for the whole of the navigation.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await context.route("**/healthz", async (route) => {
    asked.push(route.request().method());
    await released;
    await route.continue();
  });
  await wake(page);
  await expect.poll(() => asked).toEqual(["HEAD"]);

  await page.locator("footer").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/page\/about-us$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(asked).toEqual(["HEAD"]);
  release();
  // Answered: the shop can be reached, whatever the browser says.
  await expect(banner(page)).toHaveCount(0);
});
