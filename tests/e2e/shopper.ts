// Steps a shopper takes in several journeys (account.spec.ts, shopping.spec.ts): fill a form field, register,
// log in and out, read what the device keeps (IndexedDB, Cache Storage, localStorage), watch a page's errors and
// whether hydration keeps the server's elements.
import { existsSync, readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { ApiProduct } from "./offline-helpers";

export const DEMO = {
  email: "demo@bicycle-shop.test",
  password: "demo1234",
  phone: "+919800000001",
  name: "Demo Rider",
};

/** The reference server's mail outbox (scripts/serve-test.mjs: MAIL_OUTBOX per port), one JSON line each. */
const OUTBOX = `data/e2e-${process.env.E2E_PORT ?? 4173}-mail.jsonl`;

/** The link of the newest mail of `kind` to `to`, once it has arrived (mail goes out after the reply). */
export async function mailedLink(to: string, kind: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      if (!existsSync(OUTBOX)) return "";
      const mails = readFileSync(OUTBOX, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; kind: string; text: string })
        .filter((m) => m.to === to && m.kind === kind);
      link = /https?:\/\/\S+#token=[\w-]+/.exec(mails.at(-1)?.text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

/** A text field of the page's main area by its visible label (MUI adds a hidden " *" to required ones). */
export function field(page: Page, label: string) {
  return page.locator("#main").getByRole("textbox", { name: label, exact: true });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** Registers through the form; the shop logs the new customer in and shows my-account. */
export async function register(
  page: Page,
  who: { first: string; last: string; email: string; password: string },
) {
  await page.goto("/login-register?tab=register");
  await field(page, "First Name").fill(who.first);
  await field(page, "Last Name").fill(who.last);
  await field(page, "Email").fill(who.email);
  await field(page, "Password").fill(who.password);
  await field(page, "Confirm Password").fill(who.password);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("You are Signed up Successfully!")).toBeVisible();
  await expect(page.getByText("You are Logged in successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/my-account/);
  await expect(page.getByText(`Hello ${who.first} ${who.last}`)).toBeVisible();
}

/** Logs in with e-mail and password from the login page; lands on my-account (or the redirect path). */
export async function login(page: Page, email: string, password: string, path = "/login-register") {
  await page.goto(path);
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Logged Successfully!")).toBeVisible();
  await expect(page.getByText("You are Logged in successfully!")).toBeVisible();
}

/** Logs out from the header's account menu. */
export async function logout(page: Page) {
  await page.getByRole("button", { name: "Account", exact: true }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("You are logged out.")).toBeVisible();
}

/** Fills the postal address fields (account address book or checkout billing form). */
export async function fillAddress(
  page: Page,
  a: { first: string; last: string; street: string; city: string; postcode: string; phone: string },
) {
  await field(page, "First Name").fill(a.first);
  await field(page, "Last Name").fill(a.last);
  await field(page, "Street Address").fill(a.street);
  await field(page, "Town / City").fill(a.city);
  await field(page, "Postcode / ZIP").fill(a.postcode);
  await field(page, "Phone").fill(a.phone);
}

/** Everything the origin's IndexedDB databases hold, as text. */
/**
 * Clicks the Continue of one checkout step. While a step collapses and the next one opens, both steps' buttons
 * are on screen: the button is found inside the step's own form or choice list.
 */
export async function continueCheckout(
  page: Page,
  step: "Billing address" | "Shipping method" | "Payment method",
): Promise<void> {
  const scope =
    step === "Billing address"
      ? page.getByRole("form", { name: step })
      : page.locator("div", { has: page.getByRole("radiogroup", { name: step }) }).last();
  await scope.getByRole("button", { name: "Continue" }).click();
}

export async function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const name = info.name;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(new Error(String(req.error)));
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const tx = db.transaction(storeName);
        const [keys, values] = await Promise.all(
          [tx.objectStore(storeName).getAllKeys(), tx.objectStore(storeName).getAll()].map(
            (req) =>
              new Promise<unknown[]>((resolve, reject) => {
                req.onsuccess = () => resolve(req.result as unknown[]);
                req.onerror = () => reject(new Error(String(req.error)));
              }),
          ),
        );
        parts.push(JSON.stringify({ db: name, store: storeName, keys, values }));
      }
      db.close();
    }
    return parts.join("\n");
  });
}

/** The URLs and bodies of everything in Cache Storage. */
export async function cacheStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        parts.push(`${req.url}\n${res ? await res.clone().text() : ""}`);
      }
    }
    return parts.join("\n");
  });
}

/** Console errors and uncaught exceptions of a page (a hydration mismatch is one of them). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The first mountain bike of the sample shop, as the API lists it. */
export async function aMountainBike(request: APIRequestContext): Promise<ApiProduct> {
  const reply = await request.get("/api/products?cat_slug=mountain-bikes&limit=1");
  const [bike] = ((await reply.json()) as { data: ApiProduct[] }).data;
  if (!bike) throw new Error("the sample data has no mountain bike");
  return bike;
}

/**
 * Marks the elements of `selectors` (by default the h1 and the header's "About" link) as the HTML parser makes
 * them, before any script of the page: `data-seen` stays only if hydration keeps the server's element,
 * `data-changed` is set if its text changes.
 */
export async function watchServerElements(
  page: Page,
  selectors = ["h1", "header nav a[href='/page/about-us']"],
): Promise<void> {
  await page.addInitScript((selectors) => {
    const mark = new MutationObserver(() => {
      for (const selector of selectors) {
        const el = document.querySelector(selector);
        if (!el || el.hasAttribute("data-seen")) continue;
        el.setAttribute("data-seen", "1");
        // Text changes once the parser is done, before the page's (deferred) scripts run: "interactive".
        const watch = () =>
          new MutationObserver(() => el.setAttribute("data-changed", "1")).observe(el, {
            characterData: true,
            childList: true,
            subtree: true,
          });
        if (document.readyState !== "loading") watch();
        else document.addEventListener("readystatechange", watch, { once: true });
      }
      if (selectors.every((s) => document.querySelector(`${s}[data-seen]`))) mark.disconnect();
    });
    mark.observe(document, { childList: true, subtree: true });
  }, selectors);
}
