/*
 * The local cart, persisted on the device (src/offline/cache/storage.ts) so it survives reloads offline.
 * `owner` says whose cart it is ("guest" or "customer:<id>"): a customer's cart is dropped at logout.
 */
import { useSyncExternalStore } from "react";
import { z } from "zod/mini";
import { createPersistedStore } from "@/offline/cache/storage";
import { cartReducer, emptyCart, type CartAction, type LocalCart } from "./utils/cart-reducer";

export const LOCAL_CART_KEY = "cart";

const optionSchema = z.lazy(() => z.object({ optionId: z.number(), valueId: z.number() }));
const lineSchema = z.lazy(() =>
  z.object({
    id: z.number(),
    product: z.object({
      id: z.number(),
      name: z.string(),
      urlKey: z.string(),
      sku: z.string(),
      image: z.nullable(z.string()),
      price: z.number(),
      stock: z.nullable(z.number()),
    }),
    options: z.array(optionSchema),
    price: z.number(),
    total: z.number(),
    quantity: z.number().check(z.int(), z.gte(1)),
    selectedProductColor: z.nullable(z.string()),
    selectedProductSize: z.nullable(z.string()),
    variantId: z.nullable(z.number()),
    cartItemId: z.nullable(z.number()),
  }),
);
const storedCartSchema = z.lazy(() =>
  z.object({
    owner: z.string(),
    cart: z.object({
      lines: z.array(lineSchema),
      lastItemId: z.number(),
      quantity: z.number(),
      subtotal: z.number(),
      total: z.number(),
      extras: z.array(
        z.object({ kind: z.enum(["shipping", "tax"]), amount: z.number(), percent: z.optional(z.number()) }),
      ),
    }),
  }),
);
export type StoredCart = { owner: string; cart: LocalCart };

const store = createPersistedStore<StoredCart>(
  LOCAL_CART_KEY,
  (v) => {
    const parsed = storedCartSchema.safeParse(v);
    return parsed.success ? parsed.data : null;
  },
  () => ({ owner: "guest", cart: emptyCart() }),
);

export function getLocalCart(): LocalCart {
  return store.get().cart;
}

export function getCartOwner(): string {
  return store.get().owner;
}

/** Applies one change to the local cart at once and returns the new cart. */
export function dispatchCart(action: CartAction): LocalCart {
  const current = store.get();
  const cart = cartReducer(current.cart, action);
  store.set({ ...current, cart });
  return cart;
}

/** Empties the local cart and gives it to a new owner (login, logout). */
export function resetLocalCart(owner = "guest"): void {
  store.set({ owner, cart: emptyCart() });
}

export function setCartOwner(owner: string): void {
  store.set({ ...store.get(), owner });
}

const getServerCart = (): LocalCart => store.getServerSnapshot().cart;

/** The local cart, re-rendering on every change (also from other tabs). */
export function useLocalCart(): LocalCart {
  return useSyncExternalStore(store.subscribe, getLocalCart, getServerCart);
}
