import type { ApiState } from "@/api/api-state";
import { cartMutations } from "@/api/cart";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

/** The cart's writes that may wait offline; they share the scope "cart", so they replay in order. */
export const cartMutationDefaults = (api: ApiState): OfflineMutationDefaults[] => [
  cartMutations.add(api),
  cartMutations.setQuantity(api),
  cartMutations.remove(api),
  cartMutations.empty(api),
  cartMutations.applyCoupon(),
  cartMutations.removeCoupon(),
];

/** What app/mutation-defaults.ts collects from every feature's outbox/ folder. */
export const mutationDefaults = cartMutationDefaults;
