/*
 * What the api layer remembers between calls, for one app instance (issue 37 item 5: no module-level switches).
 * One object per page load, or per server render, made with the app's services (app/providers.tsx,
 * `createAppServices`) and handed to whatever needs it: to the cart's and the wishlist's query and mutation
 * options (api/cart.ts, api/wishlist.ts) as a parameter, to the cart's outbox policy (which turns a replay on
 * and off), and to the features' hooks through `ApiStateContext`.
 */
import { createContext, use } from "react";

/** A cart write's result through a replay's batch (cart-batch.ts), or null when it goes alone. */
export type CartBatcher = (idempotencyKey: string) => Promise<{ message?: string } | null>;

/**
 * How cart writes go while the outbox replays them (decision 026): each reply leaves the cart out
 * (`Prefer: return=minimal`, the replay reads the cart once at its end), and a run of them goes as one request.
 */
export interface CartReplay {
  batch: CartBatcher;
}

export interface ApiState {
  /**
   * Set from the start to the end of a replay by the cart's outbox policy (features/cart/outbox); null
   * otherwise: every cart write goes alone and its reply carries the cart.
   */
  cartReplay: CartReplay | null;
  /** A server that answered a batch with 404 or 405 has none (a plain Bagisto): later replays go one by one. */
  cartBatchUnsupported: boolean;
  /**
   * When the read behind the cached server cart started (null when a write's reply put it there): the device
   * cart follows the server only when that read holds every write made so far (offline/signal/server-freshness.ts).
   */
  cartReadStartedAt: number | null;
  /** The same for the cached server wishlist. */
  wishlistReadStartedAt: number | null;
}

export function createApiState(): ApiState {
  return {
    cartReplay: null,
    cartBatchUnsupported: false,
    cartReadStartedAt: null,
    wishlistReadStartedAt: null,
  };
}

/** The app instance's `ApiState` (app/providers.tsx provides it). */
export const ApiStateContext = createContext<ApiState | null>(null);

export function useApiState(): ApiState {
  const state = use(ApiStateContext);
  if (!state) throw new Error("useApiState needs the app's ApiStateContext (app/providers.tsx).");
  return state;
}
