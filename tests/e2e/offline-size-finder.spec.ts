import type { Page } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { waitForServiceWorker } from "./offline-helpers";

// Issue 40 item 3: from the rider's height and inseam, the product page recommends this model's frame size
// in words and makes it the default size choice; the measurements stay on the device and the advice works
// offline from what the device holds.

interface GeometryRow {
  size: string;
  rider_cm: [number, number];
  inseam_cm: [number, number];
  standover_cm: number;
}

const mid = ([lo, hi]: [number, number]) => Math.round((lo + hi) / 2);

async function expectAdvice(page: Page, text: string, size: string) {
  const options = page.getByRole("region", { name: "Product options" });
  await expect(options.getByTestId("size-advice")).toHaveText(text);
  await expect(options.getByRole("button", { name: size, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

test("the size finder recommends and preselects the rider's size, also offline", async ({
  page,
  context,
  request,
}) => {
  // The first bicycle: its first colour's sizes hold 2, 5, 0 and 8, so without the finder X is chosen.
  const product = (
    (await (await request.get("/api/products/1")).json()) as { data: { name: string; url_key: string } }
  ).data;
  const info = (await (await request.get("/api/product-additional-information/1")).json()) as {
    data: { code: string; value: string }[];
  };
  const rows = JSON.parse(info.data.find((e) => e.code === "frame_geometry")!.value) as GeometryRow[];
  const m = rows.find((r) => r.size === "m")!;
  const inseam = mid(m.inseam_cm);
  const height = mid(m.rider_cm);
  expect(inseam - m.standover_cm).toBeGreaterThanOrEqual(2);

  await page.goto("/");
  await waitForServiceWorker(page);
  const url = `/product/${product.url_key}`;
  await page.goto(url);
  const options = page.getByRole("region", { name: "Product options" });
  await expect(options.getByRole("button", { name: "x", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(options.getByTestId("size-advice")).toHaveText("");

  const finder = options.getByRole("button", { name: "Find my size" });
  await finder.click();
  await expect(finder).toHaveAttribute("aria-expanded", "true");
  // The model's size table, then the rider's measurements.
  await expect(options.getByRole("table", { name: "Sizes of this model" }).getByRole("row")).toHaveCount(
    rows.length + 1,
  );
  await options.getByRole("button", { name: "Show my size" }).click();
  await expect(options.getByText("Enter your height or your inseam in centimetres.")).toBeVisible();
  await options.getByLabel("Height (cm)").fill(String(height));
  await options.getByLabel("Inseam (cm)").fill(String(inseam));
  await options.getByRole("button", { name: "Show my size" }).click();
  const advice = `Your inseam ${inseam} cm: size M, stand-over fits`;
  await expectAdvice(page, advice, "m");
  await expect(finder).toHaveAttribute("aria-expanded", "false");
  // Kept on the device: a reload recommends again.
  await page.reload();
  await expectAdvice(page, advice, "m");

  // A category saved for offline: its bicycles' geometry comes with the pack.
  const fat = (
    (await (await request.get("/api/products?cat_slug=fat-bikes&limit=1")).json()) as {
      data: { name: string; url_key: string }[];
    }
  ).data[0]!;
  await page.goto("/catalog/fat-bikes");
  await page.getByRole("button", { name: "Save for offline" }).click();
  const dialog = page.getByRole("dialog", { name: "Save for offline" });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  // Offline, in a tab opened afresh: the worker's shell, the product and its geometry from the device.
  await context.setOffline(true);
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expectAdvice(again, advice, "m");
  // A fat bike never opened, from the pack: the same measurements, this model's size.
  await again.goto(`/product/${fat.url_key}`);
  await expect(again.getByRole("heading", { level: 1, name: fat.name })).toBeVisible();
  await expect(again.getByTestId("size-advice")).toHaveText(new RegExp(`^Your inseam ${inseam} cm`));
  await again.goto(url);
  await expectAdvice(again, advice, "m");

  // Other measurements, still offline: the smallest size's range, then below every size.
  const x = rows.find((r) => r.size === "x")!;
  const againOptions = again.getByRole("region", { name: "Product options" });
  await againOptions.getByRole("button", { name: "Find my size" }).click();
  await againOptions.getByLabel("Inseam (cm)").fill("");
  await againOptions.getByLabel("Height (cm)").fill(String(mid(x.rider_cm)));
  await againOptions.getByRole("button", { name: "Show my size" }).click();
  await expectAdvice(again, `Your height ${mid(x.rider_cm)} cm: size X`, "x");
  await againOptions.getByRole("button", { name: "Find my size" }).click();
  await againOptions.getByLabel("Inseam (cm)").fill("50");
  await againOptions.getByRole("button", { name: "Show my size" }).click();
  await expect(againOptions.getByTestId("size-advice")).toHaveText(
    `Your inseam 50 cm: below size X (from ${x.inseam_cm[0]} cm)`,
  );
  // A size the shopper picks wins over the recommendation.
  await againOptions.getByRole("button", { name: "xxl", exact: true }).click();
  await expect(againOptions.getByRole("button", { name: "xxl", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});
