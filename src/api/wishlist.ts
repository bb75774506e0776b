import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ApiState } from "./api-state";
import { outboxRetryDelay, retryWhileUnreachable } from "./cart";
import { apiFetch } from "./client";
import { wishlistReplySchema, wishlistToggleReplySchema } from "./contract/wishlist";
import { getConfigurableConfig } from "./catalog";
import { needsConfig, reshapeProduct, type Product } from "./product";

/** A product on the customer's wishlist. */
export interface WishlistItem {
  id: number;
  product: Product;
}

function readWishlist(signal?: AbortSignal) {
  return apiFetch("wishlist", {
    query: { pagination: 0 },
    schema: wishlistReplySchema,
    auth: "required",
    signal,
  });
}

/**
 * The customer's wishlist (all items), each bicycle with its colours and sizes: a plain Bagisto tells them in
 * product-configurable-config only, and moving a bicycle to the cart needs one (without the config, the
 * bicycle is listed without colours).
 */
export async function getWishlist(signal?: AbortSignal): Promise<WishlistItem[]> {
  const reply = await readWishlist(signal);
  return Promise.all(
    reply.data.map(async (i) => {
      const config = needsConfig(i.product)
        ? // The wishlist's reply is the server's, in its default language (decision 051 leaves it so).
          await getConfigurableConfig(i.product.id, "en", signal).catch(() => null)
        : null;
      return { id: i.id, product: reshapeProduct(i.product, config) };
    }),
  );
}

/**
 * A wishlist change is an intent (DESIGN §3): "product 7 in" or "out". `GET wishlist/add/{id}` toggles,
 * so the server list is read first and the toggle is sent only where it differs: replaying is harmless.
 */
export interface SetWishlistedVariables {
  idempotencyKey: string;
  /** the product name, for the outbox summary */
  label?: string;
  productId: number;
  wanted: boolean;
  /** what undo puts back on the device (the change queue panel); never sent */
  before?: unknown;
}

export interface SetWishlistedResult {
  changed: boolean;
  message?: string;
}

export async function setWishlisted(vars: SetWishlistedVariables): Promise<SetWishlistedResult> {
  const list = (await readWishlist()).data;
  const present = list.some((i) => i.product.id === vars.productId);
  if (present === vars.wanted) return { changed: false };
  const reply = await apiFetch(`wishlist/add/${vars.productId}`, {
    schema: wishlistToggleReplySchema,
    auth: "required",
    idempotencyKey: vars.idempotencyKey,
  });
  return { changed: true, message: reply.message };
}

export const wishlistKeys = {
  all: ["wishlist"] as const,
  list: () => [...wishlistKeys.all, "list"] as const,
  mutations: () => [...wishlistKeys.all, "mutation"] as const,
  set: () => [...wishlistKeys.mutations(), "set"] as const,
};

/**
 * SPEC §4: the server list is reloaded after changes, this long after the last one settled. The reload must
 * start after the change settled: TanStack marks a change settled only once its `onSettled` has returned, and
 * a read started before that never counts as current (offline/signal/server-freshness.ts). A reload awaited inside
 * `onSettled` was therefore always ignored, and a device list another tab had overwritten with an older read
 * never followed the server again.
 */
const WISHLIST_RELOAD_DELAY = 500;

function reloadWishlistSoon(client: QueryClient) {
  setTimeout(() => {
    // While more wishlist changes wait (an outbox replay), the last one reloads (the replay reads it too).
    if (client.isMutating({ mutationKey: wishlistKeys.mutations() }) > 0) return;
    void client.invalidateQueries({ queryKey: wishlistKeys.list() });
  }, WISHLIST_RELOAD_DELAY);
}

/** The list's read; it notes when it started in `api.wishlistReadStartedAt` (api-state.ts). */
export const wishlistQueries = {
  list: (api: ApiState) =>
    // eslint-disable-next-line @tanstack/query/exhaustive-deps -- `api` is where the read notes its start, not an input
    queryOptions({
      queryKey: wishlistKeys.list(),
      queryFn: async ({ signal }) => {
        const startedAt = Date.now();
        const list = await getWishlist(signal);
        api.wishlistReadStartedAt = startedAt;
        return list;
      },
      meta: { personal: true },
      staleTime: 0,
    }),
};

export const wishlistMutations = {
  set: () =>
    mutationOptions({
      mutationKey: wishlistKeys.set(),
      mutationFn: setWishlisted,
      scope: { id: "wishlist" },
      meta: { personal: true, offline: true },
      retry: retryWhileUnreachable,
      retryDelay: outboxRetryDelay,
      // SPEC §4: the server list is reloaded after changes.
      onSettled: (_d, _e, _v, _r, ctx) => reloadWishlistSoon(ctx.client),
    }),
};
