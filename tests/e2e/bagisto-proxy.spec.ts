// `BAGISTO_URL=… npm start` (issue 17 item 4): our server in front of another back end, with the reference
// server standing in for a stock Bagisto (tests/e2e/bagisto/upstream.ts: the calls Bagisto lacks answer 404
// or 405). The storefront is rendered and used through the proxy: a guest's cart keeps its session cookie,
// a customer's token reaches the back end, the missing services degrade politely, and a stopped back end is
// a clear 502.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { test as base } from "./fixtures";
import { DEMO, field, login } from "./shopper";

const UPSTREAM_DOWN = "The shop's back end (Bagisto) cannot be reached. Please try again later.";

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function startNode(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive(child)) throw new Error(`${args.join(" ")} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(ready)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${args.join(" ")} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || !alive(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

interface Shop {
  /** our server, BAGISTO_URL pointing at the upstream */
  origin: string;
  /** the stand-in Bagisto */
  upstream: string;
  stopUpstream: () => Promise<void>;
}

const test = base.extend<object, { shop: Shop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const [upPort, proxyPort] = [await freePort(), await freePort()];
      const file = `data/bagisto-upstream-${upPort}.sqlite`;
      const upstreamOrigin = `http://127.0.0.1:${upPort}`;
      let upstream: ChildProcess | null = await startNode(
        ["tests/e2e/bagisto/upstream.ts"],
        { PORT: String(upPort), DATABASE_FILE: file },
        `${upstreamOrigin}/readyz`,
      );
      const origin = `http://127.0.0.1:${proxyPort}`;
      const proxy = await startNode(
        ["server/index.ts"],
        {
          PORT: String(proxyPort),
          BAGISTO_URL: `${upstreamOrigin}/api`,
          DIST_DIR: resolve(process.env.DIST_DIR ?? "dist"),
          RENDER_THREADS: "1",
        },
        `${origin}/healthz`,
      );
      await use({
        origin,
        upstream: upstreamOrigin,
        stopUpstream: async () => {
          await stop(upstream);
          upstream = null;
        },
      });
      await stop(proxy);
      await stop(upstream);
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ shop }, use) => use(shop.origin),
});

test.describe.configure({ mode: "serial" });

interface ApiProduct {
  id: number;
  name: string;
  url_key: string;
  type: string;
}

async function simpleProducts(request: APIRequestContext, origin: string): Promise<ApiProduct[]> {
  const reply = await request.get(`${origin}/api/products?limit=40`);
  expect(reply.status()).toBe(200);
  const { data } = (await reply.json()) as { data: ApiProduct[] };
  return data.filter((p) => p.type === "simple");
}

/** The cart the stand-in Bagisto holds for these credentials (a cookie or a token), asked directly. */
async function upstreamCart(
  request: APIRequestContext,
  upstream: string,
  headers: Record<string, string>,
): Promise<string[]> {
  const query = headers.Authorization ? "?token=true" : "";
  const reply = await request.get(`${upstream}/api/checkout/cart${query}`, {
    headers: { Accept: "application/json", ...headers },
  });
  const { data } = (await reply.json()) as { data: { items: { name: string }[] } | null };
  return (data?.items ?? []).map((i) => i.name).sort();
}

