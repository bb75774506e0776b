// Decision 059: the first screen loads only its own message catalogue; a page's and a popup's messages load
// with its code. A page opened directly or from the first screen, and a language switched to on such a page,
// must draw its own texts in the shopper's language and never, not even for a frame, a message id (a 6-character
// hash in the production build).
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { collectErrors } from "./shopper";
import { CATALOGUES, catalogueFile } from "../../scripts/catalogues.mjs";
import { readPo } from "../../scripts/po.mjs";

/**
 * Every message id of the production build: lingui's hash of each message (and context), lower-cased, as a
 * drawn text may be transformed by CSS (`innerText` is).
 */
const ids = new Set(
  CATALOGUES.flatMap((c) =>
    (readPo(catalogueFile("en", c)).entries as { msgid: string; msgctxt?: string }[])
      .filter((e) => e.msgid)
      .map((e) => generateMessageId(e.msgid, e.msgctxt).toLowerCase()),
  ),
);

/** Records every text the page ever inserts or changes, from its first parse on. */
async function recordTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "characterData") seen.push(r.target.textContent ?? "");
        for (const node of r.addedNodes) seen.push(node.textContent ?? "");
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The message ids the document has shown so far, as whole words of any text it drew. */
async function idsShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    ...(window as unknown as { seenTexts: string[] }).seenTexts,
    document.body.innerText,
  ]);
  const words = texts.flatMap((t) => t.split(/[\s,.:;!?()«»"“”'’…×]+/));
  return [...new Set(words.filter((w) => ids.has(w.toLowerCase())))];
}

test("pages opened in French, from the first screen and directly, and a switch to German show their own texts, never an id", async ({
  page,
}) => {
  test.slow(); // several pages; the machine may be busy with other builds
  expect(ids.size).toBeGreaterThan(400);
  const errors = collectErrors(page);
  await recordTexts(page);

  // The first screen in French (its own catalogue), then a page from it: the contact page's form.
  await page.goto("/?lang=fr");
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
  await page.locator('header a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("button", { name: "Envoyer le message" })).toBeVisible();

  // A product page opened directly, its card's action, then checkout: the form is a popup-like lazy part.
  expect(await idsShown(page)).toEqual([]);
  await page.goto("/product/avenue-classic");
  await page.locator("#main").getByRole("button", { name: "Ajouter au panier", exact: true }).first().click();
  await expect(page.getByText("Ajouté au panier").last()).toBeVisible();
  expect(await idsShown(page)).toEqual([]);
  await page.goto("/checkout");
  await expect(page.getByRole("form", { name: "Adresse de facturation" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continuer" }).first()).toBeVisible();

  // Switching language on that page: its own texts come in German with the rest.
  await page.getByLabel("Langue").selectOption("de");
  await expect(page.getByRole("form", { name: "Rechnungsadresse" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Weiter" }).first()).toBeVisible();

  expect(await idsShown(page)).toEqual([]);

  // A personal page opened directly: the server sends its frame, the browser draws the form.
  await page.goto("/login-register");
  await expect(page.getByRole("tab", { name: "Anmelden" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Registrieren" })).toBeVisible();

  expect(await idsShown(page)).toEqual([]);
  expect(errors.filter((e) => !/service worker/i.test(e))).toEqual([]);
});
