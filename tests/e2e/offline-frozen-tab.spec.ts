import { expect, test } from "./offline-fixtures";
import { addToCartButton, serverCart, startWithWorker } from "./offline-helpers";

// Issue 39 item 3: the replayer's Web Lock with a liveness signal. A tab frozen while it holds the outbox's
// lock (WebKit freezes background tabs, a phone sleeps) would keep every other tab, and the service worker,
// from sending the waiting changes for as long as it stays frozen. The other tab hears no heartbeat, takes
// the lock over and sends them; the change still reaches the server once when the frozen tab wakes.

const OUTBOX_LOCK = "bicycle-shop-outbox";

test("a tab frozen while holding the outbox's lock does not keep the other tab from sending, and the change arrives once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const [a] = await startWithWorker(page, request, 1);
  await page.goto(`/product/${a!.url_key}`);
  await expect(addToCartButton(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto("/cart");
  await expect(other.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await addToCartButton(page).click();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "1");
  await expect(other.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "1");

  // The first tab holds the lock, as in the middle of a replay, and is frozen there: its timers stop, its
  // heartbeat with them, and the lock stays held.
  await page.evaluate((name) => {
    void navigator.locks.request(name, () => new Promise<void>(() => undefined)).catch(() => undefined);
  }, OUTBOX_LOCK);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0))
    .toBe(1);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.setWebLifecycleState", { state: "frozen" });

  await context.setOffline(false);
  // The other tab (or the worker) takes the lock over once the holder has been silent a while, and sends.
  await expect.poll(() => serverCart(other), { timeout: 150_000, intervals: [2_000] }).toEqual([[a!.id, 1]]);
  await expect(other.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });

  // The frozen tab wakes and starts anew: the change is not sent again.
  await cdp.send("Page.setWebLifecycleState", { state: "active" });
  await page.reload();
  await expect(addToCartButton(page)).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await other.reload();
  await expect(other.getByTestId("cart-line")).toHaveCount(1);
  expect(await serverCart(other)).toEqual([[a!.id, 1]]);
});
