import { useIsMutating, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useApiState } from "@/api/api-state";
import { cartKeys, cartQueries } from "@/api/cart";
import { useFollowServer } from "@/offline/signal/use-follow-server";
import { useSession } from "@/session/use-session";
import { dispatchCart, getCartOwner, resetLocalCart, setCartOwner } from "../store";
import { taxPercentOf } from "../utils/cart-totals";
import { toServerLines } from "../utils/server-lines";

/**
 * Keeps the local cart and the server cart together (DESIGN §3): when no cart write is pending,
 * the server's answer is the truth. At login the server merges the guest cart into the customer's;
 * at logout the customer's cart leaves the device.
 */
export function useCartSync(): void {
  const queryClient = useQueryClient();
  const { owner } = useSession();
  const api = useApiState();
  const { data, dataUpdatedAt, isSuccess } = useQuery(cartQueries.detail(api));
  const startedAt = useCallback(() => api.cartReadStartedAt, [api]);
  const pending = useIsMutating({ mutationKey: cartKeys.mutations() });

  useEffect(() => {
    const stored = getCartOwner();
    if (stored === owner) return;
    if (owner === "guest") {
      resetLocalCart("guest");
      void queryClient.resetQueries({ queryKey: cartKeys.detail() });
    } else if (stored === "guest") {
      setCartOwner(owner);
    } else {
      resetLocalCart(owner);
    }
    void queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
  }, [owner, queryClient]);

  useFollowServer(
    "cart",
    cartKeys.detail(),
    {
      ready: isSuccess && pending === 0,
      startedAt,
      updatedAt: dataUpdatedAt,
    },
    () =>
      getCartOwner() === owner &&
      dispatchCart({
        type: "reconcile",
        lines: toServerLines(data ?? null),
        taxPercent: data ? taxPercentOf(data) : null,
      }),
  );
}
