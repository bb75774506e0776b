import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures";
import type { ApiProduct } from "./offline-helpers";

// A phone: touch input, narrow screen (one slide per view).
test.use({ hasTouch: true, viewport: { width: 412, height: 823 } });

/** A finger drawn across the middle of `target`, as touch events (Chromium turns them into pointer events). */
async function swipe(page: Page, target: Locator, direction: "left" | "right") {
  const box = await target.boundingBox();
  if (!box) throw new Error("the slide is not on screen");
  const y = box.y + box.height / 2;
  const [from, to] =
    direction === "left"
      ? [box.x + box.width * 0.8, box.x + box.width * 0.2]
      : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: from + ((to - from) * i) / 10, y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Requests for Swiper's chunk (code and CSS travel together). */
function swiperDownloads(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/swiper-setup-[^/]*\.js$/.test(r.url())) urls.push(r.url());
  });
  return urls;
}

const slidesOf = (slider: Locator) => slider.getByRole("group", { name: /^\d+ of \d+$/ });

test("the home banner: the first slide without Swiper, Swiper at the first touch, a swipe shows the next banner", async ({
  page,
}) => {
  // No autoplay, so nothing but the shopper starts Swiper.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const downloads = swiperDownloads(page);
  await page.goto("/");
  const hero = page.getByTestId("hero-slider");
  const first = slidesOf(hero).first();
  await expect(first.getByText("Ride Further")).toBeVisible();
  expect(downloads).toEqual([]);
  await expect(hero).not.toHaveAttribute("data-slider-ready");
  const before = await first.locator("img").boundingBox();

  // Focus (a keyboard user, or a finger) starts Swiper on the markup that is there: nothing moves.
  await hero.locator(".swiper").focus();
  await expect(hero).toHaveAttribute("data-slider-ready", "");
  expect(downloads).toHaveLength(1);
  const after = await first.locator("img").boundingBox();
  expect(after).not.toBeNull();
  for (const key of ["x", "y", "width", "height"] as const) expect(after![key]).toBeCloseTo(before![key], 0);

  await swipe(page, first, "left");
  await expect(hero.getByText("Built for Speed")).toBeVisible();
  await expect(hero.getByText("Ride Further")).toBeHidden();
  await expect(hero.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");

  // Swiper's keyboard control, while focus is in the slider.
  await hero.getByRole("button", { name: "Show slide 2" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(hero.getByRole("button", { name: "Show slide 3" })).toHaveAttribute("aria-current", "true");
  await expect(hero.getByText("Built for Speed")).toBeHidden();
});

test("autoplay moves the home banner before Swiper is needed, and downloads none of it", async ({ page }) => {
  const downloads = swiperDownloads(page);
  await page.goto("/");
  const hero = page.getByTestId("hero-slider");
  await expect(hero.getByText("Ride Further")).toBeVisible();
  // SPEC §9: the next banner after 5 s, with nobody touching the page.
  await expect(hero.getByText("Built for Speed")).toBeVisible({ timeout: 20_000 });
  await expect(hero.getByText("Ride Further")).toBeHidden();
  await expect(hero.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
  expect(downloads).toEqual([]);
  await expect(hero).not.toHaveAttribute("data-slider-ready");

  // Swiper starts where the banner is (the pointer over it holds autoplay): "Next" goes on from there.
  await hero.hover();
  await expect(hero).toHaveAttribute("data-slider-ready", "");
  const titles = ["Ride Further", "Built for Speed", "Go Anywhere"];
  const shown = await hero.locator("[aria-current='true']").getAttribute("aria-label");
  const n = Number(shown?.replace("Show slide ", ""));
  await hero.getByRole("button", { name: "Next slide" }).click();
  await expect(hero.getByRole("button", { name: `Show slide ${(n % 3) + 1}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(hero.getByText(titles[n % 3]!)).toBeVisible();
  await expect(hero.getByText(titles[n - 1]!)).toBeHidden();
});

test("the product gallery: a swipe (even before Swiper is ready) shows the next image and the thumbnails follow", async ({
  page,
}) => {
  const reply = await page.request.get("/api/products?cat_slug=mountain-bikes&limit=50");
  const { data } = (await reply.json()) as {
    data: (Omit<ApiProduct, "variation"> & {
      images: unknown[];
      variation: { color: string; image: string }[];
    })[];
  };
  const bike = data.find((p) => p.images.length >= 2 && p.variation.length >= 2);
  if (!bike) throw new Error("the sample data has no bicycle with two images");
  const count = bike.images.length;

  await page.goto(`/product/${bike.url_key}`);
  const gallery = page.getByRole("group", { name: "Product images" });
  const slides = slidesOf(gallery);
  await expect(slides.first().getByRole("img", { name: bike.name })).toBeInViewport();
  const thumb = (n: number) => gallery.getByRole("button", { name: `Show image ${n} of ${count}` });
  await expect(gallery.getByRole("button", { name: /^Show image / })).toHaveCount(count);
  await expect(thumb(1)).toHaveAttribute("aria-pressed", "true");

  // This touch starts Swiper: the swipe is replayed once it is ready.
  await swipe(page, slides.first(), "left");
  await expect(slides.nth(1).locator("img")).toBeInViewport();
  await expect(slides.first().locator("img")).not.toBeInViewport();
  await expect(thumb(2)).toHaveAttribute("aria-pressed", "true");
  await expect(thumb(1)).toHaveAttribute("aria-pressed", "false");

  // Swiper's own swipe, back.
  await swipe(page, slides.nth(1), "right");
  await expect(slides.first().locator("img")).toBeInViewport();
  await expect(thumb(1)).toHaveAttribute("aria-pressed", "true");

  // Thumbnail, then the arrow keys.
  await thumb(2).click();
  await expect(slides.nth(1).locator("img")).toBeInViewport();
  await page.keyboard.press("ArrowLeft");
  await expect(slides.first().locator("img")).toBeInViewport();
  await expect(thumb(1)).toHaveAttribute("aria-pressed", "true");

  // Picking a colour shows its image, also where it takes the place of the image of the colour before it.
  for (const v of [...bike.variation.slice(1), bike.variation[0]!]) {
    await page.getByRole("button", { name: v.color, exact: true }).click();
    const path = new URL(v.image, page.url()).pathname;
    await expect(gallery.locator(`img[src$="${path}"]`)).toBeInViewport();
  }
});

test.describe("on a wide screen", () => {
  test.use({ hasTouch: false, viewport: { width: 1280, height: 900 } });

  test("no slide moves when Swiper starts on the server-rendered markup", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Swiper's chunk is held back until every slider has been measured without it.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/swiper-setup-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/");
    // The first Tab mounts every home block, once the blocks below the hero are there to hear it.
    const pending = page.locator("[data-reveal-pending]");
    await expect(pending.first()).toBeAttached();
    await expect(async () => {
      await page.keyboard.press("Tab");
      await expect(pending).toHaveCount(0, { timeout: 2_000 });
    }).toPass();
    const ids = ["hero-slider", "home-bestsellers", "home-recommend", "home-brands"];
    const boxes = (id: string) =>
      slidesOf(page.getByTestId(id)).evaluateAll((els) =>
        els.slice(0, 3).map((el) => {
          const b = el.getBoundingClientRect();
          return [b.x, b.y + window.scrollY, b.width, b.height].map(Math.round).join(",");
        }),
      );
    const before: Record<string, string[]> = {};
    for (const id of ids) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      await expect(slidesOf(page.getByTestId(id)).first()).toBeVisible();
      await expect(page.getByTestId(id).locator("[data-slider-ready]")).toHaveCount(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const id of ids) before[id] = await boxes(id);
    release();
    for (const id of ids) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      const slider = page.getByTestId(id).locator("[data-slider-ready]");
      await expect(id === "hero-slider" ? page.getByTestId(id) : slider).toHaveAttribute(
        "data-slider-ready",
        "",
      );
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const id of ids) expect(await boxes(id), id).toEqual(before[id]);
  });
});
