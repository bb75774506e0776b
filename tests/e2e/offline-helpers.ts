// Steps of the offline journeys (offline*.spec.ts, Playwright project "offline", service workers allowed), and
// the API product shape the browser journeys read.
import { expect, type APIRequestContext, type Page, type Worker } from "@playwright/test";

export interface ApiProduct {
  id: number;
  name: string;
  url_key: string;
  in_stock: boolean;
  stock: number;
  affiliateLink: string | null;
  variation: { color: string; size: { name: string; stock: number }[] }[];
}

/**
 * Products whose detail page adds a line at once: the default choice (first colour, first size in stock, or
 * the plain product) has at least `minStock` units, so a few quantity steps never hit the stock limit.
 */
export async function addableProducts(
  request: APIRequestContext,
  count: number,
  minStock = 5,
): Promise<ApiProduct[]> {
  const reply = await request.get("/api/products?limit=100&page=1");
  const { data } = (await reply.json()) as { data: ApiProduct[] };
  const defaultStock = (p: ApiProduct) => {
    if (!p.variation.length) return p.stock;
    const v = p.variation.find((x) => x.size.some((s) => s.stock > 0)) ?? p.variation[0];
    return v?.size.find((s) => s.stock > 0)?.stock ?? 0;
  };
  const ok = data.filter((p) => p.in_stock && defaultStock(p) >= minStock);
  expect(ok.length).toBeGreaterThanOrEqual(count);
  return ok.slice(0, count);
}

/**
 * The usual start of an offline journey: `count` addable products (see `addableProducts`), and the home page
 * opened and controlled by the service worker.
 */
export async function startWithWorker(
  page: Page,
  request: APIRequestContext,
  count: number,
  minStock?: number,
): Promise<ApiProduct[]> {
  const products = await addableProducts(request, count, minStock);
  await page.goto("/");
  await waitForServiceWorker(page);
  return products;
}

/** Waits until the service worker is active and controls the page (the first visit installs it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (reg.active?.state !== "activated") {
      await new Promise<void>((resolve) => {
        reg.active?.addEventListener("statechange", () => reg.active?.state === "activated" && resolve());
      });
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
      );
    }
  });
}

export async function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem("auth") ?? "{}") as { token?: string }).token ?? null,
  );
}

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server cart of the page's shopper (same cookie and token), as [product id, quantity] pairs. */
export async function serverCart(page: Page): Promise<[number, number][]> {
  const token = await tokenOf(page);
  const reply = await page.request.get(`/api/checkout/cart${token ? "?token=true" : ""}`, {
    headers: authHeaders(token),
  });
  const { data } = (await reply.json()) as {
    data: { items: { product_id?: number | string; quantity: number }[] } | null;
  };
  return (data?.items ?? [])
    .map((i) => [Number(i.product_id), i.quantity] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** The customer's server wishlist as sorted product ids. */
export async function serverWishlist(page: Page): Promise<number[]> {
  const token = await tokenOf(page);
  const reply = await page.request.get("/api/wishlist?token=true&pagination=0", {
    headers: authHeaders(token),
  });
  const { data } = (await reply.json()) as { data: { product: { id: number } }[] };
  return data.map((i) => i.product.id).sort((a, b) => a - b);
}

/** Registers a customer through the API and stores the session like the login form does. */
export async function registerAndLogin(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.request.post("/api/test/reset-rate-limits");
  const reg = await page.request.post("/api/customer/register", {
    data: {
      first_name: "Off",
      last_name: "Line",
      email,
      password: "secret12",
      password_confirmation: "secret12",
    },
  });
  expect(reg.ok()).toBe(true);
  const login = await page.request.post("/api/customer/login?token=true", {
    data: { email, password: "secret12" },
  });
  expect(login.ok()).toBe(true);
  const auth = (await login.json()) as unknown;
  await page.evaluate((value) => localStorage.setItem("auth", JSON.stringify(value)), auth);
  return email;
}

/** The main area's Add To Cart of a product page. */
export function addToCartButton(page: Page) {
  return page.locator("#main").getByRole("button", { name: "Add To Cart" }).first();
}

/**
 * Opens each product's page until its Add to cart button shows, so the page, its data and images are on the
 * device (the service worker's cache, the persisted query cache) before a journey takes the connection away.
 */
export async function openProductPages(page: Page, products: readonly ApiProduct[]): Promise<void> {
  for (const p of products) {
    await page.goto(`/product/${p.url_key}`);
    await expect(addToCartButton(page)).toBeVisible();
  }
}

/**
 * What idb-keyval's default store (`keyval-store`, the device's query cache, recently viewed list, …) holds
 * under this key, read in the page or the service worker; undefined when nothing is stored yet.
 */
export function readKeyval(target: Pick<Worker, "evaluate">, key: string): Promise<unknown> {
  return target.evaluate(
    (k) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        // The probe never creates the database: an empty one would keep idb-keyval from creating its store.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === "AbortError" ? resolve(undefined) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) return resolve(undefined);
          const get = db.transaction("keyval").objectStore("keyval").get(k);
          get.onsuccess = () => resolve(get.result as unknown);
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

/** Removes this key from idb-keyval's default store, in the page or the service worker. */
export function deleteKeyval(target: Pick<Worker, "evaluate">, key: string): Promise<void> {
  return target.evaluate(
    (k) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("keyval", "readwrite");
          tx.objectStore("keyval").delete(k);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
  );
}
