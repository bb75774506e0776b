/*
 * The showroom's requests (issue 40 item 4, decision 049): test rides and back-in-stock requests, their rows,
 * their mails, the staff page's lists, and the mail to those waiting once a size is back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Store } from "../db/store";
import type { Postbox } from "../lib/mail-queue";
import { HttpError, nowIso } from "../lib/http";
import { showroomTexts } from "../lib/showroom-mail-texts";
import {
  addDays,
  DATE_OUT_OF_RANGE,
  isoDay,
  NO_SUCH_PRODUCT,
  NO_SUCH_SIZE,
  TEST_RIDE_MAX_DAYS,
  type StaffStockAlert,
  type StaffTestRide,
  type StockAlertRequest,
  type TestRideRequest,
} from "../../src/api/contract/showroom";

export interface ShowroomDeps {
  store: Store;
  mail: Postbox;
}

/** Who asks, and how the request is told apart from a copy of itself. */
export interface RequestOrigin {
  /** the request's Idempotency-Key; without one the request is its own */
  key: string | undefined;
  customerId: number | null;
  language: string;
}

const invalid = (field: string, message: string) =>
  new HttpError(422, { message, errors: { [field]: [message] } });

/** The product's name and the variants of one size (lower case), or a 422 naming what is wrong. */
async function productSize(store: Store, productId: number, size: string) {
  const product = await store.first(
    store.qb.selectFrom("products").select(["id", "name", "url_key"]).where("id", "=", productId),
  );
  if (!product) throw invalid("product_id", NO_SUCH_PRODUCT);
  const wanted = size.toLowerCase();
  const variants = await store.all(
    store.qb
      .selectFrom("product_variants")
      .select(["id", "stock"])
      .where("product_id", "=", productId)
      .where(sql<string>`lower(size)`, "=", wanted),
  );
  if (!variants.length) throw invalid("size", NO_SUCH_SIZE);
  return { product, size: wanted, variants };
}

/** Books a test ride; a copy of one already booked (the same key) books nothing and answers its id. */
export async function bookTestRide(
  d: ShowroomDeps,
  body: TestRideRequest,
  from: RequestOrigin,
  today = isoDay(new Date()),
): Promise<{ id: number; created: boolean }> {
  const { store } = d;
  if (body.date < today || body.date > addDays(today, TEST_RIDE_MAX_DAYS) || !validDay(body.date))
    throw invalid("date", DATE_OUT_OF_RANGE);
  const { product, size } = await productSize(store, body.product_id, body.size);
  const key = from.key ?? randomUUID();
  // The row and its confirmation are written together (decision 053).
  const { changes } = await store.tx(async () => {
    const inserted = await store.run(
      store.qb
        .insertInto("test_rides")
        .values({
          request_key: key,
          product_id: product.id,
          size,
          ride_date: body.date,
          slot: body.slot,
          email: body.email,
          customer_id: from.customerId,
          language: from.language,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column("request_key").doNothing()),
    );
    if (inserted.changes) {
      const texts = showroomTexts(from.language);
      await d.mail.post({
        kind: "test-ride-confirmation",
        to: body.email,
        subject: texts.rideSubject(product.name),
        text: texts.ride({ product: product.name, size, date: body.date, slot: body.slot }),
      });
    }
    return inserted;
  });
  const row = await store.first(
    store.qb.selectFrom("test_rides").select("id").where("request_key", "=", key),
  );
  return { id: Number(row!.id), created: changes > 0 };
}

/** A back-in-stock request for a size (of one colour when `variantId` is given), kept until it is mailed. */
export async function askStockAlert(
  d: ShowroomDeps,
  body: StockAlertRequest & { variant_id?: number | null },
  from: RequestOrigin,
): Promise<{ id: number; created: boolean }> {
  const { store } = d;
  const { product, size, variants } = await productSize(store, body.product_id, body.size);
  const variantId = body.variant_id ?? null;
  if (variantId !== null && !variants.some((v) => v.id === variantId))
    throw invalid("variant_id", NO_SUCH_SIZE);
  const key = from.key ?? randomUUID();
  const { changes } = await store.tx(async () => {
    const inserted = await store.run(
      store.qb
        .insertInto("stock_alerts")
        .values({
          request_key: key,
          product_id: product.id,
          variant_id: variantId,
          size,
          email: body.email,
          customer_id: from.customerId,
          language: from.language,
          notified_at: null,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column("request_key").doNothing()),
    );
    if (inserted.changes) {
      const texts = showroomTexts(from.language);
      await d.mail.post({
        kind: "stock-alert-confirmation",
        to: body.email,
        subject: texts.alertSubject(product.name),
        text: texts.alert({ product: product.name, size }),
      });
    }
    return inserted;
  });
  const row = await store.first(
    store.qb.selectFrom("stock_alerts").select("id").where("request_key", "=", key),
  );
  return { id: Number(row!.id), created: changes > 0 };
}

function validDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === day;
}

/** The test rides from today on, soonest first (the staff page). */
export async function upcomingTestRides(store: Store, today = isoDay(new Date())): Promise<StaffTestRide[]> {
  const rows = await store.all(
    store.qb
      .selectFrom("test_rides as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select([
        "t.id",
        "t.product_id",
        "p.name as product_name",
        "t.size",
        "t.ride_date",
        "t.slot",
        "t.email",
        "t.created_at",
      ])
      .where("t.ride_date", ">=", today)
      .orderBy("t.ride_date")
      .orderBy("t.slot")
      .orderBy("t.id")
      .limit(500),
  );
  return rows.map(({ ride_date, ...r }) => ({ ...r, id: Number(r.id), date: ride_date }));
}

