// Issue 39 item 4 (decision 051): the catalogue in the shopper's language. A French shopper browses a category
// and a bicycle online, goes offline and still reads them in French (the device keeps each language's replies
// apart); back online, switching to English shows the English texts without a reload.
import { expect, test } from "./offline-fixtures";
import { waitForServiceWorker } from "./offline-helpers";

interface WireProduct {
  id: number;
  name: string;
  url_key: string;
  variation: { color: string; label?: string }[];
}

test("a French shopper reads the catalogue in French offline; switching to English shows English", async ({
  page,
  context,
  request,
}) => {
  const reply = await request.get("/api/products?cat_slug=mountain-bikes&limit=12&locale=fr");
  const { data } = (await reply.json()) as { data: WireProduct[] };
  const bike = data.find((p) => p.variation.length > 1)!;
  const firstColour = bike.variation[0]!;
  expect(firstColour.label).toBeTruthy();

  await page.goto("/");
  await waitForServiceWorker(page);
  await page.getByLabel("Language").selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  const main = page.locator("#main");
  const frenchPitch = "conçu pour les sentiers pleins de racines";
  const englishPitch = "built for rooty singletrack";

  /** The mountain bikes' page in French, with the bicycle listed. */
  const readsFrenchCategory = async () => {
    await page.goto("/catalog/mountain-bikes");
    await expect(page.getByRole("heading", { level: 1, name: "VTT" })).toBeVisible();
    await expect(main.getByRole("link", { name: bike.name }).first()).toBeVisible();
  };
  /** The bicycle's page in French: its name, its French pitch and its first colour's French label. */
  const readsFrenchProduct = async () => {
    await page.goto(`/product/${bike.url_key}`);
    await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
    await expect(main.getByText(frenchPitch).first()).toBeVisible();
    await expect(main.getByRole("button", { name: firstColour.label!, exact: true })).toBeVisible();
  };
  /** Marks the document, so that `stillSameDocument` tells whether a step reloaded it. */
  const markDocument = () => page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  const stillSameDocument = () => page.evaluate(() => (window as { stayed?: boolean }).stayed);

  // Online: the category and the bicycle, in French.
  await readsFrenchCategory();
  await readsFrenchProduct();

  // Offline: both pages again, from what the device kept, still in French.
  await context.setOffline(true);
  await readsFrenchCategory();
  await readsFrenchProduct();
  await expect(main.getByText(englishPitch)).toHaveCount(0);

  // Back online, in English: the page reads the English texts at once, no reload.
  await context.setOffline(false);
  await markDocument();
  await page.getByLabel("Langue").selectOption("en");
  await expect(main.getByText(englishPitch).first()).toBeVisible();
  await expect(main.getByRole("button", { name: firstColour.color, exact: true })).toBeVisible();
  await expect(main.getByText(frenchPitch)).toHaveCount(0);
  expect(await stillSameDocument()).toBe(true);
  await page.goto("/catalog/mountain-bikes");
  await expect(page.getByRole("heading", { level: 1, name: "Mountain Bikes" })).toBeVisible();
});
