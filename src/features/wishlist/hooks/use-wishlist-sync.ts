import { useIsMutating, useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useApiState } from "@/api/api-state";
import { newIdempotencyKey } from "@/api/client";
import { wishlistKeys, wishlistMutations, wishlistQueries } from "@/api/wishlist";
import { useFollowServer } from "@/offline/signal/use-follow-server";
import { useSession } from "@/session/use-session";
import { getWishlistState, replaceWishlist } from "../store";

/**
 * Keeps the device wishlist and the customer's server list together: at login the guest's list is
 * merged into the server list (one "in" intent per product), at logout the customer's list leaves
 * the device, and otherwise the server list is the truth whenever no change is waiting to be sent.
 */
export function useWishlistSync(): void {
  const { owner, isLoggedIn: isCustomer } = useSession();
  const api = useApiState();
  const { data, dataUpdatedAt, isSuccess } = useQuery({ ...wishlistQueries.list(api), enabled: isCustomer });
  const startedAt = useCallback(() => api.wishlistReadStartedAt, [api]);
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

  useFollowServer(
    "wishlist",
    wishlistKeys.list(),
    {
      ready: isCustomer && isSuccess && pending === 0,
      startedAt,
      updatedAt: dataUpdatedAt,
    },
    () => {
      if (data && getWishlistState().owner === owner)
        replaceWishlist(
          owner,
          data.map((i) => i.product),
        );
    },
  );
}
