import { Hono } from "hono";
import type { z } from "zod/mini";
import { NOT_STAFF_MESSAGE } from "../../src/api/contract/counter";
import {
  STOCK_ALERT_SAVED,
  stockAlertRequestSchema,
  TEST_RIDE_BOOKED,
  TEST_RIDE_MAX_DAYS,
  TEST_RIDE_SLOTS,
  testRideRequestSchema,
} from "../../src/api/contract/showroom";
import { clientIp, type AppEnv, type Ctx, type Deps } from "../lib/context";
import { optionalCustomer, requireCustomer } from "../lib/auth";
import { HttpError, noStore, readJson, zodErrors } from "../lib/http";
import { requestLanguage } from "../lib/mail";
import {
  askStockAlert,
  bookTestRide,
  upcomingTestRides,
  waitingStockAlerts,
  type RequestOrigin,
} from "../services/showroom-requests";

/** The body, or a 422 whose message is the first thing wrong (a date out of range, an unknown slot…). */
async function parsed<T extends z.ZodMiniType>(c: Ctx, schema: T): Promise<z.infer<T>> {
  const r = schema.safeParse(await readJson(c));
  if (r.success) return r.data;
  const errors = zodErrors(r.error);
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  throw new HttpError(422, { message: first, errors });
}

/**
 * The showroom's requests (issue 40 item 4, decision 049): `POST test-rides` and `POST stock-alerts`, guest
 * writes (rate-limited as the contact form is, sent again by the outbox with their Idempotency-Key),
 * `GET test-rides/slots` (what the shop offers; the storefront hides both forms where the route is missing,
 * as on a stock Bagisto), and the staff page's `GET staff/test-rides` and `GET staff/stock-alerts`.
 */
export function showroomRequestRoutes(d: Deps) {
  const r = new Hono<AppEnv>();
  const limited = async (c: Ctx) => {
    const hit = await d.limiters.contact.take(clientIp(c));
    if (!hit.ok) {
      c.header("Retry-After", String(hit.retryAfter));
      throw new HttpError(429, { message: "Too many requests, please try again later." });
    }
  };
  const origin = (c: Ctx): RequestOrigin => ({
    key: c.get("idempotencyKey") ?? undefined,
    customerId: optionalCustomer(c.get("auth"))?.id ?? null,
    language: requestLanguage(c),
  });
  const staffOnly = (c: Ctx) => {
    const customer = requireCustomer(c.get("auth"));
    if (Number(customer.is_staff) !== 1) throw new HttpError(403, { message: NOT_STAFF_MESSAGE });
  };

  r.get("/test-rides/slots", (c) =>
    c.json({ data: { slots: TEST_RIDE_SLOTS, max_days: TEST_RIDE_MAX_DAYS } }),
  );

  r.post("/test-rides", async (c) => {
    await limited(c);
    const body = await parsed(c, testRideRequestSchema);
    const { id } = await bookTestRide(d, body, origin(c));
    return c.json({ message: TEST_RIDE_BOOKED, data: { id } });
  });

  r.post("/stock-alerts", async (c) => {
    await limited(c);
    const body = await parsed(c, stockAlertRequestSchema);
    const { id } = await askStockAlert(d, body, origin(c));
    return c.json({ message: STOCK_ALERT_SAVED, data: { id } });
  });

  r.get("/staff/test-rides", noStore, async (c) => {
    staffOnly(c);
    return c.json({ data: await upcomingTestRides(d.store) });
  });

  r.get("/staff/stock-alerts", noStore, async (c) => {
    staffOnly(c);
    return c.json({ data: await waitingStockAlerts(d.store) });
  });

  return r;
}
