import { z } from "zod/mini";
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ApiState, CartReplay } from "./api-state";
import type { BatchableCartWrite } from "./cart-batch";
import { ApiError, apiFetch } from "./client";
import { sameMutationKey } from "./mutation-key";
import {
  cartBatchChangeSchema,
  cartMutationReplySchema as wireCartMutationReplySchema,
  cartReplySchema as wireCartReplySchema,
  couponRemoveReplySchema,
  couponReplySchema,
  type CouponRemoveReply,
  type CouponReply,
} from "./contract/cart";
import { reshapeCart, type Cart, type CartItem, type KnownKeys } from "./cart-shape";

export { reshapeCart, reshapeCartItem, type Cart, type CartItem, type CartShippingRate } from "./cart-shape";

/** Every cart reply is reshaped as it is parsed, whichever call brought it. */
const cartReplySchema = z.lazy(() =>
  z.pipe(
    wireCartReplySchema,
    z.transform((r) => ({
      ...r,
      data: r.data ? reshapeCart(r.data) : null,
    })),
  ),
);
const cartMutationReplySchema = z.lazy(() =>
  z.pipe(
    wireCartMutationReplySchema,
    z.transform((r): CartMutationReply => ({
      ...r,
      data: r.data ? reshapeCart(r.data) : r.data,
    })),
  ),
);
export type CartMutationReply = Omit<KnownKeys<z.output<typeof wireCartMutationReplySchema>>, "data"> & {
  data?: Cart | null;
};

export { STOCK_ERROR_MESSAGE } from "./contract/cart";

/** SPEC §4 / §9: the server cart is reloaded 500 ms after each change. */
export const CART_RELOAD_DELAY = 500;

/** Identifies a cart line whatever the server's line id is (it changes when a guest cart merges at login). */
export interface CartLineRef {
  productId: number;
  variantId: number | null;
  /** the server line id when the device knows it */
  cartItemId?: number | null;
}

/** Variables of every cart write: serialisable, with the idempotency key made when the shopper acted. */
export interface AddCartLineVariables {
  idempotencyKey: string;
  /** the product name, for the outbox summary when the server refuses the change */
  label?: string;
  productId: number;
  quantity: number;
  variant?: { variantId: number; superAttribute: Record<string, number> } | null;
  /** the unit price the shopper saw (base currency): a replay reports it when the server's differs */
  seenPrice?: number;
  /** what undo puts back on the device (the change queue panel); never sent */
  before?: unknown;
}
export interface SetCartLineQuantityVariables {
  idempotencyKey: string;
  label?: string;
  line: CartLineRef;
  /** the new quantity (the current one plus or minus one); last one wins when coalesced */
  quantity: number;
  before?: unknown;
}
export interface RemoveCartLineVariables {
  idempotencyKey: string;
  label?: string;
  line: CartLineRef;
  before?: unknown;
}
export interface EmptyCartVariables {
  idempotencyKey: string;
  before?: unknown;
}
export interface ApplyCouponVariables {
  idempotencyKey: string;
  code: string;
}
export interface RemoveCouponVariables {
  idempotencyKey: string;
}

/*
 * The writes below take the outbox's replay, when one is under way (`ApiState.cartReplay`, api-state.ts), as an
 * explicit last parameter: then each reply leaves the cart out (`Prefer: return=minimal`; the cart is read once
 * when the replay ends, so a write costs the same for a 1-line and a 100-line cart), and a run of waiting writes
 * goes as one request (cart-batch.ts). Without it a write goes alone and its reply carries the cart.
 */
const prefer = (replay: CartReplay | null | undefined) => (replay ? ("return=minimal" as const) : undefined);

/** The server cart (guest by session cookie, customer by token); null when there is none. */
export async function getCart(signal?: AbortSignal): Promise<Cart | null> {
  const reply = await apiFetch("checkout/cart", { schema: cartReplySchema, signal });
  return reply.data;
}

