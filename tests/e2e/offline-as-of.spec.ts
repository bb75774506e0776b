// "As of" dates (issue 18): offline, a product page says when the server produced the copy it shows, not when
// the page read it. The worker's cached reply keeps the server's `Date` header; the page dates its data by it.
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { deleteKeyval, startWithWorker } from "./offline-helpers";

const DAY = 24 * 60 * 60 * 1000;

/** A date as the "as of" note says it in English, in the browser's time zone. */
function shownDate(page: Page, time: number): Promise<string> {
  return page.evaluate(
    (t) => new Intl.DateTimeFormat("en", { month: "long", day: "numeric", year: "numeric" }).format(t),
    time,
  );
}

test("offline, a product read two days ago says prices and stock as of two days ago, not today", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [product] = await startWithWorker(page, request, 1);

  // The server produced the product's reply two days ago (its Date header says so); the worker stores it as it came.
  const twoDaysAgo = Date.now() - 2 * DAY;
  const route = async (r: Route) => {
    const reply = await r.fetch();
    await r.fulfill({
      response: reply,
      headers: { ...reply.headers(), date: new Date(twoDaysAgo).toUTCString() },
    });
  };
  await context.route(/\/api\/products\?.*url_key=/, route);
  await page.goto(`/product/${product!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: product!.name })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async (key) => {
        const cache = await caches.open("api-catalog-v1");
        const hit = (await cache.keys()).find((r) => r.url.includes(`url_key=${key}`));
        return hit ? (await cache.match(hit))!.headers.get("date") : null;
      }, product!.url_key),
    )
    .toBe(new Date(twoDaysAgo).toUTCString());
  await context.unroute(/\/api\/products\?.*url_key=/, route);
  // Online the page shows no "as of" note.
  await expect(page.getByTestId("as-of-notice")).toHaveCount(0);

  const then = await shownDate(page, twoDaysAgo);
  expect(then).not.toBe(await shownDate(page, Date.now()));
  const expected = `Prices and stock as of ${then} (offline)`;

  // Offline, the page opened again from the device's saved query cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByTestId("as-of-notice")).toHaveText(expected);

  // And with no saved query cache (removed by the worker while no page of the shop is open), from the worker's
  // cached reply alone.
  await page.goto("about:blank");
  await deleteKeyval(context.serviceWorkers()[0]!, "bicycle-shop-query-cache");
  await page.goto(`/product/${product!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByTestId("as-of-notice")).toHaveText(expected);
});
