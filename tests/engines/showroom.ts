/*
 * The showroom journeys of issue 40 in every engine (its "done when": the QR hand-over and the size finder in
 * Firefox and WebKit), registered by `describeJourneys` (journeys.ts) into the same run: one shop, one browser.
 *  - The size finder: the rider's measurements give this model's size in words and make it the chosen size; the
 *    advice still stands on the device's copy of the page while the server cannot be reached.
 *  - The cart to the counter: the QR code is drawn while the server cannot be reached; a picture of it (the
 *    browser's own screenshot of the code, what a camera would see) is uploaded on the staff page of another
 *    origin (another device, whose connection works) and imported once however often it is scanned; the
 *    shopper's device says it was handed over once the server is back.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import type { ApiProduct, Shop } from "./shop";

export interface ShowroomEngine {
  readonly name: string;
  goto(url: string): Promise<void>;
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** replaces the text of the field matching the CSS selector with `text`, typed key by key */
  type(selector: string, text: string): Promise<void>;
  /** gives the file input matching the CSS selector this file, as a shopper choosing it would */
  upload(selector: string, file: string): Promise<void>;
  /** a PNG of the element matching the CSS selector, as the browser draws it */
  screenshot(selector: string): Promise<Buffer>;
}

export interface ShowroomContext {
  shop: () => Shop;
  engine: () => ShowroomEngine;
  products: () => ApiProduct[];
  waitFor: <T, A extends unknown[]>(
    engine: ShowroomEngine,
    what: string,
    fn: (...args: A) => T | Promise<T>,
    args: A,
    timeout?: number,
  ) => Promise<NonNullable<T>>;
  clickOn: (engine: ShowroomEngine, selector: string, text?: string) => Promise<void>;
  takePageErrors: (engine: ShowroomEngine) => Promise<string[]>;
  /** opens the origin's home page and waits until its service worker controls it, holding the app shell */
  waitForWorker: (engine: ShowroomEngine, origin: string) => Promise<void>;
}

const STAFF = { email: "staff@bicycle-shop.test", password: "staff1234" };
const JOURNEY_MS = 240_000;

interface GeometryRow {
  size: string;
  rider_cm: [number, number];
  inseam_cm: [number, number];
  standover_cm: number;
}

const mid = ([lo, hi]: [number, number]) => Math.round((lo + hi) / 2);
const isHydrated = () => "hydrated" in document.documentElement.dataset;
const headingIs = (name: string) => document.querySelector("h1")?.textContent?.trim() === name;

/**
 * The size advice and the size button chosen in the product's options, as the shopper reads them (sent to the
 * page: self-contained).
 */
function adviceAndChoice(): { advice: string; pressed: string[] } {
  const options = document.querySelector('section[aria-label="Product options"]');
  return {
    advice: options?.querySelector('[data-testid="size-advice"]')?.textContent?.trim() ?? "",
    pressed: Array.from(options?.querySelectorAll('button[aria-pressed="true"]') ?? []).map(
      (b) => b.textContent?.trim() ?? "",
    ),
  };
}

/** The advice reads `text` and the size `size` is the chosen one (self-contained). */
function adviceIs(text: string, size: string): boolean {
  const options = document.querySelector('section[aria-label="Product options"]');
  const advice = options?.querySelector('[data-testid="size-advice"]')?.textContent?.trim();
  return (
    advice === text &&
    Array.from(options?.querySelectorAll('button[aria-pressed="true"]') ?? []).some(
      (b) => b.textContent?.trim() === size,
    )
  );
}