/** Adds a product (plain or one colour and size of a bicycle); a refusal throws with the server message. */
export async function addCartLine(
  vars: AddCartLineVariables,
  replay?: CartReplay | null,
): Promise<CartMutationReply> {
  const batched = await replay?.batch(vars.idempotencyKey);
  if (batched) return batched;
  return apiFetch(`checkout/cart/add/${vars.productId}`, {
    method: "POST",
    body: addCartLineBody(vars),
    schema: cartMutationReplySchema,
    idempotencyKey: vars.idempotencyKey,
    prefer: prefer(replay),
  });
}

/** The body of `POST checkout/cart/add/{id}` (also what the service worker's Background Sync sends). */
export function addCartLineBody(vars: AddCartLineVariables) {
  return vars.variant
    ? {
        product_id: vars.productId,
        // Bagisto 1.3 reads `quantity` for a configurable product (without it: "Undefined index: quantity");
        // `quantityCount` is the customised back end's name for it.
        quantity: vars.quantity,
        quantityCount: vars.quantity,
        is_configurable: true,
        selected_configurable_option: vars.variant.variantId,
        super_attribute: vars.variant.superAttribute,
      }
    : { product_id: vars.productId, quantity: vars.quantity, is_configurable: false };
}

/**
 * The server line a reference points at, by product and variant: a cart holds one line per product and
 * variant, while a line id the device learnt may since have been given to another line.
 */
export function findCartItem(cart: Cart | null, line: CartLineRef): CartItem | undefined {
  return cart?.items.find(
    (i) =>
      i.productId === line.productId &&
      (line.variantId === null ? i.variantId === null : i.variantId === line.variantId),
  );
}

/** Runs a write on the server line a reference points at; a line the server lacks is a no-op (null). */
async function onServerLine(
  line: CartLineRef,
  write: (itemId: number) => Promise<CartMutationReply>,
): Promise<CartMutationReply | null> {
  const item = findCartItem(await getCart(), line);
  return item ? write(item.id) : null;
}

/** Sets a line's quantity (PUT checkout/cart/update with a qty map); a line the server lacks is a no-op. */
export async function setCartLineQuantity(
  vars: SetCartLineQuantityVariables,
  replay?: CartReplay | null,
): Promise<CartMutationReply | null> {
  const batched = await replay?.batch(vars.idempotencyKey);
  if (batched) return batched;
  return onServerLine(vars.line, (itemId) =>
    apiFetch("checkout/cart/update", {
      method: "PUT",
      body: { qty: { [String(itemId)]: vars.quantity } },
      schema: cartMutationReplySchema,
      idempotencyKey: vars.idempotencyKey,
      prefer: prefer(replay),
    }),
  );
}

/** Removes a line (GET checkout/cart/remove-item/{id}); a line already gone is a no-op. */
export async function removeCartLine(
  vars: RemoveCartLineVariables,
  replay?: CartReplay | null,
): Promise<CartMutationReply | null> {
  const batched = await replay?.batch(vars.idempotencyKey);
  if (batched) return batched;
  return onServerLine(vars.line, (itemId) =>
    apiFetch(`checkout/cart/remove-item/${itemId}`, {
      schema: cartMutationReplySchema,
      idempotencyKey: vars.idempotencyKey,
      prefer: prefer(replay),
    }),
  );
}

/** Empties the cart (GET checkout/cart/empty). */
export async function emptyServerCart(
  vars: EmptyCartVariables,
  replay?: CartReplay | null,
): Promise<CartMutationReply> {
  const batched = await replay?.batch(vars.idempotencyKey);
  if (batched) return batched;
  return apiFetch("checkout/cart/empty", {
    schema: cartMutationReplySchema,
    idempotencyKey: vars.idempotencyKey,
  });
}

/** Applies a coupon code; the reply's success and message say how it went. */
export async function applyCoupon(vars: ApplyCouponVariables): Promise<CouponReply> {
  return apiFetch("checkout/cart/coupon", {
    method: "POST",
    body: { code: vars.code },
    schema: couponReplySchema,
    idempotencyKey: vars.idempotencyKey,
    throwOnErrorField: false,
  });
}

/**
 * Whether a coupon removal worked: `success` when the reply has it, else `status` (true, 1 or 200). A reply
 * with neither came with a 2xx status, so the removal worked.
 */
