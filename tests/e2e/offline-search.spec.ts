import { expect, test } from "./offline-fixtures";
import { openProductPages, startWithWorker } from "./offline-helpers";

// Issue 18 item 3: the header's search asks the server online; offline it searches the bicycles saved on
// the device (the persisted query cache) with MiniSearch, and says so.
test("search finds bicycles online through the server and offline among the ones saved on the device", async ({
  page,
  context,
  request,
}) => {
  const [a, b] = await startWithWorker(page, request, 2);
  await openProductPages(page, [a!, b!]);
  const word = (name: string) => name.split(/\s+/).sort((x, y) => y.length - x.length)[0]!;

  // Online: the header's field, the server's answer.
  const header = page.getByRole("search", { name: "Search bicycles" });
  await header.getByRole("searchbox", { name: "Search" }).fill(word(a!.name));
  await header.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link", { name: a!.name }).first()).toBeVisible();
  await expect(page.getByTestId("search-saved-note")).toHaveCount(0);

  // Offline: a word of b's name finds it among the saved bicycles, with the note; the result opens.
  await context.setOffline(true);
  await page.goto(`/search?q=${encodeURIComponent(word(b!.name).toLowerCase())}`);
  await expect(page.getByText("Showing results saved on this device")).toBeVisible();
  await expect(results.getByRole("link", { name: b!.name }).first()).toBeVisible();
  await results.getByRole("link", { name: b!.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${b!.url_key}$`));

  // In French too.
  await page.goto("/search?q=zzzzqqq");
  await page.getByLabel("Language").first().selectOption("fr");
  await expect(page.getByText("Résultats enregistrés sur cet appareil")).toBeVisible();
  await expect(page.getByText("Aucun vélo ne correspond à « zzzzqqq ».")).toBeVisible();
});
