// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { reshapeProduct } from "@/api/product";
import { dispatchCart, resetLocalCart } from "@/features/cart/store";
import { toCartProduct } from "@/features/cart/utils/stock";
import { server } from "../../tests/msw/server";
import { plainProduct, sampleCart, shoppingHandlers } from "../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../tests/utils/render";
import { CheckoutPage } from "./checkout-page";

const plainWire = plainProduct();
// The form is its own chunk, loaded on first use.
const slow = { timeout: 10_000 };

describe("checkout before the shop's cart has answered", () => {
  beforeEach(() => {
    resetLocalCart();
    server.use(...shoppingHandlers);
  });

  it("says there is nothing to check out when this device's cart is empty", async () => {
    server.use(http.get("*/api/checkout/cart", () => delay("infinite")));
    await renderWithProviders(<CheckoutPage />);
    expect(await screen.findByText("No items found in cart to checkout")).toBeTruthy();
    expect(screen.queryByText("Billing details")).toBeNull();
  });

  it("shows the steps when this device's cart has lines", async () => {
    server.use(http.get("*/api/checkout/cart", () => delay("infinite")));
    dispatchCart({ type: "add", input: { product: toCartProduct(reshapeProduct(plainWire)), quantity: 1 } });
    await renderWithProviders(<CheckoutPage />);
    expect(await screen.findByText("Billing details", undefined, slow)).toBeTruthy();
    expect(screen.queryByText("No items found in cart to checkout")).toBeNull();
  });

  it("shows the steps once the shop's cart answers with lines, even if this device's cart is empty", async () => {
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({ data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }]) }),
      ),
    );
    await renderWithProviders(<CheckoutPage />);
    expect(await screen.findByText("Billing details", undefined, slow)).toBeTruthy();
  });
});
