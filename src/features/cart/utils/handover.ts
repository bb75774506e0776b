/*
 * Handing the cart to the counter (issue 40 item 1, decision 43). The device keeps its last hand-over: the
 * key its QR code carries and the lines it was made for. Opening the code again for the same lines shows
 * the same key (the counter imports it once however often it is scanned); other lines get a new key. Once
 * the device is online it asks the server, by the key, whether the counter has imported the code, and keeps
 * the answer: the cart page then says it was handed over, as long as the cart holds those lines.
 */
import { useEffect, useSyncExternalStore } from "react";
import { z } from "zod/mini";
import { isMissingService, newIdempotencyKey } from "@/api/client";
import { readHandover } from "@/api/counter";
import { encodeCartCode, type CartCodeLine } from "@/api/contract/counter";
import { createPersistedStore } from "@/offline/cache/storage";
import type { LocalCart } from "./cart-reducer";
import { isOnline } from "@/offline/signal/online-signal";

export const HANDOVER_KEY = "cart-handover";
/** How often the cart page asks, while a code is out and the device is online. */
export const HANDOVER_POLL_MS = 3000;

const handoverSchema = z.lazy(() =>
  z.nullable(
    z.object({
      key: z.string(),
      lines: z.string(),
      handedOver: z.boolean(),
      reference: z.nullable(z.string()),
    }),
  ),
);
export type Handover = NonNullable<z.infer<typeof handoverSchema>>;

const store = createPersistedStore<Handover | null>(
  HANDOVER_KEY,
  (v) => {
    const parsed = handoverSchema.safeParse(v);
    return parsed.success ? parsed.data : null;
  },
  () => null,
);

export function codeLines(cart: LocalCart): CartCodeLine[] {
  return cart.lines.map((l) => ({ productId: l.product.id, variantId: l.variantId, quantity: l.quantity }));
}

const signature = (lines: CartCodeLine[]) =>
  lines.map((l) => `${l.productId}.${l.variantId ?? 0}.${l.quantity}`).join(",");

/** The code to show for this cart: the last hand-over's key for the same lines, else a new one. */
export function handoverCode(cart: LocalCart): { text: string; handover: Handover } {
  const lines = codeLines(cart);
  const sig = signature(lines);
  let handover = store.get();
  if (!handover || handover.lines !== sig) {
    handover = { key: newIdempotencyKey(), lines: sig, handedOver: false, reference: null };
    store.set(handover);
  }
  return { text: encodeCartCode({ key: handover.key, lines }), handover };
}

/** The reference a shopper and the counter read out to each other (the server's, from the key). */
export const referenceOf = (key: string) => key.replace(/-/g, "").slice(0, 8).toUpperCase();

/**
 * The hand-over of this cart's lines as the device knows it (null: none), asking the server while a code is
 * out, the counter has not confirmed it and the device is online.
 */
export function useHandover(cart: LocalCart): Handover | null {
  const handover = useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
  const current = handover && handover.lines === signature(codeLines(cart)) ? handover : null;
  const waitingKey = current && !current.handedOver ? current.key : null;
  useEffect(() => {
    if (!waitingKey) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const ask = async () => {
      clearTimeout(timer);
      if (isOnline()) {
        try {
          const status = await readHandover(waitingKey, controller.signal);
          const now = store.get();
          if (status.handed_over && now?.key === waitingKey) {
            store.set({ ...now, handedOver: true, reference: status.reference });
            return;
          }
        } catch (err) {
          // A back end without the counter (a stock Bagisto): nothing to wait for.
          if (isMissingService(err)) return;
          // offline or the server away: asked again
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), HANDOVER_POLL_MS);
    };
    const onOnline = () => void ask();
    window.addEventListener("online", onOnline);
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [waitingKey]);
  return current;
}