/** The back-in-stock requests not yet mailed, oldest first (the staff page). */
export async function waitingStockAlerts(store: Store): Promise<StaffStockAlert[]> {
  const rows = await store.all(
    store.qb
      .selectFrom("stock_alerts as a")
      .innerJoin("products as p", "p.id", "a.product_id")
      .select(["a.id", "a.product_id", "p.name as product_name", "a.size", "a.email", "a.created_at"])
      .where("a.notified_at", "is", null)
      .orderBy("a.id")
      .limit(500),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * After a variant's stock went up: when it now has stock, every request still waiting for it (for that
 * colour and size, or for the size in any colour) is mailed, once: each is marked by a conditional update
 * first, so two restocks at the same moment (two instances) mail it once. Returns how many were mailed.
 */
export async function notifyRestocked(
  d: ShowroomDeps,
  productId: number,
  variantId: number,
  origin = "",
): Promise<number> {
  const { store } = d;
  const variant = await store.first(
    store.qb
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.id", "v.size", "v.stock", "p.name", "p.url_key"])
      .where("v.id", "=", variantId)
      .where("v.product_id", "=", productId),
  );
  if (!variant || Number(variant.stock) <= 0) return 0;
  const size = variant.size.toLowerCase();
  const waiting = await store.all(
    store.qb
      .selectFrom("stock_alerts")
      .select(["id", "email", "language"])
      .where("product_id", "=", productId)
      .where("notified_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("variant_id", "=", variantId),
          eb.and([eb("variant_id", "is", null), eb("size", "=", size)]),
        ]),
      )
      .orderBy("id"),
  );
  let mailed = 0;
  for (const alert of waiting) {
    // Marked and queued in one transaction: the request is mailed once, and never marked without its mail.
    const marked = await store.tx(async () => {
      const { changes } = await store.run(
        store.qb
          .updateTable("stock_alerts")
          .set({ notified_at: nowIso() })
          .where("id", "=", alert.id)
          .where("notified_at", "is", null),
      );
      if (!changes) return false;
      const texts = showroomTexts(alert.language);
      await d.mail.post({
        kind: "back-in-stock",
        to: alert.email,
        subject: texts.backSubject(variant.name),
        text: texts.back({ product: variant.name, size, link: `${origin}/product/${variant.url_key}` }),
      });
      return true;
    });
    if (marked) mailed++;
  }
  return mailed;
}
