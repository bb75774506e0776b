import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { mailedLink } from "./shopper";

const main = (page: Page) => page.locator("#main");
/** The slides of a carousel ("1 of 8", "2 of 8", …). */
const slidesOf = (section: Locator) => section.getByRole("group", { name: /^\d+ of \d+$/ });

/** Scrolls down a screen at a time until every block below the first screen has mounted, then back up. */
async function revealSections(page: Page) {
  const pending = page.locator("[data-reveal-pending]");
  await expect(async () => {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await expect(pending).toHaveCount(0, { timeout: 300 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function openHome(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.getByTestId("home")).toBeVisible();
  await revealSections(page);
}

test.describe("home page", () => {
  test("shows the banner slider, bestsellers, We Recommend, the Homepage grid, featured products, brands and promos", async ({
    page,
  }) => {
    await openHome(page);

    const hero = page.getByTestId("hero-slider");
    await expect(hero.getByText("Ride Further")).toBeVisible();
    const lcp = hero.locator("img").first();
    await expect(lcp).toHaveAttribute("fetchpriority", "high");
    await expect(lcp).toHaveAttribute("loading", "eager");
    await expect(lcp).toHaveAttribute("width", "1200");
    await expect(lcp).toHaveAttribute("height", "560");
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(hero.getByText("Built for Speed")).toBeVisible();
    await expect(hero.getByText("Ride Further")).toBeHidden();

    const bestsellers = page.getByTestId("home-bestsellers");
    await bestsellers.scrollIntoViewIfNeeded();
    await expect(bestsellers.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
    await expect(slidesOf(bestsellers)).toHaveCount(8);
    await expect(bestsellers.getByRole("article").first()).toBeVisible();

    const recommend = page.getByTestId("home-recommend");
    await recommend.scrollIntoViewIfNeeded();
    const slides = slidesOf(recommend);
    await expect(slides).toHaveCount(4);
    const slide = slides.first();
    await expect(slide.getByText("Bestseller")).toBeVisible();
    for (const label of [
      "Gender",
      "Age",
      "Tyre Size",
      "Frame Size",
      "Frame",
      "Suspension",
      "Brake",
      "Gears",
    ]) {
      await expect(slide.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(slide.getByRole("img", { name: /^Colours: / })).toBeVisible();
    await expect(slide.getByRole("link").first()).toHaveAttribute("href", /^\/product\/[a-z0-9-]+$/);

    const grid = page.getByTestId("home-category-grid");
    await grid.scrollIntoViewIfNeeded();
    await expect(grid.getByRole("listitem")).toHaveCount(8);

    const featured = page.getByTestId("home-featured");
    await featured.scrollIntoViewIfNeeded();
    await expect(featured.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expect(featured.getByRole("tab")).toHaveCount(0);
    await expect(featured.getByRole("listitem")).toHaveCount(8);

    const brands = page.getByTestId("home-brands");
    await brands.scrollIntoViewIfNeeded();
    await expect(brands.getByRole("img", { name: "Ridgeline" })).toBeVisible();

    const promo = page.getByTestId("home-promo");
    await promo.scrollIntoViewIfNeeded();
    await expect(promo.getByRole("listitem")).toHaveCount(3);
    await expect(promo.getByRole("link", { name: "City Bikes" })).toHaveAttribute(
      "href",
      "/catalog/city-hybrid-bikes",
    );
    await expect(promo.getByTestId("promo-price").first()).toContainText("₹");
    await page.getByLabel("Currency").selectOption("USD");
    await expect(promo.getByTestId("promo-price").first()).toContainText("$");
  });

  test("a We Recommend slide opens its product", async ({ page }) => {
    await openHome(page);
    const slide = slidesOf(page.getByTestId("home-recommend")).first();
    const name = await slide.getByRole("heading").textContent();
    await slide.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
  });

  test("sliders offer pause when they autoplay, and do not autoplay for reduced motion", async ({ page }) => {
    await openHome(page);
    const hero = page.getByTestId("hero-slider");
    await expect(hero.getByRole("button", { name: "Pause slides" })).toBeVisible();
    await hero.getByRole("button", { name: "Pause slides" }).click();
    await expect(hero.getByRole("button", { name: "Play slides" })).toBeVisible();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.getByTestId("hero-slider").getByRole("button", { name: "Next slide" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Pause|Play) slides$/ })).toHaveCount(0);
  });

  test("the footer subscribe widget does not submit on the bicycle home page", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/contactsubscribe")) posts.push(r.url());
    });
    await openHome(page);
    const footer = page.locator("footer");
    await footer.getByRole("textbox", { name: "Email address" }).fill("rider@example.com");
    await footer.getByRole("button", { name: "SUBSCRIBE" }).click();
    await page.goto("/huge-home");
    await page.locator("footer").getByRole("textbox", { name: "Email address" }).fill("rider@example.com");
    await page.locator("footer").getByRole("button", { name: "SUBSCRIBE" }).click();
    await expect(page.getByTestId("home")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("blocks below the first screen mount as they near it, or all at once at the first Tab", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByTestId("hero-slider").getByText("Ride Further")).toBeVisible();
    // The first block after the hero is on the first screen; the last ones are not mounted yet.
    await expect(page.getByTestId("home-bestsellers").getByRole("article").first()).toBeVisible();
    await expect(page.getByTestId("home-promo")).toHaveCount(0);
    await expect(page.locator("[data-reveal-pending]").first()).toBeAttached();
    // A keyboard user gets every block at the first Tab, so nothing is skipped.
    await page.keyboard.press("Tab");
    await expect(page.locator("[data-reveal-pending]")).toHaveCount(0);
    await expect(page.getByTestId("home-promo").getByRole("listitem")).toHaveCount(3);
  });

  test("has no axe violations", async ({ page }) => {
    await openHome(page);
    for (const id of ["home-bestsellers", "home-recommend", "home-featured", "home-brands", "home-promo"]) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
    }
    await expect(page.getByTestId("home-promo").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("home-featured").getByRole("listitem").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  });
});

test("a template home variant renders its own layout over the bicycle catalogue", async ({ page }) => {
  await openHome(page, "/home-grid-banner");
  await expect(page.getByTestId("home")).toHaveAttribute("data-hero", "grid");
  const hero = page.getByTestId("hero-grid");
  for (const title of ["Ride Further", "Built for Speed", "Go Anywhere"])
    await expect(hero.getByText(title)).toBeVisible();

  const featured = page.getByTestId("home-featured");
  await featured.scrollIntoViewIfNeeded();
  await expect(featured.getByRole("tab", { name: "Best Sellers" })).toHaveAttribute("aria-selected", "true");
  await featured.getByRole("tab", { name: "Sale Items" }).click();
  await expect(featured.getByRole("tab", { name: "Sale Items" })).toHaveAttribute("aria-selected", "true");
  await expect(featured.getByRole("listitem")).toHaveCount(8);
  // The variant's accent colour replaces the shop's red on its buttons.
  const shopNow = hero.getByRole("link", { name: "Shop Now" }).first();
  await expect(shopNow).toHaveCSS("background-color", "rgb(40, 53, 147)");

  await openHome(page, "/home-christmas");
  await expect(page.getByTestId("home")).toHaveAttribute("data-hero", "fade");
  await expect(page.getByTestId("about-counters")).toBeVisible();
});

test.describe("content pages", () => {
  test("the about-us page shows its sanitised content, about blocks, counters and team", async ({ page }) => {
    await page.goto("/page/about-us");
    await expect(main(page).getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Fifty years of building bicycles" })).toBeVisible();
    await expect(page).toHaveTitle("About our bicycle workshop | Velora Bicycles");
    // The blocks GET about serves (vision, mission, goal) are shown.
    const blocks = page.getByTestId("about-blocks");
    await expect(blocks.getByRole("heading", { level: 3 })).toHaveText([
      "Our vision",
      "Our mission",
      "Our goal",
    ]);
    await expect(page.getByTestId("about-counters")).toContainText("100,000");
    await expect(page.getByTestId("about-team").getByText("Asha Rao")).toBeVisible();
    // One postal address: the page's is the footer's.
    await expect(main(page).getByText(/12 Canal Street, Bengaluru 560001/)).toBeVisible();
    await expect(page.locator("footer")).toContainText("12 Canal Street");
  });

  test("an unknown page shows a page titled 404 with 'Page Not found'", async ({ page }) => {
    await page.goto("/page/no-such-page");
    await expect(main(page).getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(main(page).getByText("Page Not found")).toBeVisible();
    await expect(page).toHaveTitle("404 | Velora Bicycles");
  });

  test("robots.txt is served", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("User-agent: *");
  });
});

test.describe("contact", () => {
  test("the contact form checks its fields, then shows the server's success toast", async ({ page }) => {
    await page.goto("/contact");
    await expect(main(page).getByText("+91 80 4123 5678")).toBeVisible();
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter your name.")).toBeVisible();
    await expect(form.getByText("Please write your message.")).toBeVisible();

    await form.getByRole("textbox", { name: "Name" }).fill("Asha Rao");
    await form.getByRole("textbox", { name: "Email" }).fill("asha@example.com");
    await form.getByRole("textbox", { name: "Subject" }).fill("Delivery");
    await form.getByRole("textbox", { name: "Message" }).fill("Do you deliver to Pune?");
    await form.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByText("Thank you for contacting us. We will get back to you soon.");
    await expect(toast).toBeVisible();
    await expect(page.locator(".notistack-MuiContent-success")).toContainText("Thank you for contacting us");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  test("a network failure keeps what the shopper typed", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("textbox", { name: "Name" }).fill("Asha Rao");
    await form.getByRole("textbox", { name: "Email" }).fill("asha@example.com");
    await form.getByRole("textbox", { name: "Message" }).fill("Do you deliver to Pune?");
    await page.route("**/api/contactrequest", (route) => route.abort("connectionrefused"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toContainText("Your message is kept and will be sent");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("Do you deliver to Pune?");
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("Asha Rao");
    // When the server answers again the queued message goes out by itself (same idempotency key).
    await page.unroute("**/api/contactrequest");
    await expect(page.locator(".notistack-MuiContent-success")).toContainText("Thank you for contacting us", {
      timeout: 20_000,
    });
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  test("the footer subscribe widget posts contactsubscribe, and the mailed link confirms the sign-up", async ({
    page,
  }) => {
    await page.goto("/contact");
    const footer = page.locator("footer");
    const email = `rider-${Date.now()}@example.com`;
    await footer.getByRole("textbox", { name: "Email address" }).fill(email);
    const posted = page.waitForRequest(
      (r) => r.url().includes("/api/contactsubscribe") && r.method() === "POST",
    );
    await footer.getByRole("button", { name: "SUBSCRIBE" }).click();
    await posted;
    // Double opt-in (decision 038): subscribed once the link mailed to the address is opened.
    await expect(page.locator(".notistack-MuiContent-success")).toContainText(
      "Thank you. Please open the link we have sent to your e-mail to confirm your subscription.",
    );
    const link = await mailedLink(email, "newsletter-confirm");
    expect(new URL(link).pathname).toBe("/newsletter/confirm");
    await page.goto(link);
    await expect(main(page).getByRole("alert")).toHaveText("Thank you for subscribing to our newsletter.");
    expect(page.url()).not.toContain("token");
  });
});

test.describe("blog", () => {
  test("the blog lists the sample posts and opens one", async ({ page }) => {
    await page.goto("/blog-standard");
    const list = page.getByTestId("blog-list");
    await expect(list).toHaveAttribute("data-sidebar", "left");
    await expect(list.getByRole("article")).not.toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Blog sidebar" })).toBeVisible();
    const first = list.getByRole("article").first().getByRole("heading");
    const title = (await first.textContent()) ?? "";
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/blog-details-standard\?slug=/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Velora Bicycles`);
  });

  test("the no-sidebar and right-sidebar layouts place the sidebar by data", async ({ page }) => {
    await page.goto("/blog-no-sidebar");
    await expect(page.getByTestId("blog-list").getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Blog sidebar" })).toHaveCount(0);
    await page.goto("/blog-right-sidebar");
    await expect(page.getByTestId("blog-list")).toHaveAttribute("data-sidebar", "right");
    await expect(page.getByRole("complementary", { name: "Blog sidebar" })).toBeVisible();
  });
});
