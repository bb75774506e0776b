import type { Ctx, Deps } from "./context";
import { linkOrigin, requestLanguage } from "./mail";
import { MAIL_TEXTS } from "./mail-texts";
import type { buildOrderViews } from "../services/orders";

type OrderView = ReturnType<typeof buildOrderViews>[number];

/** A `formated_…` amount of the view (its money fields are spread in by name, so not typed one by one). */
const shown = (o: object, field: string) => String((o as Record<string, unknown>)[`formated_${field}`] ?? "");

/**
 * The order confirmation to the customer (the receipt's lines and totals, as the order's reply shows them),
 * queued after the order committed (decision 053): a mail that fails is tried again, the order stands. A guest's
 * e-mail is the billing address's; a customer's link opens the order in their account.
 */
export async function mailOrderConfirmation(
  c: Ctx,
  d: Deps,
  order: OrderView,
  customer: boolean,
): Promise<void> {
  if (!d.mail.mailer) {
    d.log.warn("order confirmation not mailed: no mailer", { order_id: order.id });
    return;
  }
  if (!order.customer_email) return;
  const texts = MAIL_TEXTS[requestLanguage(c)];
  const a = order.shipping_address;
  const address = a
    ? [a.name, ...a.address1, `${a.postcode} ${a.city}`.trim(), a.country_name].filter(Boolean).join("\n")
    : "";
  const origin = linkOrigin(c);
  const summary = {
    id: order.increment_id,
    name: order.customer_first_name || order.customer_email,
    lines: order.items.map((i) => ({
      name: i.name,
      options: [i.color, i.size].filter(Boolean).join(" / "),
      qty: i.qty_ordered,
      total: shown(i, "total"),
    })),
    subTotal: shown(order, "sub_total"),
    discount:
      Number((order as Record<string, unknown>).discount_amount) > 0 ? shown(order, "discount_amount") : null,
    shipping: shown(order, "shipping_amount"),
    tax: shown(order, "tax_amount"),
    grandTotal: shown(order, "grand_total"),
    shippingTitle: order.shipping_title,
    paymentTitle: order.payment_title,
    address,
    link: customer
      ? `${origin}/my-account?tab=orders&order=${order.id}`
      : `${origin}/ordersuccess/${order.id}`,
  };
  // Queued after the order's transaction (its text is the order's reply, read once committed): should the
  // queue's write fail, the order stands and the log says so.
  await d.mail
    .post({
      kind: "order-confirmation",
      to: order.customer_email,
      subject: texts.orderSubject(summary.id),
      text: texts.order(summary),
    })
    .catch((err: unknown) =>
      d.log.error("order confirmation not queued", { order_id: order.id, error: String(err) }),
    );
}
