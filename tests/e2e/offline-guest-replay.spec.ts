import { expect, test } from "./offline-fixtures";
import { addToCartButton, openProductPages, serverCart, startWithWorker } from "./offline-helpers";

// Security review M5, N4: a guest's first write creates the session cookie. The server starts the session
// before it applies any Idempotency-Key (409 `session_started` with the cookie; the client sends the write
// again with it), so a lost reply of the applied write loses no cookie, and its retry (same key, same cookie)
// is answered once. A lost reply of the session's start loses nothing made: the next attempt gets another.
test("a guest's two offline adds reach the server once each although the first replay's replies (and its first cookie) were lost", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await startWithWorker(page, request, 2);
  await openProductPages(page, [a!, b!]);
  // The pages' cart reads started a session (a signed id, nothing stored). This device then loses it (cleared,
  // expired): the language choice (`lang`, for the server's rendering) is its only cookie when it goes offline.
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(["bagisto_session", "lang"]);
  await context.clearCookies({ name: "bagisto_session" });

  await context.setOffline(true);
  for (const p of [a!, b!]) {
    await page.goto(`/product/${p.url_key}`);
    await addToCartButton(page).click();
  }
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("offline-banner")).toHaveAttribute("data-waiting", /[1-9]/);

  // The first replayed request (the two adds merged in one batch) reaches the server without a session; its
  // reply, the new session's Set-Cookie, never reaches the browser. Then the first request the server
  // applies: its reply never reaches the browser either.
  const lost = { started: 0, applied: 0 };
  // The cookie the cart reads would start on the way back online is lost as well, so the replay is the
  // first request the server sees from this device without a session.
  await context.route(/\/api\/checkout\/cart$/, async (route) => {
    const response = await route.fetch();
    if (lost.started > 0) return route.fulfill({ response });
    await context.clearCookies({ name: /^(?!lang$)/ });
    const headers = { ...response.headers() };
    delete headers["set-cookie"];
    await route.fulfill({ response, headers });
  });
  await context.route(/\/api\/checkout\/cart\/(add\/\d+|batch)$/, async (route) => {
    const response = await route.fetch();
    if (response.status() === 409 && lost.started === 0) {
      lost.started++;
      await context.clearCookies({ name: /^(?!lang$)/ });
      await route.abort("connectionreset");
      return;
    }
    if (response.ok() && lost.applied === 0) {
      lost.applied++;
      await route.abort("connectionreset");
      return;
    }
    await route.fulfill({ response });
  });
  await context.setOffline(false);

  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  expect(lost).toEqual({ started: 1, applied: 1 });
  const expected = [
    [a!.id, 1],
    [b!.id, 1],
  ].sort((p, q) => p[0]! - q[0]!);
  await expect.poll(() => serverCart(page)).toEqual(expected);
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  for (const p of [a!, b!])
    await expect(page.getByRole("status", { name: `Quantity of ${p.name}` })).toHaveText("1");
  expect(await serverCart(page)).toEqual(expected);
});

// Found by the 1,000-flip soak: the shopper went online and followed a link while the replay's request was
// on its way. The browser aborts a leaving page's requests; that abort must leave the change waiting (the
// next page sends it), not count as the server's answer.
test("a replay cut by a navigation is sent again by the next page, once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [a] = await startWithWorker(page, request, 1);
  await page.goto(`/product/${a!.url_key}`);
  await addToCartButton(page).click();
  await expect.poll(() => serverCart(page)).toEqual([[a!.id, 1]]);
  await page.goto("/cart");
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("1");

  await context.setOffline(true);
  await page.getByRole("button", { name: `Increase the quantity of ${a!.name}` }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("2");

  // The replay's write is held until the page has left; the next page's go through.
  let held = 0;
  let arrived!: () => void;
  const onItsWay = new Promise<void>((resolve) => (arrived = resolve));
  await context.route(/\/api\/checkout\/cart\/(update|batch)/, async (route) => {
    if (held++ === 0) {
      arrived();
      await new Promise((r) => setTimeout(r, 3_000));
      await route.abort("aborted").catch(() => undefined);
      return;
    }
    await route.continue().catch(() => undefined);
  });
  await context.setOffline(false);
  await onItsWay;
  await page.goto("/cart");

  await expect(page.getByTestId("offline-banner")).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => serverCart(page), { timeout: 30_000 }).toEqual([[a!.id, 2]]);
  await expect(page.getByRole("status", { name: `Quantity of ${a!.name}` })).toHaveText("2");
});
