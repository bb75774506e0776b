/*
 * The showroom's requests (issue 40 item 4, decision 049): a test ride and a back-in-stock request, sent as
 * the contact form is (anonymous, with an Idempotency-Key; offline they wait in the outbox). What the shop
 * offers and the staff page's lists are in showroom-queries.ts.
 */
import { mutationOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiFetch, newIdempotencyKey } from "./client";
import type { StockAlertRequest, TestRideRequest } from "./contract/showroom";

// The two POSTs' reply (contract/showroom.ts showroomReplySchema), read here so that the contract module,
// which only the product and staff pages use, stays out of the first page's scripts (the mutation defaults
// are in them).
const replySchema = z.lazy(() => z.looseObject({ message: z.string() }));
type ShowroomReply = z.infer<typeof replySchema>;

/** A test ride as the outbox keeps it: the request, its product's name (for the change queue) and its key. */
export interface TestRideInput extends TestRideRequest {
  productName: string;
  idempotencyKey: string;
}

export interface StockAlertInput extends StockAlertRequest {
  productName: string;
  idempotencyKey: string;
}

/** POST test-rides */
export async function bookTestRide({
  productName: _name,
  idempotencyKey,
  ...body
}: TestRideInput): Promise<ShowroomReply> {
  void _name;
  return apiFetch("test-rides", {
    method: "POST",
    body,
    schema: replySchema,
    auth: "none",
    idempotencyKey: idempotencyKey || newIdempotencyKey(),
  });
}

/** POST stock-alerts */
export async function askStockAlert({
  productName: _name,
  idempotencyKey,
  ...body
}: StockAlertInput): Promise<ShowroomReply> {
  void _name;
  return apiFetch("stock-alerts", {
    method: "POST",
    body,
    schema: replySchema,
    auth: "none",
    idempotencyKey: idempotencyKey || newIdempotencyKey(),
  });
}

export const showroomKeys = {
  all: ["showroom"] as const,
  testRide: () => [...showroomKeys.all, "test-ride"] as const,
  stockAlert: () => [...showroomKeys.all, "stock-alert"] as const,
  slots: () => [...showroomKeys.all, "slots"] as const,
  staffTestRides: () => [...showroomKeys.all, "staff", "test-rides"] as const,
  staffStockAlerts: () => [...showroomKeys.all, "staff", "stock-alerts"] as const,
};

export const showroomMutations = {
  testRide: () =>
    mutationOptions({
      mutationKey: showroomKeys.testRide(),
      mutationFn: bookTestRide,
      meta: { offline: true },
    }),
  stockAlert: () =>
    mutationOptions({
      mutationKey: showroomKeys.stockAlert(),
      mutationFn: askStockAlert,
      meta: { offline: true },
    }),
};
