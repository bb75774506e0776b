// Issue 39 items 1 and 2: the cross-engine journeys (journeys.ts) in Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi (Playwright's own Firefox is a download this machine cannot have). Never
// skipped: a machine without Firefox fails here and says how to install it.
import { existsSync } from "node:fs";
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { describeJourneys, type Browser, type Engine } from "./journeys";

const FIREFOX = process.env.FIREFOX_BIN ?? "/usr/bin/firefox-esr";

function firefoxEngine(page: Page): Engine {
  const errors: string[] = [];
  // Console errors are the front's collector's (journeys.ts reads them): puppeteer shows their objects only
  // as handles.
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    name: "Firefox",
    async goto(url) {
      await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    },
    // The journeys pass plain values only (no element handles), so puppeteer's handle types do not apply.
    evaluate: <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) =>
      page.evaluate(fn as (...a: unknown[]) => T | Promise<T>, ...args) as Promise<T>,
    async click(selector) {
      const el = await page.$(selector);
      if (!el) throw new Error(`Firefox: nothing matches ${selector}`);
      await el.click();
      await el.dispose();
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    async type(selector, text) {
      const el = await page.$(selector);
      if (!el) throw new Error(`Firefox: nothing matches ${selector}`);
      await el.click();
      await page.keyboard.down("Control");
      await page.keyboard.press("KeyA");
      await page.keyboard.up("Control");
      await page.keyboard.press("Backspace");
      await el.type(text);
      await el.dispose();
    },
    async upload(selector, file) {
      const el = await page.$(selector);
      if (!el) throw new Error(`Firefox: nothing matches ${selector}`);
      await (el as ElementHandle<HTMLInputElement>).uploadFile(file);
      await el.dispose();
    },
    async screenshot(selector) {
      const el = await page.$(selector);
      if (!el) throw new Error(`Firefox: nothing matches ${selector}`);
      const png = await el.screenshot({ type: "png" });
      await el.dispose();
      return Buffer.from(png);
    },
    takeDriverErrors: () => errors.splice(0),
  };
}

async function launchFirefox(): Promise<Browser> {
  if (!existsSync(FIREFOX))
    throw new Error(
      `Firefox is missing at ${FIREFOX}: install it with \`sudo apt-get install -y firefox-esr\``,
    );
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    page.setDefaultTimeout(120_000);
    return { engine: firefoxEngine(page), close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

describeJourneys("Firefox ESR", launchFirefox);
