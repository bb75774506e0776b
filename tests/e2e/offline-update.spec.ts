import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { expect, test } from "./offline-fixtures";
import { addToCartButton, addableProducts, serverCart, waitForServiceWorker } from "./offline-helpers";

/** Deploys a new build over the one the server serves (built aside, then copied in, as a deploy would). */
function deployNewBuild() {
  const dist = process.env.DIST_DIR ?? "dist";
  const next = `${dist}-next`;
  execFileSync("node_modules/.bin/vite", ["build", "--outDir", next, "--emptyOutDir"], {
    env: { ...process.env, BUILD_ID: `update-${Date.now()}` },
    stdio: "ignore",
  });
  cpSync(next, dist, { recursive: true });
  rmSync(next, { recursive: true, force: true });
}

test("a new version deployed while a change waits is offered, never forced, and loads once the change has synced", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [p] = await addableProducts(request, 1);
  await page.goto(`/product/${p!.url_key}`);
  await waitForServiceWorker(page);
  await expect(addToCartButton(page)).toBeVisible();

  await context.setOffline(true);
  await addToCartButton(page).click();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "1");

  // Back online, but the cart API stays unreachable for now: the change keeps waiting.
  await context.route("**/api/checkout/cart/**", (route) => route.abort("internetdisconnected"));
  await context.setOffline(false);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  deployNewBuild();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(page.getByTestId("update-prompt")).toHaveAttribute("data-state", "offered");
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "1");
  await page.getByTestId("update-reload").click();
  await expect(page.getByTestId("update-prompt")).toHaveAttribute("data-state", "requested");
  // No forced reload while the change waits.
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await serverCart(page)).toEqual([]);

  // The cart API comes back: the change syncs, then the new version loads.
  await context.unroute("**/api/checkout/cart/**");
  await page.waitForFunction(() => !(window as unknown as { stayed?: boolean }).stayed, undefined, {
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { level: 1, name: p!.name })).toBeVisible();
  expect(await serverCart(page)).toEqual([[p!.id, 1]]);
  await expect(page.getByTestId("update-prompt")).toHaveCount(0);
});
