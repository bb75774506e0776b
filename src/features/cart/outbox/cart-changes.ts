/*
 * The cart's waiting changes in words, and their undo (the change queue panel, src/offline/outbox/change-queue.ts).
 *
 * Each cart write carries `before`: the state its line (or, for "empty the cart", the whole cart) had before
 * the first change still waiting for it. All the waiting changes of one line are one entry ("Add Trail
 * Blazer 29 × 2 to cart"), and undoing it puts that state back and drops them all: after coalescing (a
 * remove cancels the waiting adds, the last quantity wins) no single change holds the state before it any
 * more, but the line's first state does. An emptied cart is an entry of its own; undoing it gives back the
 * cart as it was before the waiting changes it cancelled, and drops the cart changes made after it.
 */
import { t } from "@lingui/core/macro";
import { cartKeys } from "@/api/cart";
import { cachedProductName } from "@/api/catalog";
import type { ChangeDescriber, DescribedChange, QueuedChange } from "@/offline/outbox/change-queue";
import { beforeLine, beforeLines, kindOf, lineId, lineOf, num, varsOf } from "./cart-before";
import type { CartAction } from "../utils/cart-reducer";

/** What one line's waiting changes amount to: a number of units added, a quantity set, or the line removed. */
export type LineOutcome =
  { kind: "add"; quantity: number } | { kind: "set"; quantity: number } | { kind: "remove" };

export function lineOutcome(changes: readonly QueuedChange[]): LineOutcome {
  let absolute: number | null = null;
  let added = 0;
  for (const c of changes) {
    const kind = kindOf(c);
    const quantity = num(varsOf(c).quantity) ?? 0;
    if (kind === "add") {
      if (absolute === null) added += quantity;
      else absolute += quantity;
    } else if (kind === "set") absolute = quantity;
    else if (kind === "remove") absolute = 0;
  }
  if (absolute === null) return { kind: "add", quantity: added };
  return absolute <= 0 ? { kind: "remove" } : { kind: "set", quantity: absolute };
}

export interface CartEntryPlan {
  keys: string[];
  /** what the entry says */
  outcome:
    LineOutcome | { kind: "empty" } | { kind: "apply-coupon"; code: string } | { kind: "remove-coupon" };
  productId: number | null;
  /** the product name from the changes themselves */
  name: string | null;
  /** what undo puts back on the device cart; null: nothing to put back */
  restore: CartAction | null;
}

/** The cart's waiting changes grouped into entries (pure: the describer words them). */
export function planCartEntries(changes: readonly QueuedChange[]): CartEntryPlan[] {
  const cart = changes.filter((c) => kindOf(c) !== "other");
  const plans: CartEntryPlan[] = [];
  const lineGroups = new Map<string, { plan: CartEntryPlan; changes: QueuedChange[] }>();
  let emptyPlan: CartEntryPlan | null = null;
  for (const c of cart) {
    const kind = kindOf(c);
    const v = varsOf(c);
    // Undoing an empty gives back the cart before it: the changes after it go with it.
    emptyPlan?.keys.push(c.key);
    if (kind === "empty") {
      const before = beforeLines(c);
      emptyPlan = {
        keys: [c.key],
        outcome: { kind: "empty" },
        productId: null,
        name: null,
        restore: before ? { type: "restoreLines", lines: before } : null,
      };
      plans.push(emptyPlan);
      lineGroups.clear();
      continue;
    }
    if (kind === "apply-coupon" || kind === "remove-coupon") {
      plans.push({
        keys: [c.key],
        outcome:
          kind === "apply-coupon"
            ? { kind: "apply-coupon", code: typeof v.code === "string" ? v.code : "" }
            : { kind: "remove-coupon" },
        productId: null,
        name: null,
        restore: null,
      });
      continue;
    }
    const line = lineOf(c);
    if (!line) continue;
    const id = lineId(line);
    let group = lineGroups.get(id);
    if (!group) {
      const before = beforeLine(c);
      group = {
        plan: {
          keys: [],
          outcome: { kind: "add", quantity: 0 },
          productId: line.productId,
          name: null,
          restore:
            before === undefined
              ? null
              : { type: "restoreLine", productId: line.productId, variantId: line.variantId, line: before },
        },
        changes: [],
      };
      lineGroups.set(id, group);
      plans.push(group.plan);
    }
    group.changes.push(c);
    group.plan.keys.push(c.key);
    group.plan.outcome = lineOutcome(group.changes);
    if (group.plan.name === null && typeof v.label === "string" && v.label) group.plan.name = v.label;
    if (group.plan.name === null && group.plan.restore?.type === "restoreLine" && group.plan.restore.line)
      group.plan.name = group.plan.restore.line.product.name;
  }
  return plans;
}

function entryText(plan: CartEntryPlan, name: string): string {
  const o = plan.outcome;
  switch (o.kind) {
    case "add": {
      const quantity = o.quantity;
      return quantity > 1 ? t`Add ${name} × ${quantity} to cart` : t`Add ${name} to cart`;
    }
    case "set": {
      const quantity = o.quantity;
      return t`Change the quantity of ${name} in the cart to ${quantity}`;
    }
    case "remove":
      return t`Remove ${name} from cart`;
    case "empty":
      return t`Empty the cart`;
    case "apply-coupon": {
      const code = o.code;
      return t`Apply the coupon ${code}`;
    }
    case "remove-coupon":
      return t`Remove the coupon`;
  }
}

/** The cart feature's describer, given the function that applies an action to the device cart. */
export function cartChangeDescriber(dispatch: (action: CartAction) => unknown): ChangeDescriber {
  return {
    mutationKey: cartKeys.all,
    describe(changes, { queryClient }): DescribedChange[] {
      return planCartEntries(changes).map((plan) => {
        const id = plan.productId;
        const name =
          plan.name ??
          (id === null ? null : cachedProductName(queryClient, id)) ??
          (id === null ? "" : t`Product #${id}`);
        const restore = plan.restore;
        return {
          keys: plan.keys,
          text: entryText(plan, name),
          restore: restore ? () => void dispatch(restore) : undefined,
        };
      });
    },
  };
}
