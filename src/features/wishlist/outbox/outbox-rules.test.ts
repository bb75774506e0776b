import { describe, expect, it } from "vitest";
import { wishlistKeys } from "@/api/wishlist";
import { coalesceAll } from "@/offline/outbox/outbox-policy";
import { wishlistOutboxPolicy } from "./outbox-policy";
import { coalesceWishlist, describeWishlistChange, type WishlistOutboxChange } from "./outbox-rules";

const seq = (...changes: WishlistOutboxChange[]) =>
  coalesceAll(
    coalesceWishlist,
    changes.map((change, i) => ({ id: `c${i}`, change })),
  );

describe("outbox coalescing of wishlist changes", () => {
  it("keeps the last wishlist intent per product", () => {
    expect(
      seq(
        { kind: "wishlist", productId: 7 },
        { kind: "wishlist", productId: 8 },
        { kind: "wishlist", productId: 7 },
      ),
    ).toEqual(["c1", "c2"]);
  });

  it("does not drop an intent that may already be on its way", () => {
    expect(
      coalesceWishlist([{ id: "x", change: { kind: "wishlist", productId: 7 }, droppable: false }], {
        kind: "wishlist",
        productId: 7,
      }),
    ).toEqual({ drop: [], send: true });
  });

  it("tells the outbox's writes apart by product, through the policy", () => {
    const write = (productId: number, wanted: boolean) => ({
      mutationKey: wishlistKeys.set(),
      variables: { idempotencyKey: `k${productId}${wanted}`, productId, wanted },
    });
    expect(describeWishlistChange(wishlistKeys.set(), { productId: 7, wanted: true })).toEqual({
      kind: "wishlist",
      productId: 7,
    });
    expect(
      wishlistOutboxPolicy.coalesce!(
        [
          { ...write(7, true), id: "a", droppable: true },
          { ...write(8, true), id: "b", droppable: true },
        ],
        write(7, false),
      ),
    ).toEqual({ drop: ["a"], send: true });
  });
});
