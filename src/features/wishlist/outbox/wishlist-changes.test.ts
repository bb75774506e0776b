import { beforeAll, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Product } from "@/api/product";
import { wishlistKeys } from "@/api/wishlist";
import { activateLocale } from "@/i18n/i18n";
import { describeQueue, type QueuedChange } from "@/offline/outbox/change-queue";
import { wishlistBefore } from "./wishlist-before";
import { planWishlistEntries, wishlistChangeDescriber } from "./wishlist-changes";

const product = (id: number, name: string) => ({ id, name, url_key: `p${id}` }) as unknown as Product;

let at = 0;
const intent = (
  productId: number,
  wanted: boolean,
  before?: Product | null,
  label?: string,
): QueuedChange => {
  at += 1;
  return {
    key: `w${at}`,
    mutationKey: wishlistKeys.set(),
    variables: { productId, wanted, before, label },
    submittedAt: at,
    undoable: true,
  };
};

beforeAll(async () => {
  await activateLocale("en");
});

describe("wishlist changes in the change queue", () => {
  it("words each product's last intent with its name", () => {
    const put: Product[] = [];
    const dropped: number[] = [];
    const describer = wishlistChangeDescriber({ put: (p) => put.push(p), drop: (id) => dropped.push(id) });
    const entries = describeQueue(
      [intent(1, true, null, "Trail Blazer 29"), intent(2, false, product(2, "City Glide"))],
      [describer],
      { queryClient: new QueryClient() },
      "A change",
    );
    expect(entries.map((e) => e.text)).toEqual([
      "Add Trail Blazer 29 to wishlist",
      "Remove City Glide from wishlist",
    ]);
    // Undo: the heart as it was (1 out of the list, 2 back in it).
    entries.forEach((e) => e.restore?.());
    expect(dropped).toEqual([1]);
    expect(put.map((p) => p.id)).toEqual([2]);
  });

  it("a new intent carries the product as it was before the first intent still waiting for it", () => {
    const first = intent(3, true, null);
    // Added then removed offline: undoing the remove leaves it out, as it was before both.
    expect(wishlistBefore([first], 3, product(3, "Fat Boy"))).toBeNull();
    expect(wishlistBefore([first], 4, product(4, "Kid 16"))).toEqual(product(4, "Kid 16"));
    const [plan] = planWishlistEntries([first, intent(3, false, null)]);
    expect(plan).toMatchObject({ wanted: false, before: null, keys: [first.key, `w${at}`] });
  });
});
