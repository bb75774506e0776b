// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { reshapeProduct } from "@/api/product";
import { server } from "../../../../tests/msw/server";
import { plainProduct, shoppingHandlers } from "../../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../../tests/utils/render";
import { dispatchCart, resetLocalCart } from "../store";
import { toCartProduct } from "../utils/stock";
import { CartView } from "./cart-view";

describe("the cart screen", () => {
  beforeEach(() => {
    resetLocalCart();
    server.use(...shoppingHandlers);
  });

  it("says an empty cart is empty in its first render, without waiting for the lines' code", async () => {
    await renderWithProviders(<CartView />);
    // getBy, not findBy: no chunk and no server answer stands between the device's empty cart and the text.
    expect(screen.getByText("No items found in cart")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the device's lines (their own chunk) for a cart with lines", async () => {
    dispatchCart({
      type: "add",
      input: { product: toCartProduct(reshapeProduct(plainProduct())), quantity: 2 },
    });
    await renderWithProviders(<CartView />);
    expect(await screen.findAllByTestId("cart-line")).toHaveLength(1);
    expect(screen.queryByText("No items found in cart")).toBeNull();
  });
});
