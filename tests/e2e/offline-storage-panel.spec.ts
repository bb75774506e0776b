import type { Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import {
  addToCartButton,
  openProductPages,
  registerAndLogin,
  startWithWorker,
  tokenOf,
} from "./offline-helpers";

// Issue 40 item 5: one page shows each saved pack (size, date, Remove), the worker's caches, whether storage
// is persisted, and copies a sync report for support (waiting changes, last replays, versions) without the
// shopper's token, e-mail or address. The sync status is announced to screen readers, and the queue (with
// the way to this page) is reached by keyboard.

const SLUG = "kids-bmx-bikes";

async function packCaches(page: Page): Promise<number> {
  return page.evaluate(
    async (slug) => (await caches.keys()).filter((n) => n.startsWith(`offline-pack-${slug}-`)).length,
    SLUG,
  );
}

test("the storage page lists packs with their size, removes one, and copies a sync report without the token", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const [a] = await startWithWorker(page, request, 1);
  const email = await registerAndLogin(page, "storage");
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  await openProductPages(page, [a!]);

  // A category saved for offline.
  await page.goto(`/catalog/${SLUG}`);
  await page.getByRole("button", { name: "Save for offline" }).click();
  const dialog = page.getByRole("dialog", { name: "Save for offline" });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect.poll(() => packCaches(page)).toBe(1);

  // The account menu leads to the page.
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Storage and sync" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Storage and sync" })).toBeVisible();
  const pack = page.getByTestId("stored-pack");
  await expect(pack).toHaveCount(1);
  await expect(pack.getByRole("heading", { name: "Kids/BMX Bikes" })).toBeVisible();
  await expect(pack).toContainText(/^Kids\/BMX Bikes\d+ bicycles · [\d.,]+ (kB|MB)Saved on /);
  expect(Number(await pack.getAttribute("data-bytes"))).toBeGreaterThan(10_000);
  // What the worker keeps besides the pack: the pages and images visited, the shop's code.
  await expect(page.getByTestId("runtime-caches")).toContainText(
    /Pages and images you have visited: [\d.,]+ (kB|MB)/,
  );
  expect(Number(await page.getByTestId("runtime-caches").getAttribute("data-bytes"))).toBeGreaterThan(0);
  expect(Number(await page.getByTestId("app-code").getAttribute("data-bytes"))).toBeGreaterThan(100_000);
  await expect(page.getByTestId("storage-persisted")).toHaveText(/^Storage is (not )?persisted: /);

  // Offline, a change waits: the status is announced, and the queue opens from the keyboard.
  await context.setOffline(true);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect(page.getByTestId("sync-announcer")).toHaveText(
    "You are offline. Pages you have visited still work. 1 change is waiting to sync.",
  );
  const indicator = page.getByRole("button", { name: "1 change waiting" });
  await indicator.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Changes waiting to be sent" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("queued-change")).toHaveText([new RegExp(`^Add ${a!.name} to cartUndo$`)]);
  const link = panel.getByRole("link", { name: "Storage and sync" });
  // Focus moves in: Tab reaches Undo, then the link to this page.
  for (let i = 0; i < 5 && !(await link.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Storage and sync" })).toBeVisible();
  await expect(panel).toBeHidden();

  // The sync report, copied: the waiting change and versions, nothing of the shopper's but "signed in".
  await page.getByRole("button", { name: "Copy sync report" }).click();
  await expect(page.getByText("Sync report copied.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(page.getByRole("textbox", { name: "Sync report" })).toHaveValue(copied);
  const report = JSON.parse(copied) as {
    app: { version: string; schema: Record<string, unknown> };
    device: { online: boolean; signedIn: boolean; serviceWorker: string };
    waiting: { count: number; entries: string[]; changes: { key: string | null; paused: boolean }[] };
    storage: { packs: { name: string; bytes: number }[]; caches: { name: string }[] };
  };
  expect(report.app.version).toBeTruthy();
  expect(report.app.schema.queryCacheShape).toEqual(expect.any(Number));
  expect(report.device).toMatchObject({ online: false, signedIn: true, serviceWorker: "controls the page" });
  expect(report.waiting.count).toBe(1);
  expect(report.waiting.entries).toEqual([`Add ${a!.name} to cart`]);
  expect(report.waiting.changes).toHaveLength(1);
  expect(report.waiting.changes[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(report.storage.packs).toEqual([expect.objectContaining({ name: "Kids/BMX Bikes" })]);
  // The device holds the token twice (localStorage, and the Background Sync record of the waiting change).
  expect(copied).not.toContain(token!);
  expect(copied).not.toContain(email);
  expect(copied.toLowerCase()).not.toContain("bearer");

  // Remove frees the pack's storage, offline too.
  await pack.getByRole("button", { name: "Remove Kids/BMX Bikes" }).click();
  await expect(page.getByTestId("no-stored-packs")).toBeVisible();
  await expect.poll(() => packCaches(page)).toBe(0);
});