test("the storefront arrives server-rendered through the proxy, and the home page hides what the back end lacks", async ({
  page,
  request,
  shop,
}) => {
  const [product] = await simpleProducts(request, shop.upstream);
  // Rendered on the server from the back end's data, fetched through the same pass-through.
  // (A cold renderer may miss its 4 s and send the plain shell, as it does for any server: asked again.)
  await expect
    .poll(async () => (await request.get(`/product/${product!.url_key}`)).text(), { timeout: 30_000 })
    .toContain(`>${product!.name}</h1>`);
  expect(await (await request.get(`/product/${product!.url_key}`)).text()).toContain('id="server-state"');

  const lacking = ["getbanner", "product-with-additional-information", "brands"].map((path) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}`),
  );
  await page.goto("/");
  await expect(page.getByTestId("home")).toBeVisible();
  // Each section mounts as it nears the screen: scroll down until the featured products have come.
  await expect(async () => {
    await page.mouse.wheel(0, 800);
    await expect(page.getByTestId("home-featured").getByRole("article").first()).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("home-bestsellers").getByRole("article").first()).toBeAttached();
  await expect(page.getByTestId("home-category-grid").getByRole("article").first()).toBeAttached();
  await page.locator("footer").scrollIntoViewIfNeeded();
  for (const reply of await Promise.all(lacking)) expect(reply.status()).toBe(404);
  // No banners, brands or new-arrivals service: those sections are simply not there.
  await expect(page.getByText("No Product available!")).toHaveCount(0);
  for (const id of ["hero-slider", "home-promo", "home-brands", "home-recommend"])
    await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
});

test("a guest's cart keeps its session cookie across requests, and a customer's token reaches the back end", async ({
  page,
  context,
  request,
  shop,
}) => {
  const [first, second] = await simpleProducts(request, shop.upstream);
  await page.goto(`/product/${first!.url_key}`);
  await page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first().click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();

  // Bagisto's session cookie, made ours: host-only, for /api alone, out of the page's reach.
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "bagisto_session");
  expect(session).toMatchObject({ domain: "127.0.0.1", path: "/api", httpOnly: true });
  // The back end holds that guest's cart under that cookie.
  expect(await upstreamCart(request, shop.upstream, { Cookie: `bagisto_session=${session!.value}` })).toEqual(
    [first!.name],
  );

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId("cart-line").filter({ hasText: first!.name })).toBeVisible();

  await login(page, DEMO.email, DEMO.password);
  await expect(page.getByText(`Hello ${DEMO.name}`)).toBeVisible();
  await page.goto(`/product/${second!.url_key}`);
  await page.locator("#main").getByRole("button", { name: "Add To Cart", exact: true }).first().click();
  await expect(page.getByText("Added To Cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);

  // The customer's cart on the back end (asked with a token of its own) has both lines: the second add
  // carried the Authorization header through the proxy.
  const loginReply = await request.post(`${shop.upstream}/api/customer/login?token=true`, {
    headers: { Accept: "application/json" },
    data: { email: DEMO.email, password: DEMO.password },
  });
  const { token } = (await loginReply.json()) as { token: string };
  expect(await upstreamCart(request, shop.upstream, { Authorization: `Bearer ${token}` })).toEqual(
    [first!.name, second!.name].sort(),
  );
  await request.post(`${shop.upstream}/api/checkout/cart/empty?token=true`, {
    headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
  });
});

test("pages, filters and forms whose service the back end lacks say so and stay usable", async ({ page }) => {
  await page.goto("/page/about-us");
  await expect(page.getByRole("heading", { level: 1, name: "Page not available" })).toBeVisible();
  await expect(page.getByText("This page is not available in this shop.")).toBeVisible();

  await page.goto("/catalog");
  const filters = page.getByRole("complementary", { name: "Filters" }).first();
  await expect(filters.getByRole("heading", { name: "Categories" })).toBeVisible();
  await expect(filters.getByRole("heading", { name: "Colour" })).toHaveCount(0);
  await expect(filters.getByRole("heading", { name: "Size" })).toHaveCount(0);
  await expect(page.locator("#main").getByRole("article").first()).toBeVisible();

  await page.goto("/contact");
  await field(page, "Name").fill("Asha Rao");
  await field(page, "Email").fill("asha@example.com");
  await field(page, "Message").fill("Do you ship to Pune?");
  await page.getByRole("button", { name: "Send Message" }).click();
  const unavailable = "The contact form is not available. Please call us or write to us by e-mail.";
  await expect(page.locator("#main").getByRole("alert").filter({ hasText: unavailable })).toBeVisible();
  await expect(field(page, "Message")).toHaveValue("Do you ship to Pune?");

  await page.locator("footer").getByRole("textbox", { name: "Email address" }).fill("rider@example.com");
  await page.locator("footer").getByRole("button", { name: "SUBSCRIBE" }).click();
  await expect(page.getByText("Newsletter sign-up is not available.")).toBeVisible();

  await page.goto("/login-register?tab=otp");
  await field(page, "Mobile number").fill(DEMO.phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.locator("#main").getByRole("alert").filter({
      hasText: "Logging in with a code is not available. Please log in with your e-mail and password.",
    }),
  ).toBeVisible();
});

test("with the back end stopped, the API answers 502 with a clear message and the shop's pages still load", async ({
  page,
  request,
  shop,
}) => {
  await shop.stopUpstream();
  const reply = await request.get("/api/products?limit=4", { headers: { Accept: "application/json" } });
  expect(reply.status()).toBe(502);
  expect(await reply.json()).toEqual({ error: UPSTREAM_DOWN });
  const shell = await page.goto("/contact");
  expect(shell?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
});