export function showroomJourneys(ctx: ShowroomContext): void {
  const { waitFor, clickOn, takePageErrors, waitForWorker } = ctx;

  it(
    "the size finder: the rider's measurements give this model's size in words and choose it, also from the device's copy while the server cannot be reached",
    async () => {
      const shop = ctx.shop();
      const engine = ctx.engine();
      const { data: product } = await shop.api<{ data: { name: string; url_key: string } }>("products/1");
      const info = await shop.api<{ data: { code: string; value: string }[] }>(
        "product-additional-information/1",
      );
      const rows = JSON.parse(info.data.find((e) => e.code === "frame_geometry")!.value) as GeometryRow[];
      const m = rows.find((r) => r.size === "m")!;
      const inseam = mid(m.inseam_cm);
      const height = mid(m.rider_cm);
      const advice = `Your inseam ${inseam} cm: size M, stand-over fits`;
      const url = `${shop.main.origin}/product/${product.url_key}`;

      // A rider this device has not measured yet (a retry starts afresh too), the shop's worker in place.
      await waitForWorker(engine, shop.main.origin);
      await engine.evaluate(() => localStorage.removeItem("rider-fit"));
      await engine.goto(url);
      await waitFor(engine, `the page of ${product.name}`, headingIs, [product.name]);
      await waitFor(engine, "hydration", isHydrated, []);
      // Before the finder: no advice, and the first size in stock chosen (not M).
      const before = await engine.evaluate(adviceAndChoice);
      expect(before.advice).toBe("");
      expect(before.pressed).not.toContain("m");

      await clickOn(engine, "#main button", "Find my size");
      await waitFor(engine, "the finder's form", () => !!document.querySelector('input[name="height"]'), []);
      await engine.type('#main input[name="height"]', String(height));
      await engine.type('#main input[name="inseam"]', String(inseam));
      await clickOn(engine, "#main button", "Show my size");
      await waitFor(engine, `"${advice}" with size M chosen`, adviceIs, [advice, "m"]);

      // The device's copy of the page, the server away: the same advice, the same size chosen.
      await shop.main.down();
      try {
        await engine.goto(url);
        await waitFor(engine, `the page of ${product.name}, from the device`, headingIs, [product.name]);
        await waitFor(engine, `"${advice}" with size M chosen, from the device`, adviceIs, [advice, "m"]);
      } finally {
        await shop.main.up();
      }
      expect(await takePageErrors(engine)).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    "the cart to the counter: a QR code drawn while the server cannot be reached is imported once by the staff page of another device, and the shopper's device then says so",
    async () => {
      const shop = ctx.shop();
      const engine = ctx.engine();
      const bike = ctx.products()[2]!;
      const pictures = mkdtempSync(join(tmpdir(), "engines-qr-"));
      try {
        await waitForWorker(engine, shop.main.origin);
        await engine.goto(`${shop.main.origin}/product/${bike.url_key}`);
        await waitFor(engine, "hydration", isHydrated, []);
        await clickOn(engine, "#main button", "Add To Cart");
        await waitFor(
          engine,
          '"Added To Cart"',
          () => document.body.textContent?.includes("Added To Cart"),
          [],
        );
        await engine.goto(`${shop.main.origin}/cart`);
        const lines = await waitFor(
          engine,
          "the cart's lines",
          () => document.querySelectorAll('[data-testid="cart-line"]').length,
          [],
        );

        // The code, drawn with the server away.
        let reference = "";
        let key = "";
        await shop.main.down();
        try {
          await clickOn(engine, "button", "Show to a salesperson");
          await waitFor(
            engine,
            "the cart's QR code",
            () => !!document.querySelector('[data-testid="qr-code"] svg, [data-testid="qr-code"] canvas'),
            [],
          );
          reference = await waitFor(
            engine,
            "the hand-over's reference",
            () =>
              Array.from(document.querySelectorAll('[role="dialog"] p, [role="dialog"] span'))
                .map((e) => e.textContent?.trim() ?? "")
                .find((text) => /^Reference [0-9A-F]{8}$/.test(text))
                ?.replace("Reference ", ""),
            [],
          );
          key = await engine.evaluate(
            () => (JSON.parse(localStorage.getItem("cart-handover") ?? "{}") as { key?: string }).key ?? "",
          );
          expect(key).not.toBe("");
          writeFileSync(join(pictures, "code.png"), await engine.screenshot('[data-testid="qr-code"]'));
          expect(await takePageErrors(engine)).toEqual([]);
        } finally {
          await shop.main.up();
        }

        // The counter: another device, online, logged in as staff. Another host name, not only another port:
        // cookies are kept per host, and the staff log-in's new session must not replace the shopper's.
        const counter = shop.fresh.origin.replace("//127.0.0.1:", "//localhost:");
        await shop.api("test/reset-rate-limits", { body: {} });
        await engine.goto(`${counter}/staff`);
        await waitFor(engine, "hydration", isHydrated, []);
        const signedIn = await waitFor(
          engine,
          "the staff log-in or the counter",
          () =>
            document.body.textContent?.includes("Signed in as")
              ? "yes"
              : document.querySelector('form[aria-label="Staff log-in"] input[name="email"]')
                ? "no"
                : "",
          [],
        );
        // (A retry of this journey finds the tab's staff session of the first try.)
        if (signedIn === "no") {
          await engine.type('form[aria-label="Staff log-in"] input[name="email"]', STAFF.email);
          await engine.type('form[aria-label="Staff log-in"] input[name="password"]', STAFF.password);
          await clickOn(engine, 'form[aria-label="Staff log-in"] button', "Log in");
        }
        await waitFor(
          engine,
          '"Signed in as Counter Staff"',
          () => document.body.textContent?.includes("Signed in as Counter Staff"),
          [],
        );
        const imported = (status: string, count: number) =>
          waitFor(
            engine,
            `"${status}" with ${count} lines`,
            (text: string, n: number) => {
              const section = document.querySelector('[data-testid="imported-cart"]');
              const shown = section?.querySelector('[role="status"]')?.textContent?.trim();
              const rows = section?.querySelectorAll('[data-testid="imported-line"]').length;
              return shown === text && rows === n
                ? section?.querySelector('[data-testid="imported-grand-total"]')?.textContent?.trim()
                : "";
            },
            [status, count],
          );
        await engine.upload('[data-testid="qr-upload"]', join(pictures, "code.png"));
        const total = await imported(`Cart imported · Reference ${reference}`, lines);
        // Scanned again (another reading of the same picture): the same cart, not a second one.
        await engine.upload('[data-testid="qr-upload"]', join(pictures, "code.png"));
        expect(await imported(`Already imported · Reference ${reference}`, lines)).toBe(total);
        expect(await shop.api<{ data: unknown }>(`cart-handover/${encodeURIComponent(key)}`)).toEqual({
          data: { handed_over: true, reference },
        });
        expect(await takePageErrors(engine)).toEqual([]);

        // The shopper's device, with the server back: the cart page says it was handed over.
        await engine.goto(`${shop.main.origin}/cart`);
        await waitFor(
          engine,
          '"Handed over to the counter"',
          () =>
            Array.from(document.querySelectorAll('[role="status"]')).some((e) =>
              e.textContent?.includes("Handed over to the counter"),
            ),
          [],
        );
        expect(await takePageErrors(engine)).toEqual([]);
      } finally {
        rmSync(pictures, { recursive: true, force: true });
      }
    },
    JOURNEY_MS,
  );
}
