// Weak signal, the worker's side (issue 18 item 6): the service worker answers a catalogue read at once from its
// cache and fetches the server's copy behind it; when that copy differs, the page on screen shows it without
// another visit.
import type { Route } from "@playwright/test";
import { expect, test } from "./offline-fixtures";
import { startWithWorker } from "./offline-helpers";

test("a product shown from the worker's cached copy is replaced on screen by the server's fresher copy when it arrives", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a] = await startWithWorker(page, request, 1);
  await page.goto(`/product/${a!.url_key}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(a!.name);
  // The worker holds its own copy of the product's reply.
  await expect
    .poll(() =>
      page.evaluate(async (key) => {
        const cache = await caches.open("api-catalog-v1");
        return (await cache.keys()).some((r) => r.url.includes(`url_key=${key}`));
      }, a!.url_key),
    )
    .toBe(true);

  // The shop renamed the bicycle; the signal is weak: the server's reply comes only when the test lets it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await context.route(/\/api\/products\?.*url_key=/, async (route: Route) => {
    asked += 1;
    await released;
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: { url_key: string; name: string }[] };
    for (const p of body.data) if (p.url_key === a!.url_key) p.name = `${p.name} (renamed)`;
    await route.fulfill({ response: reply, json: body });
  });

  // Ten minutes later the shopper opens it again: the product comes at once from the saved copies, the old name.
  await context.clock.install({ time: Date.now() + 10 * 60_000 });
  await page.reload();
  await expect(heading).toHaveText(a!.name);
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(heading).toHaveText(a!.name);

  // The server's copy arrives behind it: the page on screen shows it, with no navigation.
  const url = page.url();
  release();
  await expect(heading).toHaveText(`${a!.name} (renamed)`);
  expect(page.url()).toBe(url);
});
