// Issue 39 item 1, a first step: the shop in Debian's Firefox ESR (driven by puppeteer-core over WebDriver BiDi;
// Playwright's own Firefox is a download this machine cannot have). The production build on the reference
// server, one journey: the first visit is the server's page, hydrated without an error, and a product goes
// into the cart. Never skipped: a machine without Firefox fails here and says how to install it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtDist } from "../../server/test-build";
import { freePort } from "../../server/test-port";

const FIREFOX = process.env.FIREFOX_BIN ?? "/usr/bin/firefox-esr";
const ROOT = resolve(import.meta.dirname, "../..");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let origin = "";
let output = "";

beforeAll(async () => {
  if (!existsSync(FIREFOX))
    throw new Error(
      `Firefox is missing at ${FIREFOX}: install it with \`sudo apt-get install -y firefox-esr\``,
    );
  const distDir = await builtDist();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_FILE: join(mkdtempSync(join(tmpdir(), "firefox-")), "shop.sqlite"),
      DIST_DIR: distDir,
      RENDER_THREADS: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output = (output + String(d)).slice(-4000)));
  server.stderr?.on("data", (d) => (output = (output + String(d)).slice(-4000)));
  for (let i = 0; ; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || i > 480) throw new Error(`the shop did not start:\n${output}`);
    await sleep(250);
  }
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
}, 300_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  server?.kill("SIGTERM");
});

/** The page's errors and console errors from now on (the service worker's own messages left out). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !/service ?worker/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

async function textOf(page: Page, selector: string): Promise<string> {
  return await page.$eval(selector, (el) => (el.textContent ?? "").trim());
}

describe("the shop in Firefox ESR", () => {
  it("opens a product as the server rendered it, hydrates it without an error, and puts it into the cart", async () => {
    const list = (await (await fetch(`${origin}/api/products?cat_slug=mountain-bikes&limit=50`)).json()) as {
      data: { id: number; name: string; url_key: string; in_stock: boolean; affiliateLink?: string | null }[];
    };
    const bike = list.data.find((p) => p.in_stock && !p.affiliateLink);
    if (!bike) throw new Error("the sample data has no mountain bike in stock");
    const page = await browser!.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${origin}/product/${bike.url_key}`, { waitUntil: "load" });
      expect(await textOf(page, "h1")).toBe(bike.name);
      // The server's heading is still the one shown once the page has hydrated (never replaced).
      await page.$eval("h1", (h) => h.setAttribute("data-seen", "1"));
      const add = await page.waitForSelector('#main ::-p-aria(Add To Cart[role="button"])', {
        timeout: 30_000,
      });
      await add!.click();
      await page.waitForFunction(() => document.body.textContent?.includes("Added To Cart"), {
        timeout: 30_000,
      });
      expect(await page.$eval("h1", (h) => h.getAttribute("data-seen"))).toBe("1");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      const cart = await page.evaluate(
        async () => (await (await fetch("/api/checkout/cart")).json()) as unknown,
      );
      expect(
        (cart as { data: { items: { product: { id: number } }[] } }).data.items.map((i) => i.product.id),
      ).toContain(bike.id);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
