import { reshapeProduct } from "@/api/product";
// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { writeAuth } from "@/api/auth-storage";
import { server } from "../../../../tests/msw/server";
import {
  plainProduct,
  sampleCustomer,
  sampleProduct,
  shoppingHandlers,
} from "../../../../tests/msw/shopping-handlers";
import { renderWithProviders } from "../../../../tests/utils/render";
import { getWishlistState, replaceWishlist } from "../store";
import { WishlistLink } from "./wishlist-link";
import { WishlistToggle } from "./wishlist-toggle";
import { WishlistView } from "./wishlist-view";

const bikeWire = sampleProduct();
const plainWire = plainProduct();
const bike = reshapeProduct(bikeWire);
const plain = reshapeProduct(plainWire);

describe("wishlist", () => {
  beforeEach(() => {
    replaceWishlist("guest", []);
    server.use(...shoppingHandlers);
  });

  it("keeps a guest's wishlist on the device with 'Added To Wishlist' and 'Removed From Wishlist'", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<WishlistToggle product={bike} />);
    await user.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(await screen.findByText("Added To Wishlist")).toBeTruthy();
    expect(getWishlistState().items.map((p) => p.id)).toEqual([42]);
    await user.click(screen.getByRole("button", { name: "Remove from wishlist" }));
    expect(await screen.findByText("Removed From Wishlist")).toBeTruthy();
    expect(getWishlistState().items).toEqual([]);
  });

  it("empties the list with 'Removed All From Wishlist'", async () => {
    replaceWishlist("guest", [bike, plain]);
    const user = userEvent.setup();
    await renderWithProviders(<WishlistView />);
    expect(await screen.findAllByTestId("wishlist-line")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Clear Wishlist" }));
    expect(await screen.findByText("Removed All From Wishlist")).toBeTruthy();
    expect(screen.getByText("No items found in wishlist")).toBeTruthy();
  });

  it("sends a customer's change to the server only where the server list differs", async () => {
    writeAuth({ token: "t0k", data: sampleCustomer });
    replaceWishlist("customer:7", []);
    const toggled: string[] = [];
    let list: unknown[] = [];
    server.use(
      http.get("*/api/wishlist", ({ request }) => {
        expect(request.headers.get("Authorization")).toBe("Bearer t0k");
        return HttpResponse.json({ data: list });
      }),
      http.get("*/api/wishlist/add/:id", ({ params }) => {
        toggled.push(String(params.id));
        list = [{ id: 1, product: bikeWire, created_at: null, updated_at: null }];
        return HttpResponse.json({ data: list[0], message: "Item Successfully Added To Wishlist" });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<WishlistToggle product={bike} />);
    await user.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(await screen.findByText("Added To Wishlist")).toBeTruthy();
    await screen.findByRole("button", { name: "Remove from wishlist" });
    // The server's product-added message follows once it has the product.
    expect(await screen.findByText("Item Successfully Added To Wishlist")).toBeTruthy();
    expect(toggled).toEqual(["42"]);
  });

  it("merges a guest's list into the customer's list at login", async () => {
    replaceWishlist("guest", [plain]);
    writeAuth({ token: "t0k", data: sampleCustomer });
    const toggled: string[] = [];
    let list: unknown[] = [{ id: 1, product: bikeWire, created_at: null, updated_at: null }];
    server.use(
      http.get("*/api/wishlist", () => HttpResponse.json({ data: list })),
      http.get("*/api/wishlist/add/:id", ({ params }) => {
        toggled.push(String(params.id));
        list = [...list, { id: 2, product: plainWire, created_at: null, updated_at: null }];
        return HttpResponse.json({ data: list[1], message: "Item Successfully Added To Wishlist" });
      }),
    );
    await renderWithProviders(<WishlistLink />);
    expect(await screen.findByRole("link", { name: "Wishlist, 2 items" })).toBeTruthy();
    expect(toggled).toEqual(["43"]);
    expect(getWishlistState().owner).toBe("customer:7");
  });
});
