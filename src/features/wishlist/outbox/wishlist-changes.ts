/*
 * The wishlist's waiting changes in words, and their undo (the change queue panel,
 * src/offline/outbox/change-queue.ts). A wishlist change is an intent per product, the last one wins; each carries
 * `before`: the product as the device list held it before the first intent still waiting for it (null: not
 * in the list). Undoing a product's entry puts that back (the heart as it was) and drops its intents.
 */
import { t } from "@lingui/core/macro";
import { cachedProductName } from "@/api/catalog";
import type { Product } from "@/api/product";
import { wishlistKeys } from "@/api/wishlist";
import type { ChangeDescriber, DescribedChange, QueuedChange } from "@/offline/outbox/change-queue";
import { beforeOf, productIdOf, varsOf } from "./wishlist-before";

export interface WishlistEntryPlan {
  keys: string[];
  productId: number;
  /** the last intent: in the list or out of it */
  wanted: boolean;
  name: string | null;
  /** undefined: nothing to put back */
  before: Product | null | undefined;
}

/** One entry per product, in the order of its first waiting intent (pure: the describer words them). */
export function planWishlistEntries(changes: readonly QueuedChange[]): WishlistEntryPlan[] {
  const plans = new Map<number, WishlistEntryPlan>();
  for (const c of changes) {
    const productId = productIdOf(c);
    if (productId === null) continue;
    const v = varsOf(c);
    let plan = plans.get(productId);
    if (!plan) {
      plan = { keys: [], productId, wanted: true, name: null, before: beforeOf(c) };
      plans.set(productId, plan);
    }
    plan.keys.push(c.key);
    plan.wanted = v.wanted === true;
    if (typeof v.label === "string" && v.label) plan.name = v.label;
  }
  for (const plan of plans.values()) plan.name ??= plan.before?.name ?? null;
  return [...plans.values()];
}

/**
 * The wishlist feature's describer, given how the device list is changed (`put` back a product, `drop` one).
 */
export function wishlistChangeDescriber(device: {
  put: (product: Product) => void;
  drop: (productId: number) => void;
}): ChangeDescriber {
  return {
    mutationKey: wishlistKeys.all,
    describe(changes, { queryClient }): DescribedChange[] {
      return planWishlistEntries(changes).map((plan) => {
        const id = plan.productId;
        const name = plan.name ?? cachedProductName(queryClient, id) ?? t`Product #${id}`;
        const before = plan.before;
        return {
          keys: plan.keys,
          text: plan.wanted ? t`Add ${name} to wishlist` : t`Remove ${name} from wishlist`,
          restore: before === undefined ? undefined : () => (before ? device.put(before) : device.drop(id)),
        };
      });
    },
  };
}