export function couponRemoved(reply: CouponRemoveReply): boolean {
  if (reply.success !== undefined) return reply.success;
  if (reply.status === undefined) return true;
  return reply.status === true || reply.status === 1 || reply.status === 200;
}

/** Removes the cart's coupon; the reply (SPEC: status and message) is read as success and message. */
export async function removeCoupon(vars: RemoveCouponVariables): Promise<CouponReply> {
  const reply = await apiFetch("checkout/cart/coupon", {
    method: "DELETE",
    schema: couponRemoveReplySchema,
    idempotencyKey: vars.idempotencyKey,
    throwOnErrorField: false,
  });
  return { ...reply, success: couponRemoved(reply), message: reply.message ?? "" };
}

export const cartKeys = {
  all: ["cart"] as const,
  detail: () => [...cartKeys.all, "detail"] as const,
  mutations: () => [...cartKeys.all, "mutation"] as const,
  add: () => [...cartKeys.mutations(), "add"] as const,
  setQuantity: () => [...cartKeys.mutations(), "set-quantity"] as const,
  remove: () => [...cartKeys.mutations(), "remove"] as const,
  empty: () => [...cartKeys.mutations(), "empty"] as const,
  applyCoupon: () => [...cartKeys.mutations(), "apply-coupon"] as const,
  removeCoupon: () => [...cartKeys.mutations(), "remove-coupon"] as const,
};

/**
 * A waiting cart write as a change of a merged replay (cart-batch.ts): lines by product and variant; null
 * for a write a batch cannot carry (a coupon).
 */
export function cartBatchChange(
  mutationKey: readonly unknown[] | undefined,
  variables: unknown,
): BatchableCartWrite {
  // A change the batch's schema would refuse goes alone (one bad change never holds up the others).
  const change = toBatchChange(mutationKey, variables);
  return change && cartBatchChangeSchema.safeParse(change).success ? change : null;
}

function toBatchChange(mutationKey: readonly unknown[] | undefined, variables: unknown): BatchableCartWrite {
  if (typeof variables !== "object" || variables === null) return null;
  const key = (variables as { idempotencyKey?: unknown }).idempotencyKey;
  if (typeof key !== "string") return null;
  if (sameMutationKey(mutationKey, cartKeys.add())) {
    const v = variables as AddCartLineVariables;
    return {
      idempotency_key: key,
      action: "add",
      product_id: v.productId,
      quantity: v.quantity,
      ...(v.variant
        ? { selected_configurable_option: v.variant.variantId, super_attribute: v.variant.superAttribute }
        : {}),
    };
  }
  if (sameMutationKey(mutationKey, cartKeys.setQuantity())) {
    const v = variables as SetCartLineQuantityVariables;
    return {
      idempotency_key: key,
      action: "set",
      product_id: v.line.productId,
      variant_id: v.line.variantId,
      quantity: v.quantity,
    };
  }
  if (sameMutationKey(mutationKey, cartKeys.remove())) {
    const v = variables as RemoveCartLineVariables;
    return {
      idempotency_key: key,
      action: "remove",
      product_id: v.line.productId,
      variant_id: v.line.variantId,
    };
  }
  if (sameMutationKey(mutationKey, cartKeys.empty())) return { idempotency_key: key, action: "empty" };
  return null;
}

/** The cart's read; it notes when it started in `api.cartReadStartedAt` (api-state.ts). */
export const cartQueries = {
  detail: (api: ApiState) =>
    // eslint-disable-next-line @tanstack/query/exhaustive-deps -- `api` is where the read notes its start, not an input
    queryOptions({
      queryKey: cartKeys.detail(),
      queryFn: async ({ signal }) => {
        const startedAt = Date.now();
        const cart = await getCart(signal);
        api.cartReadStartedAt = startedAt;
        return cart;
      },
      meta: { personal: true },
      staleTime: 0,
      retry: false,
    }),
};

/** Every cart write replays in order (one scope) and reloads the server cart 500 ms after it settles. */
const CART_SCOPE = { id: "cart" };

