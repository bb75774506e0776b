import { useIsMutating, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { readAuth, subscribeAuth } from "@/api/auth-storage";
import { newIdempotencyKey } from "@/api/client";
import { wishlistDataStartedAt, wishlistKeys, wishlistMutations, wishlistQueries } from "@/api/wishlist";
import { serverReadIsCurrent } from "@/offline/server-freshness";
import { getWishlistState, replaceWishlist } from "../store";

function readOwner(): string {
  const auth = readAuth();
  if (!auth) return "guest";
  const data = auth.data as { id?: unknown } | undefined;
  return `customer:${typeof data?.id === "number" || typeof data?.id === "string" ? String(data.id) : "?"}`;
}

/**
 * Keeps the device wishlist and the customer's server list together: at login the guest's list is
 * merged into the server list (one "in" intent per product), at logout the customer's list leaves
 * the device, and otherwise the server list is the truth whenever no change is waiting to be sent.
 */
export function useWishlistSync(): void {
  const owner = useSyncExternalStore(subscribeAuth, readOwner, () => "guest");
  const isCustomer = owner !== "guest";
  const { data, dataUpdatedAt, isSuccess } = useQuery({ ...wishlistQueries.list(), enabled: isCustomer });
  const pending = useIsMutating({ mutationKey: wishlistKeys.mutations() });
  const { mutate } = useMutation(wishlistMutations.set());

  useEffect(() => {
    const state = getWishlistState();
    if (state.owner === owner) return;
    if (owner === "guest") {
      replaceWishlist("guest", []);
    } else if (state.owner === "guest") {
      replaceWishlist(owner, state.items);
      state.items.forEach((p) =>
        mutate({ idempotencyKey: newIdempotencyKey(), productId: p.id, wanted: true }),
      );
    } else {
      replaceWishlist(owner, []);
    }
  }, [owner, mutate]);

  useEffect(() => {
    if (!isCustomer || !isSuccess || !data || pending > 0 || getWishlistState().owner !== owner) return;
    // A read that may miss a change (this tab's or another's) would put an old list back.
    if (!serverReadIsCurrent("wishlist", wishlistDataStartedAt())) return;
    replaceWishlist(
      owner,
      data.map((i) => i.product),
    );
  }, [data, dataUpdatedAt, isSuccess, pending, owner, isCustomer]);
}
