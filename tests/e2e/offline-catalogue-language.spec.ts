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

  const category = "/catalog/mountain-bikes";
  const product = `/product/${bike.url_key}`;
  const main = page.locator("#main");
  const frenchCategory = page.getByRole("heading", { level: 1, name: "VTT" });
  const frenchPitch = main.getByText("conçu pour les sentiers pleins de racines").first();
  const frenchColour = main.getByRole("button", { name: firstColour.label!, exact: true });

  // Online: the category and the bicycle, in French.
  await page.goto(category);
  await expect(frenchCategory).toBeVisible();
  await expect(main.getByRole("link", { name: bike.name }).first()).toBeVisible();
  await page.goto(product);
  await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
  await expect(frenchPitch).toBeVisible();
  await expect(frenchColour).toBeVisible();

  // Offline: both pages again, from what the device kept, still in French.
  await context.setOffline(true);
  await page.goto(category);
  await expect(frenchCategory).toBeVisible();
  await expect(main.getByRole("link", { name: bike.name }).first()).toBeVisible();
  await page.goto(product);
  await expect(page.getByRole("heading", { level: 1, name: bike.name })).toBeVisible();
  await expect(frenchPitch).toBeVisible();
  await expect(frenchColour).toBeVisible();
  await expect(main.getByText("built for rooty singletrack")).toHaveCount(0);

  // Back online, in English: the page reads the English texts at once, no reload.
  await context.setOffline(false);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await page.getByLabel("Langue").selectOption("en");
  await expect(main.getByText("built for rooty singletrack").first()).toBeVisible();
  await expect(
    main.getByRole("button", { name: firstColour.color, exact: true }),
  ).toBeVisible();
  await expect(main.getByText("conçu pour les sentiers pleins de racines")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  await page.goto(category);
  await expect(page.getByRole("heading", { level: 1, name: "Mountain Bikes" })).toBeVisible();
});
