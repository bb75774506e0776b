/*
 * The showroom's reads (issue 40 item 4, decision 049): what the shop offers (its slots; the route's absence
 * hides both forms) and the staff page's lists. Apart from showroom.ts, whose writes the first page holds.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./client";
import {
  staffStockAlertsReplySchema,
  staffTestRidesReplySchema,
  testRideSlotsReplySchema,
} from "./contract/showroom";
import { showroomKeys } from "./showroom";

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
