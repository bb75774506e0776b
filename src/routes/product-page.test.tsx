// @vitest-environment jsdom
// jsdom: the description goes through DOMPurify 3.4, which happy-dom runs wrongly (see utils/sanitize-html.test.ts).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLocalCart } from "@/features/cart/store";
import { saveRiderFit } from "@/features/catalog/utils/fit-store";
import { catalogHandlers } from "../../tests/msw/catalog-handlers";
import { server } from "../../tests/msw/server";
import { sampleCart, sampleProduct, shoppingHandlers } from "../../tests/msw/shopping-handlers";
import { renderApp } from "../../tests/utils/render";

// The first render loads the lazy route chunks.
const slow = { timeout: 20_000 };
const path = "/product/dirt-jumper-mini";

async function openDetail(product = sampleProduct()) {
  server.use(...catalogHandlers({ products: [], detail: product }));
  const result = await renderApp({ path });
  await screen.findByRole("heading", { level: 1, name: product.name }, slow);
  return { ...result, options: screen.getByRole("region", { name: "Product options" }) };
}

describe("product detail stock rules", { timeout: 40_000 }, () => {
  beforeEach(() => {
    resetLocalCart();
    server.use(...shoppingHandlers);
  });

  it("shows 'Out of Stock' instead of Add To Cart when the product is not in stock", async () => {
    const { options } = await openDetail(sampleProduct({ in_stock: false }));
    const button = within(options).getByRole("button", { name: "Out of Stock" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(within(options).queryByRole("button", { name: "Add To Cart" })).toBeNull();
  });

  it("shows 'Out of Stock' for a chosen size with nothing left", async () => {
    const user = userEvent.setup();
    const { options } = await openDetail();
    await user.click(within(options).getByRole("button", { name: "red" }));
    await user.click(within(options).getByRole("button", { name: "xl" }));
    expect(within(options).getByRole("button", { name: "Out of Stock" }).hasAttribute("disabled")).toBe(true);
  });

  it("disables Add To Cart once the cart holds the stock of the chosen colour and size", async () => {
    const bike = sampleProduct();
    server.use(
      http.post("*/api/checkout/cart/add/42", () =>
        HttpResponse.json({
          message: "ok",
          data: sampleCart([
            { id: 11, product: bike, quantity: 2, variantId: 4201, color: "red", size: "m" },
          ]),
        }),
      ),
    );
    const user = userEvent.setup();
    const { options } = await openDetail(bike);
    await user.click(within(options).getByRole("button", { name: "red" }));
    await user.click(within(options).getByRole("button", { name: "m" }));
    const more = within(options).getByRole("button", { name: "Increase the quantity of Dirt Jumper Mini" });
    await user.click(more);
    expect(within(options).getByLabelText("Quantity of Dirt Jumper Mini").textContent).toBe("2");
    expect(more.hasAttribute("disabled")).toBe(true);
    await user.click(within(options).getByRole("button", { name: "Add To Cart" }));
    await waitFor(() =>
      expect(within(options).getByRole("button", { name: "Add To Cart" }).hasAttribute("disabled")).toBe(
        true,
      ),
    );
    // Another colour still has stock of its own.
    await user.click(within(options).getByRole("button", { name: "blue" }));
    expect(within(options).getByRole("button", { name: "Add To Cart" }).hasAttribute("disabled")).toBe(false);
  });

  it("offers a Buy Now link to the partner shop when the product has an affiliate link", async () => {
    const { options } = await openDetail(
      sampleProduct({ affiliateLink: "https://partners.example.com/jumper" }),
    );
    const link = within(options).getByRole("link", { name: "Buy Now" });
    expect(link.getAttribute("href")).toBe("https://partners.example.com/jumper");
    expect(within(options).queryByRole("button", { name: "Add To Cart" })).toBeNull();
  });

  it("renders the description without scripts or event handlers", async () => {
    const user = userEvent.setup();
    await openDetail(
      sampleProduct({
        description:
          '<p>Safe <b>text</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
      }),
    );
    await user.click(screen.getByRole("tab", { name: "Description" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("text").tagName).toBe("B");
    expect(panel.querySelector("script")).toBeNull();
    expect(panel.querySelector("img")?.hasAttribute("onerror")).toBe(false);
  });

  it("shows the not-found page for an unknown product", async () => {
    server.use(...catalogHandlers({ products: [] }));
    await renderApp({ path: "/product/no-such-bike" });
    expect(await screen.findByText("Page Not found", {}, slow)).toBeTruthy();
  });

  it("shows the not-found page for a url_key that is only part of a product's", async () => {
    server.use(...catalogHandlers({ products: [] }));
    await renderApp({ path: "/product/dirt-jumper" });
    expect(await screen.findByText("Page Not found", {}, slow)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Dirt Jumper Mini" })).toBeNull();
  });
});

describe("the size finder", { timeout: 40_000 }, () => {
  const geometry = JSON.stringify([
    { size: "m", rider_cm: [160, 175], inseam_cm: [74, 81], standover_cm: 71 },
    { size: "xl", rider_cm: [174, 186], inseam_cm: [80, 87], standover_cm: 76 },
  ]);
  const withGeometry = http.get("*/api/product-additional-information/:id", () =>
    HttpResponse.json({
      data: [
        { code: "frame", label: "Frame", value: "Chromoly steel" },
        { code: "frame_geometry", label: "Frame geometry", value: geometry },
      ],
    }),
  );

  beforeEach(() => {
    resetLocalCart();
    saveRiderFit({ height: null, inseam: null });
    server.use(...shoppingHandlers);
  });

  it("is not offered for a product without a size table", async () => {
    const { options } = await openDetail();
    expect(within(options).getByRole("button", { name: "m" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(options).queryByRole("button", { name: "Find my size" })).toBeNull();
  });

  it("takes the remembered inseam's size as the default, even out of stock, until the shopper picks one", async () => {
    // As a page starts with what an earlier visit stored.
    saveRiderFit({ height: null, inseam: 84 });
    const user = userEvent.setup();
    server.use(withGeometry, ...catalogHandlers({ products: [], detail: sampleProduct() }));
    await renderApp({ path });
    const options = await screen.findByRole("region", { name: "Product options" }, slow);
    await waitFor(() =>
      expect(within(options).getByTestId("size-advice").textContent).toBe(
        "Your inseam 84 cm: size XL, stand-over fits",
      ),
    );
    // Red is the only colour with an XL, sold out: still the rider's size.
    expect(within(options).getByRole("button", { name: "xl" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(options).getByRole("button", { name: "Out of Stock" })).toBeTruthy();
    await user.click(within(options).getByRole("button", { name: "m" }));
    expect(within(options).getByRole("button", { name: "m" }).getAttribute("aria-pressed")).toBe("true");

    // New measurements: remembered, and the advice follows; the size the shopper picked stays.
    await user.click(within(options).getByRole("button", { name: "Find my size" }));
    await user.clear(within(options).getByLabelText("Inseam (cm)"));
    await user.type(within(options).getByLabelText("Inseam (cm)"), "80");
    await user.type(within(options).getByLabelText("Height (cm)"), "170");
    await user.click(within(options).getByRole("button", { name: "Show my size" }));
    expect(within(options).getByTestId("size-advice").textContent).toBe(
      "Your inseam 80 cm is between sizes M and XL: size M, stand-over fits",
    );
    expect(JSON.parse(localStorage.getItem("rider-fit")!)).toEqual({ height: 170, inseam: 80 });
    expect(within(options).getByRole("button", { name: "m" }).getAttribute("aria-pressed")).toBe("true");
    // The geometry is not one of the specs the page lists.
    await user.click(screen.getByRole("tab", { name: "Additional information" }));
    expect(within(screen.getByRole("tabpanel")).queryByText("Frame geometry")).toBeNull();
  });
});
