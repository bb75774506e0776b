/*
 * The showroom's requests (issue 40 item 4, decision 049): a test ride and a back-in-stock request, sent as
 * the contact form is (anonymous, with an Idempotency-Key; offline they wait in the outbox), what the shop
 * offers (its slots: the route's absence hides both forms), and the staff page's lists.
 */
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch, newIdempotencyKey } from "./client";
import {
  showroomReplySchema,
  staffStockAlertsReplySchema,
  staffTestRidesReplySchema,
  testRideSlotsReplySchema,
  type ShowroomReply,
  type StockAlertRequest,
  type TestRideRequest,
} from "./contract/showroom";

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
    schema: showroomReplySchema,
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
    schema: showroomReplySchema,
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

export const showroomQueries = {
  /** What the shop offers; a back end without the showroom answers 404 (isMissingService). */
  slots: () =>
    queryOptions({
      queryKey: showroomKeys.slots(),
      queryFn: async ({ signal }) =>
        (await apiFetch("test-rides/slots", { schema: testRideSlotsReplySchema, auth: "none", signal })).data,
      staleTime: 60 * 60 * 1000,
      retry: false,
    }),
  staffTestRides: (token: string) =>
    queryOptions({
      queryKey: [...showroomKeys.staffTestRides(), token] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch("staff/test-rides", { schema: staffTestRidesReplySchema, bearer: token, signal }))
          .data,
      meta: { personal: true },
    }),
  staffStockAlerts: (token: string) =>
    queryOptions({
      queryKey: [...showroomKeys.staffStockAlerts(), token] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch("staff/stock-alerts", { schema: staffStockAlertsReplySchema, bearer: token, signal }))
          .data,
      meta: { personal: true },
    }),
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
