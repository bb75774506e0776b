// @vitest-environment jsdom
// A file of its own: which catalogues `i18n` holds is the module's state, from a fresh start.
import { msg } from "@lingui/core/macro";
import { describe, expect, it, vi } from "vitest";
import { activateLocale, i18n, withCatalogue } from "./i18n";

// One message of each catalogue: the footer's newsletter button (first screen) and the cart page's (pages).
const subscribe = msg`Subscribe`;
const proceed = msg`Proceed to Checkout`;
const held = (descriptor: { id: string }) => descriptor.id in i18n.messages;

describe("the message catalogues of a language (decision 059)", () => {
  it("start with the first screen's only, load a page's with its code, and switch languages with both", async () => {
    await activateLocale("en");
    expect(held(subscribe)).toBe(true);
    // The cart page's messages are not loaded by the first screen.
    expect(held(proceed)).toBe(false);

    // A page's code resolves once its catalogue is in: it renders in the active language.
    const page = await withCatalogue(async () => "the page's module")();
    expect(page).toBe("the page's module");
    expect(i18n._(proceed)).toBe("Proceed to Checkout");
    expect(held(proceed)).toBe(true);

    // A language switched to has every catalogue the app has needed so far, before it is shown.
    await activateLocale("fr");
    expect(i18n._(subscribe)).toBe("S’abonner");
    expect(i18n._(proceed)).toBe("Passer la commande");
  });

  it("gives a page whose code loads during a switch the new language's messages too", async () => {
    // A fresh start (the module's record of what the app needs), in a language not loaded before.
    vi.resetModules();
    const fresh = await import("./i18n");
    const switching = fresh.activateLocale("de");
    const page = fresh.withCatalogue(async () => "the page's module")();
    await Promise.all([switching, page]);
    expect(fresh.i18n.locale).toBe("de");
    expect(fresh.i18n._(proceed)).toBe("Zur Kasse gehen");
    expect(fresh.i18n._(subscribe)).toBe("Abonnieren");
  });
});
