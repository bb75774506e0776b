/*
 * The last order receipt, kept on the device so the order-success screen still reads offline (DESIGN §3/§4).
 * Personal queries are not persisted with the query cache, so this is the one copy; logout removes it.
 */
import { z } from "zod/mini";
import { storedOrderSchema, type Order } from "@/api/order";
import { createPersistedStore } from "@/offline/cache/storage";

export const LAST_RECEIPT_KEY = "lastReceipt";

const store = createPersistedStore<Order | null>(
  LAST_RECEIPT_KEY,
  (v) => {
    const parsed = z.nullable(storedOrderSchema).safeParse(v);
    return parsed.success ? parsed.data : null;
  },
  () => null,
);

/** Keeps this order as the last receipt (one at a time). */
export function saveLastReceipt(order: Order): void {
  store.set(order);
}

/** The kept receipt of this order, if it is the last one. */
export function readLastReceipt(orderId: number): Order | undefined {
  const order = store.get();
  return order && order.id === orderId ? order : undefined;
}

export function clearLastReceipt(): void {
  store.set(null);
}
