import { expect, test } from "./offline-fixtures";
import {
  addableProducts,
  addToCartButton,
  openProductPages,
  registerAndLogin,
  serverCart,
  serverWishlist,
  startWithWorker,
  waitForServiceWorker,
} from "./offline-helpers";

test("the waiting changes are listed in words; an undone change stays undone after a reload and never reaches the server", async ({
  page,
  context,
  request,
}) => {
  // A long journey (nine page loads, two of them offline) on a shared machine.
  test.setTimeout(180_000);
  const [a, b, c, d] = await startWithWorker(page, request, 4);
  await registerAndLogin(page, "queue");
  await openProductPages(page, [a!, b!, d!, c!]);
  // C is on the server wishlist before the connection goes.
  await page.locator("#main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await expect.poll(() => serverWishlist(page)).toEqual([c!.id]);
  await page.goto("/cart");
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-line")).toHaveCount(1);

  await context.setOffline(true);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await addToCartButton(page).click();
  await page.goto(`/product/${d!.url_key}`);
  await addToCartButton(page).click();
  await page.goto(`/product/${b!.url_key}`);
  await page.locator("#main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await page.goto(`/product/${c!.url_key}`);
  await page.locator("#main").getByRole("button", { name: "Remove from wishlist" }).first().click();

  const indicator = page.getByRole("button", { name: "4 changes waiting" });
  await expect(indicator).toBeVisible();
  await indicator.click();
  const panel = page.getByRole("dialog", { name: "Changes waiting to be sent" });
  await expect(panel).toBeVisible();
  // The two adds of A will reach the server as one line of 2: one entry.
  await expect(panel.getByTestId("queued-change")).toHaveText([
    new RegExp(`^Add ${a!.name} × 2 to cartUndo$`),
    new RegExp(`^Add ${d!.name} to cartUndo$`),
    new RegExp(`^Add ${b!.name} to wishlistUndo$`),
    new RegExp(`^Remove ${c!.name} from wishlistUndo$`),
  ]);

  // Undo gives the screen back as it was: C's heart, no line of D.
  await panel.getByRole("button", { name: `Undo: Remove ${c!.name} from wishlist` }).click();
  await expect(panel.getByTestId("queued-change")).toHaveCount(3);
  await panel.getByRole("button", { name: `Undo: Add ${d!.name} to cart` }).click();
  await expect(panel.getByTestId("queued-change")).toHaveCount(2);
  // Focus stays in the panel (on the next Undo); Escape closes it and gives focus back to the indicator.
  await expect(panel.getByRole("button", { name: `Undo: Add ${b!.name} to wishlist` })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "2 changes waiting" })).toBeFocused();
  await expect(
    page.locator("#main").getByRole("button", { name: "Remove from wishlist" }).first(),
  ).toBeVisible();

  // Still offline, after a reload: the undone changes stay undone.
  await page.reload();
  await expect(page.getByRole("button", { name: "2 changes waiting" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line")).toContainText(a!.name);
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-line")).toHaveCount(2);
  await page.getByRole("button", { name: "2 changes waiting" }).click();
  await expect(panel.getByTestId("queued-change")).toHaveText([
    new RegExp(`^Add ${a!.name} × 2 to cartUndo$`),
    new RegExp(`^Add ${b!.name} to wishlistUndo$`),
  ]);
  expect(await serverCart(page)).toEqual([]);

  // Back online, the open panel, now titled "Changes sent", says what was sent; closed, the indicator is gone.
  await context.setOffline(false);
  const sent = page.getByRole("dialog", { name: "Changes sent" });
  // The summary counts what the panel listed (A's two adds are one entry, B's intent the other), not requests.
  await expect(sent.getByTestId("outbox-summary")).toHaveAttribute("data-synced", "2");
  await expect(sent.getByTestId("outbox-summary")).toHaveAttribute("data-refused", "0");
  await expect(panel).toHaveCount(0);
  await sent.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("waiting-changes")).toHaveCount(0);
  expect(await serverCart(page)).toEqual([[a!.id, 2]]);
  expect(await serverWishlist(page)).toEqual([b!.id, c!.id].sort((x, y) => x - y));

  // Exactly once: another reload and replay chance change nothing.
  await page.reload();
  await expect(page.getByTestId("wishlist-line")).toHaveCount(2);
  expect(await serverCart(page)).toEqual([[a!.id, 2]]);
  expect(await serverWishlist(page)).toEqual([b!.id, c!.id].sort((x, y) => x - y));
  await expect(page.getByTestId("waiting-changes")).toHaveCount(0);
});

test("a change undone in one tab leaves the other tab's queue and cart, and that tab never sends it", async ({
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const [x, y] = await addableProducts(request, 2);
  const tabA = await context.newPage();
  await tabA.goto("/");
  await waitForServiceWorker(tabA);
  await openProductPages(tabA, [x!, y!]);
  await tabA.goto("/cart");
  const tabB = await context.newPage();
  await tabB.goto("/cart");

  await context.setOffline(true);
  await tabA.goto(`/product/${x!.url_key}`);
  await addToCartButton(tabA).click();
  // Tab B holds the change too (BroadcastChannel) and shows the line (the device cart is shared).
  await tabB.getByRole("button", { name: "1 change waiting" }).click();
  const panel = tabB.getByRole("dialog", { name: "Changes waiting to be sent" });
  await panel.getByRole("button", { name: `Undo: Add ${x!.name} to cart` }).click();
  // The last entry undone: the panel and the indicator go, focus goes to the page.
  await expect(panel).toBeHidden();
  await expect(tabB.getByTestId("waiting-changes")).toHaveCount(0);
  await expect(tabB.getByTestId("cart-line")).toHaveCount(0);
  // Tab A, which made the change, drops it too.
  await expect(tabA.getByTestId("waiting-changes")).toHaveCount(0);
  await expect(tabA.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();

  // Tab A adds Y and replays when the connection returns: only Y reaches the server.
  await addToCartButton(tabA).click();
  await tabA.goto(`/product/${y!.url_key}`);
  await addToCartButton(tabA).click();
  await expect(tabA.getByRole("button", { name: "2 changes waiting" })).toBeVisible();
  await tabA.getByRole("button", { name: "2 changes waiting" }).click();
  const panelA = tabA.getByRole("dialog", { name: "Changes waiting to be sent" });
  await panelA.getByRole("button", { name: `Undo: Add ${x!.name} to cart` }).click();
  await expect(panelA.getByTestId("queued-change")).toHaveText([new RegExp(`^Add ${y!.name} to cartUndo$`)]);
  await tabA.keyboard.press("Escape");
  await context.setOffline(false);
  for (const tab of [tabA, tabB]) await expect(tab.getByTestId("waiting-changes")).toHaveCount(0);
  await expect.poll(() => serverCart(tabA)).toEqual([[y!.id, 1]]);
  await tabB.reload();
  await expect(tabB.getByTestId("cart-line")).toHaveCount(1);
  expect(await serverCart(tabB)).toEqual([[y!.id, 1]]);
});
