// `npm run bench:offline`: two numbers for docs/performance.md (DESIGN §6: FCP ≤ 500 ms).
//  1. First contentful paint of a repeat visit served offline (service worker + persisted query cache):
//     median of 7 reloads of the home page, a catalogue and a product page with the network cut.
//  2. Time to replay 200 queued cart changes: 200 paused "add one of this colour/size" writes (distinct
//     lines, so none coalesce) are restored from IndexedDB offline; the clock runs from the connection
//     coming back until the outbox is empty, and the server cart is checked to hold each line once.
// Builds into its own folder and starts the reference server on a free port with a fresh database.
/* global indexedDB */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from "./serve.mjs";

const DIST = "dist-bench-offline";
const DB = "data/bench-offline.sqlite";
const COLOR_ATTRIBUTE_ID = 23;
const SIZE_ATTRIBUTE_ID = 24;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execFileSync("node", ["scripts/build.mjs", DIST], {
  stdio: "ignore",
  env: { ...process.env, BUILD_ID: "bench-offline" },
});
mkdirSync("data", { recursive: true });
for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(DB + s, { force: true });
const port = await freePort();
const server = spawn("node_modules/.bin/tsx", ["server/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_FILE: DB,
    DIST_DIR: DIST,
    LOG_LEVEL: "warn",
  },
});
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/api/exchange-rates?base=USD`)).ok) break;
  } catch {
    if (i > 240) throw new Error("the server did not start");
  }
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: "allow" });
  const page = await context.newPage();
  const products = (await (await fetch(`${origin}/api/products?limit=100`)).json()).data;
  const paths = ["/", "/catalog", `/product/${products[0].url_key}`];

  // First visits: install the worker, fill the caches.
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }),
      );
  });
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
  }

  // 1. Repeat visits, offline.
  await context.setOffline(true);
  const fcp = {};
  for (const p of paths) {
    const samples = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(p);
      samples.push(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const done = (e) => e && resolve(e.startTime);
              done(performance.getEntriesByName("first-contentful-paint")[0]);
              new PerformanceObserver((l) => done(l.getEntriesByName("first-contentful-paint")[0])).observe({
                type: "paint",
                buffered: true,
              });
            }),
        ),
      );
    }
    fcp[p] = Math.round(median(samples));
  }

  // 2. 200 queued changes, restored from IndexedDB while offline, replayed when the connection returns.
  const lines = [];
  for (const p of products)
    for (const v of p.variation)
      for (const s of v.size)
        if (s.stock > 0 && lines.length < 200)
          lines.push({
            productId: p.id,
            variant: {
              variantId: s.variant_id,
              superAttribute: { [COLOR_ATTRIBUTE_ID]: v.option_id, [SIZE_ATTRIBUTE_ID]: s.option_id },
            },
          });
  if (lines.length < 200) throw new Error(`only ${lines.length} colour/size lines in stock`);
  await page.goto("/cart");
  await page.evaluate(async (lines) => {
    const open = indexedDB.open("keyval-store");
    open.onupgradeneeded = () => open.result.createObjectStore("keyval");
    const db = await new Promise(
      (res, rej) => ((open.onsuccess = () => res(open.result)), (open.onerror = rej)),
    );
    const tx = db.transaction("keyval", "readwrite");
    const store = tx.objectStore("keyval");
    const current = await new Promise((res) => {
      const r = store.get("bicycle-shop-query-cache");
      r.onsuccess = () => res(r.result);
    });
    const now = Date.now();
    const mutations = lines.map((l, i) => ({
      mutationKey: ["cart", "mutation", "add"],
      meta: { personal: true, offline: true },
      scope: { id: "cart" },
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: "pending",
        submittedAt: now + i,
        variables: {
          idempotencyKey: crypto.randomUUID(),
          label: `line ${i}`,
          productId: l.productId,
          quantity: 1,
          variant: l.variant,
        },
      },
    }));
    store.put(
      { ...current, timestamp: now, clientState: { queries: current?.clientState.queries ?? [], mutations } },
      "bicycle-shop-query-cache",
    );
    await new Promise((res) => (tx.oncomplete = res));
  }, lines);
  await page.reload();
  await page.getByTestId("offline-banner").and(page.locator('[data-waiting="200"]')).waitFor();

  const start = Date.now();
  await context.setOffline(false);
  await page.getByTestId("offline-banner").waitFor({ state: "detached", timeout: 120_000 });
  const replayMs = Date.now() - start;

  const cart = await page.evaluate(async () => (await (await fetch("/api/checkout/cart")).json()).data);
  const items = cart?.items ?? [];
  const qty = items.reduce((n, i) => n + i.quantity, 0);

  console.log("bench:offline");
  console.log("  FCP of a repeat visit served offline (median of 7, ms):");
  for (const [p, ms] of Object.entries(fcp)) console.log(`    ${p.padEnd(40)} ${ms}`);
  console.log(
    `  Replay of 200 queued cart changes: ${replayMs} ms (${(replayMs / 200).toFixed(1)} ms per change)`,
  );
  console.log(`  Server cart after replay: ${items.length} lines, ${qty} items (expected 200 and 200)`);
  if (items.length !== 200 || qty !== 200) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
