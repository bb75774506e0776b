// Weak signal (issue 18 item 6): when the network answers too slowly, the shop shows the saved copy with
// 'Slow connection: showing the saved copy' instead of waiting, and the fresh reply replaces it when it arrives.
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { readKeyval, startWithWorker } from "./offline-helpers";

/**
 * True once the persisted query cache (IndexedDB, idb-keyval's default store) holds this product's page: a
 * saved query keyed by its address's url key, with data. Read by the query key, not by a field name, because
 * the cache holds the storefront's Product (api/product.ts), not the API's reply.
 */
async function persisted(page: Page, urlKey: string): Promise<boolean> {
  const saved = (await readKeyval(page, "bicycle-shop-query-cache")) as
    { clientState?: { queries?: { queryKey?: unknown; state?: { data?: unknown } }[] } } | undefined;
  return (saved?.clientState?.queries ?? []).some(
    (q) => Array.isArray(q.queryKey) && q.queryKey.includes(urlKey) && q.state?.data != null,
  );
}

test("a slow product read shows the saved copy with the slow-connection notice, and the fresh reply replaces it when it arrives", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a] = await startWithWorker(page, request, 1);
  await page.goto(`/product/${a!.url_key}`);
  await expect(page.getByRole("heading", { level: 1, name: a!.name })).toBeVisible();
  await expect.poll(() => persisted(page, a!.url_key)).toBe(true);
  // The worker keeps a bounded copy of catalogue replies (stale-while-revalidate, 400 entries), and this one is
  // gone; the device's query cache still has the product. Ten minutes later its copy is stale and read again.
  await page.evaluate(() => caches.delete("api-catalog-v1"));
  await context.clock.install({ time: Date.now() + 10 * 60_000 });

  // One bar of signal: the product's read (and any navigation that would reach the network) waits until the
  // test lets it through; the fresh reply then carries a new name.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const hold = async (route: Route) => {
    held += 1;
    await released;
    if (!route.request().url().includes("url_key=")) return route.continue();
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: { url_key: string; name: string }[] };
    for (const p of body.data) if (p.url_key === a!.url_key) p.name = `${p.name} (fresh)`;
    await route.fulfill({ response: reply, json: body });
  };
  await context.route(/\/api\/products\?.*url_key=/, hold);
  await context.route(
    (url) => url.pathname.startsWith("/product/"),
    (route) => (route.request().isNavigationRequest() ? hold(route) : route.continue()),
  );

  // The navigation is answered by the worker's shell, the product by the saved copy; after 4 s the notice.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: a!.name, exact: true })).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: "Slow connection: showing the saved copy" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: a!.name, exact: true })).toBeVisible();
  expect(held).toBeGreaterThan(0);

  // The signal gets through: the fresh reply replaces the copy and the notice goes.
  release();
  await expect(page.getByRole("heading", { level: 1, name: `${a!.name} (fresh)` })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
