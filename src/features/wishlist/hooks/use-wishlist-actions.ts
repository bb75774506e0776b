import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { useSyncExternalStore } from "react";
import { readToken, subscribeAuth } from "@/api/auth-storage";
import { newIdempotencyKey } from "@/api/client";
import type { Product } from "@/api/contract/product";
import { wishlistKeys, wishlistMutations } from "@/api/wishlist";
import { prepareOutboxChange } from "@/offline/outbox";
import { addToWishlist, getWishlistState, removeFromWishlist } from "../store";
import { isInList } from "../utils/wishlist-rules";

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribeAuth,
    () => readToken() !== null,
    () => false,
  );
}

/** Wishlist changes: applied to the device list at once; for a customer also sent to the server. */
export function useWishlistActions() {
  const { t } = useLingui();
  const isLoggedIn = useIsLoggedIn();
  const set = useMutation(wishlistMutations.set());

  function send(productId: number, wanted: boolean, label?: string) {
    if (!isLoggedIn) return;
    const vars = { idempotencyKey: newIdempotencyKey(), productId, wanted, label };
    // A waiting intent for the same product is replaced: the last one wins.
    if (!prepareOutboxChange(wishlistKeys.set(), vars)) return;
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
    addToWishlist(product);
    send(product.id, true, product.name);
    toast(t`Added To Wishlist`, { variant: "success" });
  }

  function remove(productId: number) {
    removeFromWishlist(productId);
    send(productId, false);
    toast(t`Removed From Wishlist`, { variant: "error" });
  }

  function toggle(product: Product) {
    if (isInList(getWishlistState().items, product.id)) remove(product.id);
    else add(product);
  }

  function removeAll() {
    const ids = getWishlistState().items.map((p) => p.id);
    ids.forEach((id) => {
      removeFromWishlist(id);
      send(id, false);
    });
    toast(t`Removed All From Wishlist`, { variant: "error" });
  }

  return { add, remove, toggle, removeAll };
}
