// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appProduct } from "../../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../../tests/utils/render";
import { ProductCard } from "./product-card";

describe("product card", () => {
  it("shows the discount badge and strikes the old price through when discounted", async () => {
    await renderWithProviders(
      <ProductCard product={appProduct({ discount: 10, price: "10000.0000", new: false })} />,
    );
    expect(await screen.findByText("-10%")).toBeTruthy();
    expect(screen.getByTestId("price").textContent).toBe("₹9,000.00");
    const old = screen.getByText("₹10,000.00");
    expect(old.tagName).toBe("DEL");
    expect(screen.queryByText("New")).toBeNull();
  });

  it("shows 'New' only for a product flagged new, and no discount badge or old price without a discount", async () => {
    await renderWithProviders(
      <ProductCard product={appProduct({ discount: 0, new: true, price: "10000.0000" })} />,
    );
    expect(await screen.findByText("New")).toBeTruthy();
    expect(screen.queryByText(/^-\d+%$/)).toBeNull();
    expect(screen.getByTestId("price").textContent).toBe("₹10,000.00");
    expect(document.querySelector("del")).toBeNull();
  });

  it("links to the product detail and rates it out of 5", async () => {
    await renderWithProviders(<ProductCard product={appProduct({ rating: 4 })} />);
    expect((await screen.findByRole("link", { name: "Dirt Jumper Mini" })).getAttribute("href")).toBe(
      "/product/dirt-jumper-mini",
    );
    expect(screen.getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
  });

  it("loads the image eagerly and first only when it is on the first screen", async () => {
    const { unmount } = await renderWithProviders(<ProductCard product={appProduct()} priority />);
    let img = document.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("width")).toBe("480");
    unmount();
    await renderWithProviders(<ProductCard product={appProduct()} />);
    img = document.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
  });

  it("shows the price in the chosen currency", async () => {
    localStorage.setItem("currency", "USD");
    const { setCurrency } = await import("@/i18n/currency");
    setCurrency("USD");
    await renderWithProviders(<ProductCard product={appProduct({ discount: 0, price: "8000" })} />);
    expect((await screen.findByTestId("price")).textContent).toMatch(/^\$\d/);
    setCurrency("INR");
  });
});
