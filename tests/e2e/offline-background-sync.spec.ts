// Background Sync (issue 18 item 5): a change made offline reaches the server through the service worker
// after every tab of the shop was closed, exactly once, and the shop opened again shows it without sending it.
import type { APIRequestContext, BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { addToCartButton, registerAndLogin, startWithWorker, tokenOf } from "./offline-helpers";

const TAG = "bicycle-shop-outbox";

/** The service worker registration id of the shop, seen through DevTools from a page outside the shop. */
async function shopRegistration(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

/** The records the page keeps for the worker (IndexedDB `bicycle-shop-bg-sync`). */
function syncRecords(page: Page): Promise<{ key: string; token: string | null; url: string | null }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("bicycle-shop-bg-sync");
        // The probe never creates the database: an empty one would keep idb-keyval (which creates its store
        // only with the database) from ever keeping a record in it.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () =>
          open.error?.name === "AbortError" ? resolve([]) : reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("requests")) return resolve([]);
          const all = db.transaction("requests").objectStore("requests").getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { key: string; token: string | null; request: { url: string } | null }[]).map(
                (r) => ({ key: r.key, token: r.token, url: r.request?.url ?? null }),
              ),
            );
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
  );
}

/** The server cart of the context's shopper: by token, or by the guest's session cookie. */
async function serverCartOf(context: BrowserContext, token: string | null): Promise<[number, number][]> {
  const reply = await context.request.get(`/api/checkout/cart${token ? "?token=true" : ""}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const { data } = (await reply.json()) as {
    data: { items: { product_id?: number | string; quantity: number }[] } | null;
  };
  return (data?.items ?? []).map((i) => [Number(i.product_id), i.quantity] as [number, number]);
}

async function journey(
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL: string | undefined },
  loggedIn: boolean,
): Promise<void> {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const [a] = await startWithWorker(page, request, 1);
  if (loggedIn) await registerAndLogin(page, "bgsync");
  const token = loggedIn ? await tokenOf(page) : null;
  await page.goto(`/product/${a!.url_key}`);
  await expect(addToCartButton(page)).toBeVisible();
  await page.goto("/cart");
  // Nothing kept yet; looking must not create the database (it did, and a slow first write then failed).
  expect(await syncRecords(page)).toEqual([]);

  // Offline: the change waits, and a record the worker can send is kept for it (with the token, not in a URL).
  await context.setOffline(true);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", "1");
  await expect.poll(() => syncRecords(page)).toHaveLength(1);
  const [rec] = await syncRecords(page);
  expect(rec!.token).toBe(token);
  if (token) expect(rec!.url).not.toContain(token);
  expect(await serverCartOf(context, token)).toEqual([]);

  // A page outside the shop holds the DevTools session; every tab of the shop is closed.
  const outside = await context.newPage();
  const cdp = await context.newCDPSession(outside);
  const registrationId = await shopRegistration(cdp, origin);
  await page.close();

  await context.setOffline(false);
  // Chromium fires `sync` when its own connection state changes, which DevTools' emulation does not touch:
  // the test fires it as the browser would.
  await cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId, tag: TAG, lastChance: false });
  await expect.poll(() => serverCartOf(context, token), { timeout: 30_000 }).toEqual([[a!.id, 1]]);
  // A second sync (the browser may fire its own) finds nothing left to send.
  await cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId, tag: TAG, lastChance: false });

  // The shop opened again shows the change, holds nothing waiting, and sends no cart write.
  const again = await context.newPage();
  const writes: string[] = [];
  again.on("request", (r) => {
    if (r.method() !== "GET" && /\/api\/checkout\/cart\//.test(r.url()))
      writes.push(`${r.method()} ${r.url()}`);
  });
  await again.goto("/cart");
  await expect(again.getByTestId("cart-line")).toHaveCount(1);
  await expect(again.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("1");
  await expect(again.getByTestId("offline-banner")).toHaveCount(0);
  // The page took the worker's log: the change is done on this device, and no record is left.
  await expect
    .poll(() =>
      again.evaluate((key) => key in JSON.parse(localStorage.getItem("outbox-done") ?? "{}"), rec!.key),
    )
    .toBe(true);
  expect(await syncRecords(again)).toEqual([]);
  await again.reload();
  await expect(again.getByTestId("cart-line")).toHaveCount(1);
  expect(writes).toEqual([]);
  expect(await serverCartOf(context, token)).toEqual([[a!.id, 1]]);
}

test("a customer's cart change made offline is sent by the service worker after the tab was closed, exactly once, and the shop opened again shows it without sending it", async ({
  page,
  context,
  request,
  baseURL,
}) => journey({ page, context, request, baseURL }, true));

test("a guest's first cart change made offline is sent by the service worker after the tab was closed (session by cookie), exactly once", async ({
  page,
  context,
  request,
  baseURL,
}) => journey({ page, context, request, baseURL }, false));
