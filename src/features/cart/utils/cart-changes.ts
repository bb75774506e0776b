/*
 * The cart's waiting changes in words, and their undo (the change queue panel, src/offline/change-queue.ts).
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
import { sameMutationKey } from "@/api/mutation-key";
import { cachedProductName } from "@/api/catalog";
import type { ChangeDescriber, DescribedChange, QueuedChange } from "@/offline/change-queue";
import type { CartAction, CartLine } from "./cart-reducer";

type Kind = "add" | "set" | "remove" | "empty" | "apply-coupon" | "remove-coupon" | "other";

interface CartChangeVariables {
  label?: unknown;
  productId?: unknown;
  quantity?: unknown;
  code?: unknown;
  variant?: { variantId?: unknown } | null;
  line?: { productId?: unknown; variantId?: unknown };
  /** the line before the first waiting change of it (add, set, remove), or the cart's lines (empty) */
  before?: unknown;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function kindOf(change: QueuedChange): Kind {
  const k = change.mutationKey;
  if (sameMutationKey(k, cartKeys.add())) return "add";
  if (sameMutationKey(k, cartKeys.setQuantity())) return "set";
  if (sameMutationKey(k, cartKeys.remove())) return "remove";
  if (sameMutationKey(k, cartKeys.empty())) return "empty";
  if (sameMutationKey(k, cartKeys.applyCoupon())) return "apply-coupon";
  if (sameMutationKey(k, cartKeys.removeCoupon())) return "remove-coupon";
  return "other";
}

function varsOf(change: QueuedChange): CartChangeVariables {
  const v = change.variables;
  return typeof v === "object" && v !== null ? (v as CartChangeVariables) : {};
}

/** The product and variant a line change is about. */
function lineOf(change: QueuedChange): { productId: number; variantId: number | null } | null {
  const v = varsOf(change);
  const kind = kindOf(change);
  if (kind === "add") {
    const productId = num(v.productId);
    return productId === null ? null : { productId, variantId: num(v.variant?.variantId) };
  }
  if (kind === "set" || kind === "remove") {
    const productId = num(v.line?.productId);
    return productId === null ? null : { productId, variantId: num(v.line?.variantId) };
  }
  return null;
}

const lineId = (l: { productId: number; variantId: number | null }) => `${l.productId}:${l.variantId ?? ""}`;

function isCartLine(v: unknown): v is CartLine {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Partial<CartLine>;
  return typeof l.id === "number" && typeof l.quantity === "number" && typeof l.product?.id === "number";
}

/** A change's `before`: undefined when it carries none (made before undo existed, or a login merge). */
function beforeLine(change: QueuedChange): CartLine | null | undefined {
  const b = varsOf(change).before;
  if (b === null) return null;
  return isCartLine(b) ? b : undefined;
}

function beforeLines(change: QueuedChange): CartLine[] | undefined {
  const b = varsOf(change).before;
  return Array.isArray(b) && b.every(isCartLine) ? b : undefined;
}

/** The cart changes after the last waiting "empty the cart" (the ones before it are not undone with a line). */
function sinceLastEmpty(waiting: readonly QueuedChange[]): QueuedChange[] {
  const cart = waiting.filter((c) => kindOf(c) !== "other");
  const last = cart.map(kindOf).lastIndexOf("empty");
  return cart.slice(last + 1);
}

/**
 * What a new change of this line carries as `before`: the line as it was before the first change of it that
 * still waits, else the line as the device has it now (`current`).
 */
export function lineBefore(
  waiting: readonly QueuedChange[],
  productId: number,
  variantId: number | null,
  current: CartLine | null,
): CartLine | null {
  const id = lineId({ productId, variantId });
  for (const c of sinceLastEmpty(waiting)) {
    const line = lineOf(c);
    if (!line || lineId(line) !== id) continue;
    const before = beforeLine(c);
    if (before !== undefined) return before;
  }
  return current;
}

/**
 * What "empty the cart" carries as `before`: the cart as it was before the waiting line changes it cancels,
 * i.e. each line's `before` where changes of it wait, the device's line elsewhere.
 */
export function cartBefore(waiting: readonly QueuedChange[], current: readonly CartLine[]): CartLine[] {
  const seen = new Set<string>();
  const lines: CartLine[] = [];
  const take = (productId: number, variantId: number | null, now: CartLine | null) => {
    const id = lineId({ productId, variantId });
    if (seen.has(id)) return;
    seen.add(id);
    const before = lineBefore(waiting, productId, variantId, now);
    if (before) lines.push(before);
  };
  for (const l of current) take(l.product.id, l.variantId, l);
  for (const c of sinceLastEmpty(waiting)) {
    const line = lineOf(c);
    if (line) take(line.productId, line.variantId, null);
  }
  return lines;
}

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
