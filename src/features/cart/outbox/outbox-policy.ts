/*
 * What the outbox knows of cart writes (issue 17 item 7; the outbox itself is offline/outbox/outbox.ts): their
 * coalescing rules (outbox-rules.ts), their order (one scope, replayed in the order they were made), the
 * merged replay of a run of them as one request (api/cart-batch.ts, decision 026) with replies that leave the
 * cart out, the cart read again after a replay, the price check of lines added offline, and the requests the
 * service worker's Background Sync sends for them without the page. One policy per app instance: the replay is
 * switched on and off in that instance's `ApiState` (api/api-state.ts), which its cart writes read.
 */
import type { ApiState } from "@/api/api-state";
import {
  addCartLineBody,
  cartBatchChange,
  cartKeys,
  type AddCartLineVariables,
  type ApplyCouponVariables,
  type Cart,
} from "@/api/cart";
import { createCartBatcher } from "@/api/cart-batch";
import { buildUrl } from "@/api/client";
import { sameMutationKey } from "@/api/mutation-key";
import type { SyncRecord } from "@/offline/shared/background-sync-records";
import { coalesceWith, type OutboxPolicy } from "@/offline/outbox/outbox-policy";
import { coalesceCart, describeCartChange, priceChanges, type SeenPrice } from "./outbox-rules";

function numberOrNull(v: unknown): number | null {
  return v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v);
}

/** The server cart's lines as product, variant and unit price (base currency), for the price check. */
function serverLinePrices(cart: Cart | null | undefined) {
  return (cart?.items ?? []).map((item) => ({
    productId: item.productId,
    variantId: item.variantId,
    price: item.unitPrice,
  }));
}

interface AddVariables {
  productId?: unknown;
  /** the unit price the shopper saw when adding (base currency) */
  seenPrice?: unknown;
  variant?: { variantId?: unknown } | null;
}

export const cartOutboxPolicy = (api: ApiState): OutboxPolicy => ({
  mutationKey: cartKeys.all,
  coalesce: coalesceWith(describeCartChange, coalesceCart),
  // Every cart write shares the scope "cart" (api/cart.ts).
  orderedScope: cartKeys.all[0],
  duringReplay(waiting) {
    // The cart is read once at the end, not with every write's reply; the cart writes waiting in a row go
    // as one request (api/cart-batch.ts), each still with its own key and result.
    api.cartReplay = {
      batch: createCartBatcher(api, () => waiting().map((w) => cartBatchChange(w.mutationKey, w.variables))),
    };
    return () => {
      api.cartReplay = null;
    };
  },
  queriesToReload: [cartKeys.detail()],
  priceChanges(replayed, queryClient) {
    const seen: SeenPrice[] = [];
    for (const w of replayed) {
      const v = (typeof w.variables === "object" && w.variables !== null ? w.variables : {}) as AddVariables;
      if (sameMutationKey(w.mutationKey, cartKeys.add()) && typeof v.seenPrice === "number")
        seen.push({
          label: w.label,
          productId: Number(v.productId),
          variantId: numberOrNull(v.variant?.variantId),
          price: v.seenPrice,
        });
    }
    if (!seen.length) return [];
    return priceChanges(seen, serverLinePrices(queryClient.getQueryData<Cart | null>(cartKeys.detail())));
  },
  writeKind: "cart",
  keepsStorage: true,
  syncRecord({ mutationKey, variables }, base) {
    const is = (k: readonly unknown[]) => sameMutationKey(mutationKey, k);
    if (is(cartKeys.add()) || is(cartKeys.setQuantity()) || is(cartKeys.remove()) || is(cartKeys.empty())) {
      const batch = cartBatchChange(mutationKey, variables);
      // Adds and empties are plain requests too (a server without the batch endpoint); a quantity or a remove
      // names the server's line id, which only a read of the cart gives: through the batch only.
      let request: SyncRecord["request"] = null;
      if (is(cartKeys.add())) {
        const add = variables as AddCartLineVariables;
        request = {
          method: "POST",
          url: buildUrl(`checkout/cart/add/${add.productId}`),
          body: addCartLineBody(add),
          errorFieldRefuses: true,
        };
      } else if (is(cartKeys.empty()))
        request = { method: "GET", url: buildUrl("checkout/cart/empty"), errorFieldRefuses: true };
      if (!batch && !request) return null;
      return { ...base, kind: "cart", request, ...(batch ? { batch } : {}) };
    }
    if (is(cartKeys.applyCoupon()))
      return {
        ...base,
        kind: "cart",
        request: {
          method: "POST",
          url: buildUrl("checkout/cart/coupon"),
          body: { code: (variables as ApplyCouponVariables).code },
          errorFieldRefuses: false,
        },
      };
    if (is(cartKeys.removeCoupon()))
      return {
        ...base,
        kind: "cart",
        request: { method: "DELETE", url: buildUrl("checkout/cart/coupon"), errorFieldRefuses: false },
      };
    return null;
  },
});

/** What app/outbox-policies.ts collects from every feature's outbox/ folder. */
export const outboxPolicies = (api: ApiState): readonly OutboxPolicy[] => [cartOutboxPolicy(api)];
