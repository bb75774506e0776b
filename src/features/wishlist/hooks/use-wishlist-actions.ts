import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { newIdempotencyKey } from "@/api/client";
import type { Product } from "@/api/product";
import { wishlistKeys, wishlistMutations } from "@/api/wishlist";
import { useOutbox, type OutboxPort } from "@/offline/outbox/outbox-context";
import { useSession } from "@/session/use-session";
import { addToWishlist, getWishlistState, removeFromWishlist } from "../store";
import { wishlistBefore } from "../outbox/wishlist-before";
import { isInList } from "../utils/wishlist-rules";

/** The state undo puts back (outbox/wishlist-changes.ts), read before the device list changes. */
function beforeChange(outbox: OutboxPort, productId: number): Product | null {
  const current = getWishlistState().items.find((p) => p.id === productId) ?? null;
  return wishlistBefore(outbox.waiting(), productId, current);
}

/** Wishlist changes: applied to the device list at once; for a customer also sent to the server. */
export function useWishlistActions() {
  const { t } = useLingui();
  const { isLoggedIn } = useSession();
  const outbox = useOutbox();
  const set = useMutation(wishlistMutations.set());

  function send(productId: number, wanted: boolean, label: string | undefined, before: Product | null) {
    if (!isLoggedIn) return;
    const vars = { idempotencyKey: newIdempotencyKey(), productId, wanted, label, before };
    // A waiting intent for the same product is replaced: the last one wins.
    if (!outbox.prepare(wishlistKeys.set(), vars)) return;
    // SPEC §8: once the server has added the product, its product-added message is shown too.
    set.mutateAsync(vars).then(
      (result) => {
        if (wanted && result.changed && result.message) toast(result.message, { variant: "success" });
      },
      () => undefined,
    );
  }

  function add(product: Product) {
    if (isInList(getWishlistState().items, product.id)) return;
    const before = beforeChange(outbox, product.id);
    addToWishlist(product);
    send(product.id, true, product.name, before);
    toast(t`Added To Wishlist`, { variant: "success" });
  }

  function remove(productId: number) {
    const before = beforeChange(outbox, productId);
    const name = getWishlistState().items.find((p) => p.id === productId)?.name;
    removeFromWishlist(productId);
    send(productId, false, name, before);
    toast(t`Removed From Wishlist`, { variant: "error" });
  }

  function toggle(product: Product) {
    if (isInList(getWishlistState().items, product.id)) remove(product.id);
    else add(product);
  }

  function removeAll() {
    getWishlistState().items.forEach((product) => {
      const before = beforeChange(outbox, product.id);
      removeFromWishlist(product.id);
      send(product.id, false, product.name, before);
    });
    toast(t`Removed All From Wishlist`, { variant: "error" });
  }

  return { add, remove, toggle, removeAll };
}
