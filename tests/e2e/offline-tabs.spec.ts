import { expect, test } from "./offline-fixtures";
import {
  addableProducts,
  addToCartButton,
  openProductPages,
  serverCart,
  waitForServiceWorker,
} from "./offline-helpers";

test("two tabs with changes waiting: one tab replays, the server gets each change once, both tabs end equal", async ({
  context,
  request,
}) => {
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
  await tabB.goto(`/product/${y!.url_key}`);
  await addToCartButton(tabB).click();
  // Each tab knows both waiting changes (the other tab's arrive over BroadcastChannel).
  for (const tab of [tabA, tabB])
    await expect(tab.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "2");

  await context.setOffline(false);
  for (const tab of [tabA, tabB]) await expect(tab.getByTestId("offline-banner")).toHaveCount(0);
  // A summary tells the shopper that the changes synced, and nothing was refused. (Which tab shows it, and
  // whether one summary counts both tabs' changes, depends on which tab wins the replay lock.)
  const summaries = [tabA, tabB].map((t) => t.getByTestId("outbox-summary"));
  await expect
    .poll(async () => (await summaries[0]!.count()) + (await summaries[1]!.count()))
    .toBeGreaterThan(0);
  for (const summary of summaries)
    for (const shown of await summary.all()) await expect(shown).toHaveAttribute("data-refused", "0");

  const expected = [
    [x!.id, 1],
    [y!.id, 1],
  ].sort((p, q) => p[0]! - q[0]!);
  expect(await serverCart(tabA)).toEqual(expected);
  for (const tab of [tabA, tabB]) {
    await tab.goto("/cart");
    await expect(tab.getByTestId("cart-line")).toHaveCount(2);
  }
  expect(await serverCart(tabB)).toEqual(expected);
});