function reloadCartSoon(client: QueryClient) {
  setTimeout(() => {
    // While more cart writes wait (an outbox replay), the last one reloads: one read instead of hundreds.
    if (client.isMutating({ mutationKey: cartKeys.mutations() }) > 0) return;
    void client.invalidateQueries({ queryKey: cartKeys.detail() });
  }, CART_RELOAD_DELAY);
}

/**
 * Outbox writes (DESIGN §4) are retried while the server cannot be reached (they pause while offline) and
 * on a conflict or a gateway error for a while (a key still in progress, a server restarting); a refusal
 * (4xx) is final. Each retry sends the same Idempotency-Key, so the server applies the change once.
 * `failureCount` counts every failure, the connection's too: a change a flickering connection cut many
 * times must still get its retries when the server then answers 409 or 503 once (with 5, as before, a
 * sixth failure ended it as refused, although the server may well have applied it).
 */
export const OUTBOX_SERVER_RETRIES = 20;
export function retryWhileUnreachable(failureCount: number, error: Error): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.isNetwork) return true;
  return (
    (error.status === 409 || error.status === 502 || error.status === 503 || error.status === 504) &&
    failureCount < OUTBOX_SERVER_RETRIES
  );
}
export const outboxRetryDelay = (failureCount: number) => Math.min(500 * 2 ** failureCount, 10_000);

const cartWrite = {
  scope: CART_SCOPE,
  meta: { personal: true, offline: true },
  retry: retryWhileUnreachable,
  retryDelay: outboxRetryDelay,
} as const;

/** The reply of a cart write carries the new cart: show it at once (the reload follows). */
function keepReplyCart(reply: CartMutationReply | null, client: QueryClient, api: ApiState) {
  if (!reply || reply.data === undefined) return;
  client.setQueryData(cartKeys.detail(), reply.data);
  // It holds this write, maybe not another tab's: the device cart waits for the reload.
  api.cartReadStartedAt = null;
}

/** The cart's writes, for the app instance whose `api` state says whether the outbox is replaying them. */
export const cartMutations = {
  add: (api: ApiState) =>
    mutationOptions({
      ...cartWrite,
      mutationKey: cartKeys.add(),
      mutationFn: (vars: AddCartLineVariables) => addCartLine(vars, api.cartReplay),
      onSuccess: (reply, _v, _r, ctx) => keepReplyCart(reply, ctx.client, api),
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
  setQuantity: (api: ApiState) =>
    mutationOptions({
      ...cartWrite,
      mutationKey: cartKeys.setQuantity(),
      mutationFn: (vars: SetCartLineQuantityVariables) => setCartLineQuantity(vars, api.cartReplay),
      onSuccess: (reply, _v, _r, ctx) => keepReplyCart(reply, ctx.client, api),
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
  remove: (api: ApiState) =>
    mutationOptions({
      ...cartWrite,
      mutationKey: cartKeys.remove(),
      mutationFn: (vars: RemoveCartLineVariables) => removeCartLine(vars, api.cartReplay),
      onSuccess: (reply, _v, _r, ctx) => keepReplyCart(reply, ctx.client, api),
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
  empty: (api: ApiState) =>
    mutationOptions({
      ...cartWrite,
      mutationKey: cartKeys.empty(),
      mutationFn: (vars: EmptyCartVariables) => emptyServerCart(vars, api.cartReplay),
      onSuccess: (reply, _v, _r, ctx) => keepReplyCart(reply, ctx.client, api),
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
  applyCoupon: () =>
    mutationOptions({
      ...cartWrite,
      // The shopper waits for the answer: an unreachable server is reported at once (offline it still queues).
      retry: 0,
      mutationKey: cartKeys.applyCoupon(),
      mutationFn: applyCoupon,
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
  removeCoupon: () =>
    mutationOptions({
      ...cartWrite,
      // The shopper waits for the answer: an unreachable server is reported at once (offline it still queues).
      retry: 0,
      mutationKey: cartKeys.removeCoupon(),
      mutationFn: removeCoupon,
      onSettled: (_d, _e, _v, _r, ctx) => reloadCartSoon(ctx.client),
    }),
};
