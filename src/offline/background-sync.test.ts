import { describe, expect, it } from "vitest";
import { cartKeys } from "@/api/cart";
import { contentKeys } from "@/api/content";
import { wishlistKeys } from "@/api/wishlist";
import { summaryOf, toSyncRecord } from "./background-sync";

describe("toSyncRecord", () => {
  it("gives a cart add its batch change and its single request, with the shopper's key and token, the token never in the URL", () => {
    const rec = toSyncRecord(
      cartKeys.add(),
      { idempotencyKey: "k1", label: "Trail Blazer 29", productId: 7, quantity: 2, variant: null },
      100,
      "secret-token",
    );
    expect(rec).toMatchObject({
      key: "k1",
      kind: "cart",
      label: "Trail Blazer 29",
      at: 100,
      token: "secret-token",
      batch: { idempotency_key: "k1", action: "add", product_id: 7, quantity: 2 },
      request: {
        method: "POST",
        url: "/api/checkout/cart/add/7",
        body: { product_id: 7, quantity: 2, is_configurable: false },
      },
    });
    expect(JSON.stringify(rec?.request)).not.toContain("secret-token");
  });

  it("sends a quantity change or a remove through the batch only (the single request needs the server's line id)", () => {
    const rec = toSyncRecord(
      cartKeys.setQuantity(),
      { idempotencyKey: "k2", line: { productId: 7, variantId: 12 }, quantity: 3 },
      1,
      null,
    );
    expect(rec?.request).toBeNull();
    expect(rec?.batch).toEqual({
      idempotency_key: "k2",
      action: "set",
      product_id: 7,
      variant_id: 12,
      quantity: 3,
    });
  });

  it("keeps a wishlist intent only for a logged-in shopper, and sends contact requests without a token", () => {
    const wish = { idempotencyKey: "k3", productId: 4, wanted: false };
    expect(toSyncRecord(wishlistKeys.set(), wish, 1, null)).toBeNull();
    expect(toSyncRecord(wishlistKeys.set(), wish, 1, "t")?.wishlist).toEqual({ productId: 4, wanted: false });
    const contact = toSyncRecord(
      contentKeys.contact(),
      { idempotencyKey: "k4", name: "A", email: "a@example.test", message: "Hi" },
      1,
      "t",
    );
    expect(contact).toMatchObject({
      token: null,
      request: { method: "POST", url: "/api/contactrequest", body: { name: "A", message: "Hi" } },
    });
    expect(contact?.request?.body).not.toHaveProperty("idempotencyKey");
  });

  it("has no record for a change without a key", () => {
    expect(toSyncRecord(cartKeys.empty(), {}, 1, null)).toBeNull();
  });
});

describe("summaryOf", () => {
  it("counts what the worker synced and lists what the server refused", () => {
    expect(
      summaryOf([
        { key: "a", kind: "cart", label: "X", status: "synced", at: 1 },
        { key: "b", kind: "cart", label: "Y", status: "refused", message: "Out of stock", at: 1 },
      ]),
    ).toEqual({
      synced: 1,
      syncedKeys: ["a"],
      refused: [{ label: "Y", message: "Out of stock" }],
      priceChanged: [],
    });
  });
});
