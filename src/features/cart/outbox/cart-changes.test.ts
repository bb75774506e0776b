import { beforeAll, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { cartKeys } from "@/api/cart";
import { catalogKeys } from "@/api/catalog";
import { activateLocale } from "@/i18n/i18n";
import { describeQueue, type QueuedChange } from "@/offline/outbox/change-queue";
import { coalesceAll } from "@/offline/outbox/outbox-policy";
import { cartBefore, lineBefore } from "./cart-before";
import { cartChangeDescriber, lineOutcome, planCartEntries } from "./cart-changes";
import {
  cartReducer,
  emptyCart,
  type CartAction,
  type CartLine,
  type LocalCart,
} from "../utils/cart-reducer";
import { coalesceCart, describeCartChange } from "./outbox-rules";

const line = (productId: number, quantity: number, id = productId): CartLine => ({
  id,
  product: {
    id: productId,
    name: `Bike ${productId}`,
    urlKey: `bike-${productId}`,
    sku: `s${productId}`,
    image: null,
    price: 100,
    stock: 10,
  },
  options: [],
  price: 100,
  total: 100 * quantity,
  quantity,
  selectedProductColor: null,
  selectedProductSize: null,
  variantId: null,
  cartItemId: null,
});

let at = 0;
const change = (
  mutationKey: readonly unknown[],
  variables: Record<string, unknown>,
  undoable = true,
): QueuedChange => {
  at += 1;
  return { key: `k${at}`, mutationKey, variables, submittedAt: at, undoable };
};
const add = (productId: number, quantity: number, before?: CartLine | null, label?: string) =>
  change(cartKeys.add(), { productId, quantity, variant: null, before, label });
const set = (productId: number, quantity: number, before?: CartLine | null) =>
  change(cartKeys.setQuantity(), {
    line: { productId, variantId: null },
    quantity,
    before,
    label: `Bike ${productId}`,
  });
const remove = (productId: number, before?: CartLine | null) =>
  change(cartKeys.remove(), { line: { productId, variantId: null }, before, label: `Bike ${productId}` });

/** What the outbox still holds after coalescing, as the panel gets it. */
function queued(changes: QueuedChange[]): QueuedChange[] {
  const kept = new Set(
    coalesceAll(
      coalesceCart,
      changes.map((c) => ({ id: c.key, change: describeCartChange(c.mutationKey, c.variables) })),
    ),
  );
  return changes.filter((c) => kept.has(c.key));
}

const texts = (changes: QueuedChange[], client = new QueryClient()) =>
  describeQueue(changes, [cartChangeDescriber(() => undefined)], { queryClient: client }, "A change").map(
    (e) => e.text,
  );

beforeAll(async () => {
  await activateLocale("en");
});

describe("cart changes in the change queue", () => {
  it("words a line's waiting adds as one entry with their total: what the server cart will hold", () => {
    const changes = [
      add(1, 1, null, "Trail Blazer 29"),
      add(1, 1, null, "Trail Blazer 29"),
      add(2, 1, null, "City Glide"),
    ];
    expect(texts(queued(changes))).toEqual(["Add Trail Blazer 29 × 2 to cart", "Add City Glide to cart"]);
  });

  it("words what is left after coalescing: a remove cancels the adds, the last quantity wins", () => {
    expect(texts(queued([add(1, 1, null), remove(1, null)]))).toEqual(["Remove Bike 1 from cart"]);
    expect(texts(queued([set(1, 3, line(1, 1)), set(1, 2, line(1, 1))]))).toEqual([
      "Change the quantity of Bike 1 in the cart to 2",
    ]);
    expect(lineOutcome([add(1, 2), set(1, 4), add(1, 1)])).toEqual({ kind: "set", quantity: 5 });
  });

  it("takes a product name from the query cache when the change carries none, and never shows an id then", () => {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.detail(7, "fr"), { id: 7, name: "Cub Balance 12", urlKey: "cub" });
    expect(texts([add(7, 1, null)], client)).toEqual(["Add Cub Balance 12 to cart"]);
    expect(texts([add(8, 1, null)], client)).toEqual(["Add Product #8 to cart"]);
  });

  it("a new change of a line carries the line as it was before the first change still waiting for it", () => {
    const first = add(1, 1, line(1, 2));
    expect(lineBefore([first], 1, null, line(1, 3))).toEqual(line(1, 2));
    // No waiting change of the line: the device's line now.
    expect(lineBefore([first], 2, null, line(2, 1))).toEqual(line(2, 1));
    // Changes before a waiting "empty the cart" no longer count.
    const empty = change(cartKeys.empty(), { before: [] });
    expect(lineBefore([first, empty], 1, null, null)).toBeNull();
  });

  it("undo puts the line back as it was before its first waiting change, also after coalescing dropped that change", () => {
    // The line held 1; the shopper added 1 (2), then removed the line: the add is cancelled, the remove waits.
    const before = line(1, 1);
    const changes = queued([add(1, 1, before), remove(1, before)]);
    const [plan] = planCartEntries(changes);
    let cart: LocalCart = emptyCart();
    cart = cartReducer(cart, plan!.restore as CartAction);
    expect(cart.lines.map((l) => [l.product.id, l.quantity])).toEqual([[1, 1]]);

    // A line that was not in the cart leaves it again.
    const [added] = planCartEntries([add(2, 2, null)]);
    cart = cartReducer(
      cartReducer(cart, { type: "add", input: { product: line(2, 1).product, quantity: 2 } }),
      added!.restore as CartAction,
    );
    expect(cart.lines.map((l) => [l.product.id, l.quantity])).toEqual([[1, 1]]);
  });

  it("undoing 'empty the cart' gives back the cart before the changes it cancelled, with the changes made after it", () => {
    // The cart held A×1; B was added offline, then the cart emptied: the base cart is A×1 only.
    const base = cartBefore([add(2, 1, null)], [line(1, 1), line(2, 1)]);
    expect(base.map((l) => [l.product.id, l.quantity])).toEqual([[1, 1]]);
    const empty = change(cartKeys.empty(), { before: base });
    const after = add(3, 1, null);
    const plans = planCartEntries([empty, after]);
    expect(plans[0]!.keys).toEqual([empty.key, after.key]);
    const cart = cartReducer(emptyCart(), plans[0]!.restore as CartAction);
    expect(cart.lines.map((l) => [l.product.id, l.quantity])).toEqual([[1, 1]]);
  });

  it("offers Undo only when every change of the entry was never sent", () => {
    const entries = describeQueue(
      [add(1, 1, null), add(1, 1, null), { ...add(2, 1, null), undoable: false }],
      [cartChangeDescriber(() => undefined)],
      { queryClient: new QueryClient() },
      "A change",
    );
    expect(entries.map((e) => e.undoable)).toEqual([true, false]);
    const mixed = describeQueue(
      [add(3, 1, null), { ...add(3, 1, null), undoable: false }],
      [cartChangeDescriber(() => undefined)],
      { queryClient: new QueryClient() },
      "A change",
    );
    expect(mixed.map((e) => e.undoable)).toEqual([false]);
  });

  it("a change made before undo existed (no 'before') is listed and undone without touching the device cart", () => {
    const [plan] = planCartEntries([add(1, 1, undefined, "Bike 1")]);
    expect(plan!.restore).toBeNull();
  });
});
