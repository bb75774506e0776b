import { cartKeys } from "@/api/cart";
import { reshapeProduct } from "@/api/product";
// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import {
  plainProduct,
  sampleCart,
  sampleProduct,
  appProduct,
  appPlainProduct,
  shoppingHandlers,
} from "../../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../../tests/utils/render";
import { useCartSync } from "../hooks/use-cart-sync";
import { dispatchCart, getLocalCart, resetLocalCart } from "../store";
import { toCartProduct } from "../utils/stock";
import { AddToCartButton } from "./add-to-cart-button";
import { CartView } from "./cart-view";
import { MiniCart } from "./mini-cart";

const bikeWire = sampleProduct();
const plainWire = plainProduct();
const bike = reshapeProduct(bikeWire);
const plain = reshapeProduct(plainWire);

function seedLine(product = plain, quantity = 2, cartItemId = 11) {
  dispatchCart({ type: "add", input: { product: toCartProduct(product), quantity } });
  const line = getLocalCart().lines.at(-1)!;
  return { ...line, cartItemId };
}

describe("cart toasts (SPEC §8)", () => {
  beforeEach(() => {
    resetLocalCart();
    server.use(...shoppingHandlers);
  });

  it("says 'Added To Cart' when the server takes the product, and sends the chosen variant", async () => {
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post("*/api/checkout/cart/add/42", async ({ request }) => {
        body = await request.json();
        key = request.headers.get("Idempotency-Key");
        return HttpResponse.json({
          message: "ok",
          data: sampleCart([
            { id: 11, product: bikeWire, quantity: 1, variantId: 4211, color: "blue", size: "m" },
          ]),
        });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddToCartButton product={bike} selectedColor="blue" selectedSize="m" />);
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(await screen.findByText("Added To Cart")).toBeTruthy();
    expect(body).toEqual({
      product_id: 42,
      quantity: 1,
      quantityCount: 1,
      is_configurable: true,
      selected_configurable_option: 4211,
      super_attribute: { "23": 2, "24": 7 },
    });
    expect(key).toMatch(/.{8,}/);
    expect(getLocalCart().lines[0]).toMatchObject({
      selectedProductColor: "blue",
      selectedProductSize: "m",
      quantity: 1,
      price: 9000,
    });
  });

  it("sends a plain product as quantity and is_configurable false", async () => {
    let body: unknown;
    server.use(
      http.post("*/api/checkout/cart/add/43", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: "ok",
          data: sampleCart([{ id: 12, product: plainWire, quantity: 1 }]),
        });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddToCartButton product={plain} />);
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(await screen.findByText("Added To Cart")).toBeTruthy();
    expect(body).toEqual({ product_id: 43, quantity: 1, is_configurable: false });
  });

  it("shows the server's message when it refuses the product", async () => {
    server.use(
      http.post("*/api/checkout/cart/add/43", () =>
        HttpResponse.json({ error: { message: "Quantity exceeds to available stock", code: 0 }, data: null }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddToCartButton product={plain} />);
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(await screen.findByText("Quantity exceeds to available stock")).toBeTruthy();
  });

  it("disables Add To Cart once the cart holds the stock of that colour and size", async () => {
    seedLine(plain, 2);
    await renderWithProviders(<AddToCartButton product={plain} />);
    expect(screen.getByRole("button", { name: "Add To Cart" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows Out of Stock for a product not in stock and Buy Now for an affiliate product", async () => {
    await renderWithProviders(
      <>
        <AddToCartButton product={appPlainProduct({ in_stock: false })} />
        <AddToCartButton
          product={appPlainProduct({ id: 50, affiliateLink: "https://partner.example/bike" })}
        />
      </>,
    );
    expect(screen.getByRole("button", { name: "Out of Stock" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("link", { name: "Buy Now" }).getAttribute("href")).toBe(
      "https://partner.example/bike",
    );
  });

  it("warns 'Item Decremented From Cart' when a quantity goes down", async () => {
    seedLine(plain, 2);
    let sent: unknown;
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({ data: sampleCart([{ id: 11, product: plainWire, quantity: 2 }]) }),
      ),
      http.put("*/api/checkout/cart/update", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: "ok",
          data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }]),
        });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(
      await screen.findByRole("button", { name: "Decrease the quantity of Rainbow Rider 14" }),
    );
    expect(await screen.findByText("Item Decremented From Cart")).toBeTruthy();
    expect(sent).toEqual({ qty: { "11": 1 } });
    expect(getLocalCart().quantity).toBe(1);
  });

  it("says 'Quantity exceeds to available stock' when the server refuses an update", async () => {
    seedLine(appProduct({ id: 44, type: "simple", variation: [], stock: 5, name: "Trail 44" }), 1);
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({
          data: sampleCart([
            { id: 11, product: sampleProduct({ id: 44, type: "simple", variation: [] }), quantity: 1 },
          ]),
        }),
      ),
      http.put("*/api/checkout/cart/update", () =>
        HttpResponse.json(
          {
            message: "Quantity exceeds to available stock",
            error: { message: "Quantity exceeds to available stock", code: 0 },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(await screen.findByRole("button", { name: "Increase the quantity of Trail 44" }));
    expect(await screen.findByText("Quantity exceeds to available stock")).toBeTruthy();
  });

  it("does not cap a line whose stock the server does not tell (a stock Bagisto), and shows its refusal", async () => {
    // Bagisto sends `in_stock` without a quantity.
    const untoldWire = plainProduct({ stock: undefined });
    seedLine(reshapeProduct(untoldWire), 99);
    let sent: unknown;
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({ data: sampleCart([{ id: 11, product: untoldWire, quantity: 99 }]) }),
      ),
      http.put("*/api/checkout/cart/update", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            message: "Quantity exceeds to available stock",
            error: { message: "Quantity exceeds to available stock", code: 0 },
          },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    const more = await screen.findByRole("button", { name: "Increase the quantity of Rainbow Rider 14" });
    expect(more.hasAttribute("disabled")).toBe(false);
    await user.click(more);
    expect(await screen.findByText("Quantity exceeds to available stock")).toBeTruthy();
    expect(sent).toEqual({ qty: { "11": 100 } });
  });

  it("says 'Removed From Cart' and 'Removed All From Cart'", async () => {
    seedLine(plain, 1);
    seedLine(bike, 1);
    const cart = sampleCart([
      { id: 11, product: plainWire, quantity: 1 },
      { id: 12, product: bikeWire, quantity: 1 },
    ]);
    server.use(
      http.get("*/api/checkout/cart", () => HttpResponse.json({ data: cart })),
      http.get("*/api/checkout/cart/remove-item/11", () =>
        HttpResponse.json({ message: "ok", data: sampleCart([{ id: 12, product: bikeWire, quantity: 1 }]) }),
      ),
      http.get("*/api/checkout/cart/empty", () => HttpResponse.json({ message: "ok", data: null })),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(await screen.findByRole("button", { name: "Remove Rainbow Rider 14 from the cart" }));
    expect(await screen.findByText("Removed From Cart")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear Shopping Cart" }));
    expect(await screen.findByText("Removed All From Cart")).toBeTruthy();
    expect(getLocalCart().lines).toEqual([]);
  });

  it("says 'some error occured' when a removal fails", async () => {
    seedLine(plain, 1);
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({ data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }]) }),
      ),
      http.get("*/api/checkout/cart/remove-item/11", () =>
        HttpResponse.json({ message: "Server Error" }, { status: 500 }),
      ),
      http.get("*/api/checkout/cart/empty", () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(await screen.findByRole("button", { name: "Remove Rainbow Rider 14 from the cart" }));
    expect(await screen.findByText("some error occured")).toBeTruthy();
  });

  it("applies a coupon with 'Coupon is added successfully!' and shows the server's other answers", async () => {
    seedLine(plain, 1);
    let code = "";
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({ data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }]) }),
      ),
      http.post("*/api/checkout/cart/coupon", async ({ request }) => {
        code = ((await request.json()) as { code: string }).code;
        return code === "BIKE10"
          ? HttpResponse.json({ success: true, message: "Coupon code applied successfully." })
          : HttpResponse.json({ success: false, message: "Coupon code is invalid." });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.type(await screen.findByLabelText("Coupon code"), "NOPE");
    await user.click(screen.getByRole("button", { name: "Apply Coupon" }));
    expect(await screen.findByText("Coupon code is invalid.")).toBeTruthy();
    await user.clear(screen.getByLabelText("Coupon code"));
    await user.type(screen.getByLabelText("Coupon code"), "BIKE10");
    await user.click(screen.getByRole("button", { name: "Apply Coupon" }));
    expect(await screen.findByText("Coupon is added successfully!")).toBeTruthy();
    expect(code).toBe("BIKE10");
  });

  it("removes a coupon with 'Coupon is Deleted successfully!', or 'Coupon failed to  add' when it fails", async () => {
    seedLine(plain, 1);
    let fail = false;
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({
          data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }], { coupon_code: "BIKE10" }),
        }),
      ),
      http.delete("*/api/checkout/cart/coupon", () =>
        fail
          ? HttpResponse.error()
          : HttpResponse.json({ success: true, status: true, message: "Remove Coupon" }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(await screen.findByRole("button", { name: "Remove coupon" }));
    expect(await screen.findByText("Coupon is Deleted successfully!")).toBeTruthy();
    fail = true;
    await user.click(await screen.findByRole("button", { name: "Remove coupon" }));
    // The SPEC text has two spaces; keep them when matching.
    expect(await screen.findByText("Coupon failed to  add", { normalizer: (t) => t })).toBeTruthy();
  });

  it("reads a coupon removal's reply by its status, as SPEC gives it, and shows a refusal's message", async () => {
    seedLine(plain, 1);
    let reply: object = { status: true, message: "Remove Coupon" };
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({
          data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }], { coupon_code: "BIKE10" }),
        }),
      ),
      http.delete("*/api/checkout/cart/coupon", () => HttpResponse.json(reply)),
    );
    const user = userEvent.setup();
    await renderWithProviders(<CartView />);
    await user.click(await screen.findByRole("button", { name: "Remove coupon" }));
    expect(await screen.findByText("Coupon is Deleted successfully!")).toBeTruthy();
    reply = { status: false, message: "The coupon cannot be removed." };
    await user.click(await screen.findByRole("button", { name: "Remove coupon" }));
    expect(await screen.findByText("The coupon cannot be removed.")).toBeTruthy();
    expect(screen.queryByText("Coupon failed to  add", { normalizer: (t) => t })).toBeNull();
  });

  it("shows the item count and totals with Shipping 25 in the mini cart", async () => {
    seedLine(plain, 2);
    server.use(http.get("*/api/checkout/cart", () => HttpResponse.error()));
    const user = userEvent.setup();
    await renderWithProviders(<MiniCart />);
    await user.click(screen.getByRole("button", { name: "Cart, 2 items" }));
    const dialog = await screen.findByRole("dialog", { name: "Cart" });
    const totals = within(dialog).getByTestId("cart-totals");
    expect(totals.textContent).toMatch(/Sub Total₹20,000\.00/);
    expect(totals.textContent).toMatch(/Shipping₹25\.00/);
    expect(totals.textContent).toMatch(/Grand Total₹20,025\.00/);
  });

  it("shows the server's totals once it has answered", async () => {
    seedLine(plain, 1);
    server.use(
      http.get("*/api/checkout/cart", () =>
        HttpResponse.json({
          data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }], {
            formated_grand_total: "₹19,999.00",
            grand_total: "19999",
            tax_total: "3000",
            formated_tax_total: "₹3,000.00",
          }),
        }),
      ),
    );
    await renderWithProviders(<CartView />);
    // The server's grand total leaves shipping out until checkout chooses a rate: the Shipping line is added.
    expect(await screen.findByText("₹20,024.00")).toBeTruthy();
    expect(screen.getByText("₹3,000.00")).toBeTruthy();
    expect(screen.getByTestId("cart-totals").textContent).toMatch(/Shipping₹25\.00/);
  });

  it("keeps the server's totals when it can no longer answer: the device cart uses the server's tax rate", async () => {
    seedLine(plain, 1);
    let down = false;
    server.use(
      http.get("*/api/checkout/cart", () =>
        down
          ? HttpResponse.error()
          : HttpResponse.json({
              data: sampleCart([{ id: 11, product: plainWire, quantity: 1 }], {
                sub_total: "10000",
                tax_total: "1800",
                grand_total: "11800",
              }),
            }),
      ),
    );
    // The app keeps the device cart with the server's (the root layout's useCartSync).
    function SyncedCart() {
      useCartSync();
      return <CartView />;
    }
    const { queryClient } = await renderWithProviders(<SyncedCart />);
    const totals = await screen.findByTestId("cart-totals");
    await waitFor(() => expect(totals.textContent).toMatch(/Tax₹1,800\.00/));
    const online = totals.textContent;
    expect(online).toMatch(/Shipping₹25\.00.*Grand Total₹11,825\.00/);
    // The server cart read fails now (offline, or the server is down) and a reload of it is asked for.
    down = true;
    await queryClient.refetchQueries({ queryKey: cartKeys.detail() });
    await waitFor(() => expect(queryClient.getQueryState(cartKeys.detail())?.status).toBe("error"));
    expect(screen.getByTestId("cart-totals").getAttribute("data-source")).toBe("device");
    expect(screen.getByTestId("cart-totals").textContent).toBe(online);
    // and after a reload (the server cart is never stored on the device): the device cart keeps the rate
    expect(getLocalCart().extras).toContainEqual({ kind: "tax", amount: 1800, percent: 18 });
  });
});
