/*
 * The showroom's requests (issue 40 item 4, decision 049): a test ride booked for a day, a time slot and a
 * size, and a back-in-stock request for a size that is out. Both may be made offline and wait in the outbox;
 * the server and the storefront read the same rules from here (the slots, the 60 days ahead).
 */
import { z } from "zod/mini";

/** The test-ride slots the showroom offers each day (its local time). */
export const TEST_RIDE_SLOTS = ["10:00", "11:30", "14:00", "15:30", "17:00"] as const;
export type TestRideSlot = (typeof TEST_RIDE_SLOTS)[number];
/** A test ride is booked for today up to this many days ahead. */
export const TEST_RIDE_MAX_DAYS = 60;

export const TEST_RIDE_BOOKED = "Your test ride is booked. We look forward to seeing you.";
export const STOCK_ALERT_SAVED = "We will write to you as soon as your size is back.";
export const NO_SUCH_PRODUCT = "This product does not exist.";
export const NO_SUCH_SIZE = "This product does not come in that size.";
export const DATE_OUT_OF_RANGE = `The date must be between today and ${TEST_RIDE_MAX_DAYS} days from now.`;
export const SLOT_UNKNOWN = `The time slot must be one of ${TEST_RIDE_SLOTS.join(", ")}.`;
export const EMAIL_INVALID = "The e-mail must be a valid e-mail address.";

const productId = () => z.number().check(z.int(), z.positive(), z.maximum(2147483647));
const size = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(20));
const email = () => z.email({ error: EMAIL_INVALID }).check(z.maxLength(254));

/** `YYYY-MM-DD` of a day in UTC (the server's "today"; the storefront offers the shopper's own days). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `days` after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** POST /api/test-rides */
export const testRideRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    product_id: productId(),
    size: size(),
    date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_OUT_OF_RANGE })),
    slot: z.enum(TEST_RIDE_SLOTS, { error: SLOT_UNKNOWN }),
    email: email(),
  }),
);
export type TestRideRequest = z.infer<typeof testRideRequestSchema>;

/** POST /api/stock-alerts; `variant_id` the colour and size asked for (without it: the size in any colour) */
export const stockAlertRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    product_id: productId(),
    variant_id: z.optional(z.nullable(productId())),
    size: size(),
    email: email(),
  }),
);
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** Both POSTs' reply: `{message, data: {id}}`; 422 `{message, errors}` */
export const showroomReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ message: z.string(), data: z.looseObject({ id: z.number() }) }),
);
export type ShowroomReply = z.infer<typeof showroomReplySchema>;

/** GET /api/test-rides/slots: what the shop offers (the storefront hides the forms when the route is missing) */
export const testRideSlotsReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.looseObject({ slots: z.array(z.string()), max_days: z.number() }) }),
);

const staffTestRideSchema = () =>
  z.looseObject({
    id: z.number(),
    product_id: z.number(),
    product_name: z.string(),
    size: z.string(),
    date: z.string(),
    slot: z.string(),
    email: z.string(),
    created_at: z.string(),
  });
export type StaffTestRide = z.infer<ReturnType<typeof staffTestRideSchema>>;

const staffStockAlertSchema = () =>
  z.looseObject({
    id: z.number(),
    product_id: z.number(),
    product_name: z.string(),
    size: z.string(),
    email: z.string(),
    created_at: z.string(),
  });
export type StaffStockAlert = z.infer<ReturnType<typeof staffStockAlertSchema>>;

/** GET /api/staff/test-rides: the upcoming test rides, soonest first */
export const staffTestRidesReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.array(staffTestRideSchema()) }),
);
/** GET /api/staff/stock-alerts: the back-in-stock requests not yet answered, oldest first */
export const staffStockAlertsReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ data: z.array(staffStockAlertSchema()) }),
);
