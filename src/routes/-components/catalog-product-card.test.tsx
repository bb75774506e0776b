// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLocalCart } from "@/features/cart/store";
import { server } from "../../../tests/msw/server";
import { appPlainProduct, appProduct, shoppingHandlers } from "../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../tests/utils/render";
import { ShopProductCard } from "./catalog-product-card";

describe("shop product card", () => {
  beforeEach(() => {
    resetLocalCart();
    server.use(...shoppingHandlers);
  });

  it("adds a plain product straight from the card", async () => {
    await renderWithProviders(<ShopProductCard product={appPlainProduct()} />);
    expect(await screen.findByRole("button", { name: "Add To Cart" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to wishlist" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to compare" })).toBeTruthy();
  });

  it("lets the shopper choose colour and size in the quick view for a bicycle with options", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ShopProductCard product={appProduct()} />);
    expect(screen.queryByRole("button", { name: "Add To Cart" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Select options of Dirt Jumper Mini" }));
    const dialog = await screen.findByRole("dialog", { name: "Dirt Jumper Mini" }, { timeout: 10_000 });
    expect(within(dialog).getByText("Small jumper.")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "blue" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "blue" }));
    expect(within(dialog).getByRole("button", { name: "blue" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(dialog).getByRole("button", { name: "Add To Cart" })).toBeTruthy();
    expect(
      within(dialog).getByRole("button", { name: "Decrease the quantity of Dirt Jumper Mini" }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers Buy Now in the quick view of a product sold by a partner", async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <ShopProductCard product={appProduct({ affiliateLink: "https://partners.example.com/jumper" })} />,
    );
    await user.click(await screen.findByRole("button", { name: "Quick view of Dirt Jumper Mini" }));
    const dialog = await screen.findByRole("dialog", { name: "Dirt Jumper Mini" }, { timeout: 10_000 });
    expect(within(dialog).getByRole("link", { name: "Buy Now" }).getAttribute("href")).toBe(
      "https://partners.example.com/jumper",
    );
    expect(within(dialog).queryByRole("button", { name: "Add To Cart" })).toBeNull();
  });
});
