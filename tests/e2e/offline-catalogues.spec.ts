// Decision 059: each language has two message catalogues, the first screen's and the pages'. The service
// worker precaches both for every language, so a shopper offline can switch language and open pages they
// never opened online. Their texts are then in that language, and no message id shows.
import { expect, test } from "./offline-fixtures";
import { waitForServiceWorker } from "./offline-helpers";

test("offline, a language never loaded and a page never opened both come from the device, with their texts", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await waitForServiceWorker(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await context.setOffline(true);

  // German was never loaded online: the first screen's catalogue comes from the worker's precache.
  await page.getByLabel("Language").selectOption("de");
  await expect(page.getByRole("button", { name: "Fahrradtypen" })).toBeVisible();

  // A page never opened: its code and the pages' German catalogue come from the precache too.
  await page.locator('header a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeVisible();

  // A new document, still offline: the shell from the worker, then the page in German again.
  await page.reload();
  await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});
