import { describe, expect, it } from "vitest";
import { wishlistKeys } from "@/api/wishlist";
import { toSyncRecord } from "@/offline/background-sync/background-sync";
import { wishlistOutboxPolicy } from "./outbox-policy";

describe("the wishlist's Background Sync records", () => {
  it("keeps a wishlist intent only for a logged-in shopper", () => {
    const wish = { idempotencyKey: "k3", productId: 4, wanted: false };
    expect(toSyncRecord([wishlistOutboxPolicy], wishlistKeys.set(), wish, 1, null)).toBeNull();
    expect(toSyncRecord([wishlistOutboxPolicy], wishlistKeys.set(), wish, 1, "t")).toEqual({
      v: 1,
      key: "k3",
      label: null,
      at: 1,
      token: "t",
      kind: "wishlist",
      request: null,
      wishlist: { productId: 4, wanted: false },
    });
  });
});
