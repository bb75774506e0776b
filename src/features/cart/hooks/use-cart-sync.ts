import { useIsMutating, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { readAuth, subscribeAuth } from "@/api/auth-storage";
import { cartDataStartedAt, cartKeys, cartQueries } from "@/api/cart";
import { serverReadIsCurrent } from "@/offline/server-freshness";
import { dispatchCart, getCartOwner, resetLocalCart, setCartOwner } from "../store";
import { toServerLines } from "../utils/server-lines";

function readOwner(): string {
  const auth = readAuth();
  if (!auth) return "guest";
  const data = auth.data as { id?: unknown } | undefined;
  return `customer:${typeof data?.id === "number" || typeof data?.id === "string" ? String(data.id) : "?"}`;
}

/** "guest" or "customer:<id>", following login and logout in every tab. */
export function useCartOwner(): string {
  return useSyncExternalStore(subscribeAuth, readOwner, () => "guest");
}

/**
 * Keeps the local cart and the server cart together (DESIGN §3): when no cart write is pending,
 * the server's answer is the truth. At login the server merges the guest cart into the customer's;
 * at logout the customer's cart leaves the device.
 */
export function useCartSync(): void {
  const queryClient = useQueryClient();
  const owner = useCartOwner();
  const { data, dataUpdatedAt, isSuccess } = useQuery(cartQueries.detail());
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

  useEffect(() => {
    if (!isSuccess || pending > 0 || getCartOwner() !== owner) return;
    // A read that may miss a write (this tab's or another's) would put an old cart back: read again a moment
    // later instead, or a read that started just before a replay's (or the service worker's) write settled would
    // leave the device cart unreconciled (a refused line kept).
    if (!serverReadIsCurrent("cart", cartDataStartedAt())) {
      const again = setTimeout(() => void queryClient.invalidateQueries({ queryKey: cartKeys.detail() }), 1000);
      return () => clearTimeout(again);
    }
    dispatchCart({ type: "reconcile", lines: toServerLines(data ?? null) });
  }, [data, dataUpdatedAt, isSuccess, pending, owner, queryClient]);
}
