import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { useApiState } from "@/api/api-state";
import { cartKeys, cartMutations, type CartLineRef } from "@/api/cart";
import { ApiError, newIdempotencyKey } from "@/api/client";
import { isAvailable, type Product } from "@/api/product";
import { useOutbox, type OutboxPort } from "@/offline/outbox/outbox-context";
import { dispatchCart, getLocalCart } from "../store";
import { cartBefore, lineBefore } from "../outbox/cart-before";
import { cartQuantityOf, isLineOf, type CartLine } from "../utils/cart-reducer";
import {
  availableStock,
  lineLimit,
  remainingStock,
  toCartProduct,
  unitPrice,
  variantOf,
} from "../utils/stock";
import { isOnline } from "@/offline/signal/online-signal";

function isOffline(): boolean {
  return !isOnline();
}

function lineRef(line: CartLine): CartLineRef {
  return { productId: line.product.id, variantId: line.variantId, cartItemId: line.cartItemId };
}

/** The state undo puts back (outbox/cart-changes.ts), read before the device cart changes. */
function lineBeforeChange(outbox: OutboxPort, productId: number, variantId: number | null): CartLine | null {
  const current = getLocalCart().lines.find((l) => isLineOf(l, productId, variantId)) ?? null;
  return lineBefore(outbox.waiting(), productId, variantId, current);
}

/** The colour and size to add: the chosen ones, else the first in stock (a card has no pickers). */
export function resolveSelection(product: Product, color?: string | null, size?: string | null) {
  if (!product.colours.length) return { color: null, size: null };
  const variation =
    product.colours.find((v) => v.color === color) ??
    product.colours.find((v) => v.sizes.some((s) => isAvailable(s.stock))) ??
    product.colours[0];
  const chosen =
    variation?.sizes.find((s) => s.name === size) ??
    variation?.sizes.find((s) => isAvailable(s.stock)) ??
    variation?.sizes[0];
  return { color: variation?.color ?? null, size: chosen?.name ?? null };
}

/**
 * Every cart change: applied to the local cart at once, then sent to the server cart with an
 * idempotency key (queued while offline). Toasts follow SPEC §8.
 */
export function useCartActions() {
  const { t } = useLingui();
  const outbox = useOutbox();
  // Queued changes coalesce before a write is sent; without an outbox every write goes.
  const api = useApiState();
  const add = useMutation(cartMutations.add(api));
  const setQuantity = useMutation(cartMutations.setQuantity(api));
  const remove = useMutation(cartMutations.remove(api));
  const empty = useMutation(cartMutations.empty(api));

  const someError = () => toast(t`some error occured`, { variant: "error" });

  function addToCart(
    product: Product,
    quantity: number,
    selectedColor?: string | null,
    selectedSize?: string | null,
  ) {
    const { color, size } = resolveSelection(product, selectedColor, selectedSize);
    const variant = color && size ? variantOf(product, color, size) : null;
    const inCart = cartQuantityOf(getLocalCart(), product.id, color, size);
    const qty = Math.min(
      Math.max(1, Math.floor(quantity)),
      remainingStock(inCart, availableStock(product, color, size)),
    );
    if (qty <= 0) {
      toast(t`Quantity exceeds to available stock`, { variant: "error" });
      return false;
    }
    const before = lineBeforeChange(outbox, product.id, variant?.variantId ?? null);
    dispatchCart({
      type: "add",
      input: {
        product: toCartProduct(product, color, size),
        quantity: qty,
        options: variant?.options ?? [],
        color,
        size,
        variantId: variant?.variantId ?? null,
      },
    });
    if (isOffline()) toast(t`Added To Cart`, { variant: "success" });
    // The promise, not mutate's callbacks: the button may unmount at once (the wishlist's move to cart)
    // and the shopper still hears how it went.
    add
      .mutateAsync({
        idempotencyKey: newIdempotencyKey(),
        label: product.name,
        productId: product.id,
        quantity: qty,
        seenPrice: unitPrice(product),
        before,
        variant: variant
          ? {
              variantId: variant.variantId,
              superAttribute: Object.fromEntries(variant.options.map((o) => [String(o.optionId), o.valueId])),
            }
          : null,
      })
      .then(
        () => toast(t`Added To Cart`, { variant: "success" }),
        (error: unknown) =>
          toast(error instanceof ApiError && !error.isNetwork ? error.message : t`some error occured`, {
            variant: "error",
          }),
      );
    // The line is in the local cart now (the server follows): callers may move on (wishlist move-to-cart).
    return true;
  }

  function changeQuantity(line: CartLine, quantity: number, onSuccess: () => void) {
    const before = lineBeforeChange(outbox, line.product.id, line.variantId);
    dispatchCart({ type: "setQuantity", lineId: line.id, quantity });
    if (isOffline()) onSuccess();
    const vars = {
      idempotencyKey: newIdempotencyKey(),
      label: line.product.name,
      line: lineRef(line),
      quantity,
      before,
    };
    // Queued changes coalesce: the last quantity of a line wins.
    if (!outbox.prepare(cartKeys.setQuantity(), vars)) return;
    setQuantity.mutate(vars, {
      onSuccess,
      onError: () => toast(t`Quantity exceeds to available stock`, { variant: "error" }),
    });
  }

  function increment(line: CartLine) {
    if (line.quantity >= lineLimit(line.product.stock)) {
      toast(t`Quantity exceeds to available stock`, { variant: "error" });
      return;
    }
    changeQuantity(line, line.quantity + 1, () => toast(t`Added To Cart`, { variant: "success" }));
  }

  function removeLine(line: CartLine) {
    const before = lineBeforeChange(outbox, line.product.id, line.variantId);
    dispatchCart({ type: "delete", lineId: line.id });
    const done = () => toast(t`Removed From Cart`, { variant: "error" });
    if (isOffline()) done();
    const vars = {
      idempotencyKey: newIdempotencyKey(),
      label: line.product.name,
      line: lineRef(line),
      before,
    };
    // The line's waiting add and quantities are cancelled; the remove itself always goes.
    if (!outbox.prepare(cartKeys.remove(), vars)) return;
    remove.mutate(vars, { onSuccess: done, onError: someError });
  }

  function decrement(line: CartLine) {
    if (line.quantity <= 1) {
      removeLine(line);
      return;
    }
    changeQuantity(line, line.quantity - 1, () =>
      toast(t`Item Decremented From Cart`, { variant: "warning" }),
    );
  }

  function removeAll() {
    const before = cartBefore(outbox.waiting(), getLocalCart().lines);
    dispatchCart({ type: "deleteAll" });
    const done = () => toast(t`Removed All From Cart`, { variant: "error" });
    if (isOffline()) done();
    const vars = { idempotencyKey: newIdempotencyKey(), before };
    if (!outbox.prepare(cartKeys.empty(), vars)) return;
    empty.mutate(vars, { onSuccess: done, onError: someError });
  }

  return { addToCart, increment, decrement, removeLine, removeAll };
}

/** The cart's actions, as the cart screen's lines use them. */
export type CartActions = ReturnType<typeof useCartActions>;
