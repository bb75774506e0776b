import { expect, test } from "./offline-fixtures";
import {
  addToCartButton,
  registerAndLogin,
  serverCart,
  serverWishlist,
  startWithWorker,
} from "./offline-helpers";

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("a seeded browser soak: random offline/online flips with random cart and wishlist edits end with the server equal to the intended state", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const random = mulberry32(6);
  const products = await startWithWorker(page, request, 3, 10);
  await registerAndLogin(page, "soak");
  for (const p of products) {
    await page.goto(`/product/${p.url_key}`);
    await expect(addToCartButton(page)).toBeVisible();
  }
  await page.goto("/cart");

  const cart = new Map<number, number>();
  const wishlist = new Set<number>();
  let offline = false;
  let offlineEdits = 0;
  for (let step = 0; step < 30; step++) {
    const r = random();
    const p = products[Math.floor(random() * products.length)]!;
    if (r < 0.3) {
      offline = !offline;
      await context.setOffline(offline);
      continue;
    }
    if (offline) offlineEdits += 1;
    if (r < 0.55) {
      if ((cart.get(p.id) ?? 0) >= 5) continue;
      await page.goto(`/product/${p.url_key}`);
      await addToCartButton(page).click();
      cart.set(p.id, (cart.get(p.id) ?? 0) + 1);
    } else if (r < 0.8 && cart.has(p.id)) {
      await page.goto("/cart");
      const up = random() < 0.5 && cart.get(p.id)! < 5;
      await page
        .getByRole("button", { name: `${up ? "Increase" : "Decrease"} the quantity of ${p.name}` })
        .click();
      const qty = cart.get(p.id)! + (up ? 1 : -1);
      if (qty > 0) cart.set(p.id, qty);
      else cart.delete(p.id);
    } else {
      await page.goto(`/product/${p.url_key}`);
      const inList = wishlist.has(p.id);
      await page
        .locator("#main")
        .getByRole("button", { name: inList ? "Remove from wishlist" : "Add to wishlist" })
        .first()
        .click();
      if (inList) wishlist.delete(p.id);
      else wishlist.add(p.id);
    }
  }

  // The schedule did edit while offline (and online).
  expect(offlineEdits).toBeGreaterThan(3);
  await context.setOffline(false);
  await page.goto("/cart");
  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  const expected = [...cart.entries()].sort((a, b) => a[0] - b[0]);
  await expect.poll(() => serverCart(page)).toEqual(expected);
  await expect.poll(() => serverWishlist(page)).toEqual([...wishlist].sort((a, b) => a - b));
  await expect(page.getByTestId("cart-line")).toHaveCount(expected.length);
});
