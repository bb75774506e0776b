/*
 * Strict-Bagisto mode (BAGISTO_STRICT=1, issue 17 item 3): the reference server answers with the shapes of a
 * stock Bagisto 1.3.3 (`packages/Webkul/API` at tag v1.3.3) and refuses what it refuses, so that the browser
 * journeys prove the storefront works against one. All of it is here: one middleware that answers 404/405 for
 * the routes Bagisto lacks, refuses the requests Bagisto cannot take, and reshapes the replies that carry a
 * product, a cart, a category, a configurable config or a review; and the list filters Bagisto reads.
 * What it does not imitate is listed in docs/decisions/031-strict-bagisto-mode.md.
 */
import { gunzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { ProductListQuery } from "../../src/api/contract/product";
import type { AppEnv, Deps } from "./context";
import { optionalCustomer } from "./auth";
import { COLORS, SIZES } from "../reference/attributes";

/**
 * The reference server's routes a stock Bagisto 1.3.3 has no route for (bagisto-compat.md §3; its password
 * reset is a web form: decision 038; the counter's staff routes and the handed-over cart: decision 043; the showroom's test rides and
 * back-in-stock requests: decision 049).
 */
export const BAGISTO_LACKS =
  /^\/api\/(about|blog|blog\/[^/]+|brands|getbanner|page\/[^/]+|getattributes|product-with-additional-information|statelist|contactrequest|contactsubscribe|contactsubscribe\/confirm|customer\/reset-password|staff\/[^/]+|cart-handover\/[^/]+|test-rides|test-rides\/slots|stock-alerts|send-verification-code|verify-code|exchange-rates|checkout\/cart\/batch|orders\/[^/]+\/cancel)$/;

/**
 * Bagisto's `Resources/Catalog/Product.php` keys (simple and configurable products), in its order. The test holds
 * this list against its own copy of Bagisto's, written out apart on purpose.
 */
const PRODUCT_KEYS = [
  "id",
  "sku",
  "type",
  "name",
  "url_key",
  "price",
  "formated_price",
  "short_description",
  "description",
  "images",
  "videos",
  "base_image",
  "created_at",
  "updated_at",
  "reviews",
  "in_stock",
  "is_saved",
  "is_wishlisted",
  "is_item_in_cart",
  "show_quantity_changer",
  "special_price",
  "formated_special_price",
  "regular_price",
  "formated_regular_price",
] as const;

/** Bagisto's `Resources/Catalog/Category.php` keys. */
const CATEGORY_KEYS = [
  "id",
  "code",
  "name",
  "slug",
  "display_mode",
  "description",
  "meta_title",
  "meta_description",
  "meta_keywords",
  "status",
  "image_url",
  "category_icon_path",
  "additional",
  "created_at",
  "updated_at",
] as const;

/** What our cart lines carry beyond Bagisto's `Resources/Checkout/CartItem.php`. */
const CART_ITEM_EXTRAS = ["product_id", "color", "size"] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function pick(source: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (key in source) out[key] = source[key];
  return out;
}

/**
 * A product as Bagisto's resource has it: none of our keys (`discount, new, rating, saleCount, stock, offerEnd,
 * affiliateLink, categories, tags, variation, basic_info, configurable_options, featured`), `price` the minimal
 * price (the special price while there is one), and the keys we leave out (`videos`, `is_saved`,
 * `show_quantity_changer`).
 */
export function strictProduct(p: Json): Json {
  const special = p.special_price;
  return pick(
    {
      ...p,
      price: special ?? p.price,
      formated_price: special !== undefined ? p.formated_special_price : p.formated_price,
      videos: [],
      is_saved: false,
      show_quantity_changer: true,
    },
    PRODUCT_KEYS,
  );
}

export function strictCategory(c: Json): Json {
  return pick(c, CATEGORY_KEYS);
}

function strictCartItem(item: Json): Json {
  const out: Json = { ...item };
  for (const key of CART_ITEM_EXTRAS) delete out[key];
  if (isObject(out.child)) out.child = strictCartItem(out.child);
  if (isObject(out.product)) out.product = strictProduct(out.product);
  return out;
}

export function strictCart(cart: Json): Json {
  return Array.isArray(cart.items)
    ? { ...cart, items: cart.items.map((i) => (isObject(i) ? strictCartItem(i) : i)) }
    : cart;
}

/** `Helpers/ConfigurableOption::getConfigurationConfig`: no `variant_stock`, options without `admin_name`. */
function strictConfig(config: Json): Json {
  const { variant_stock: _stock, ...rest } = config;
  const attributes = Array.isArray(rest.attributes) ? rest.attributes : [];
  return {
    ...rest,
    attributes: attributes.map((a: Json) => ({
      ...a,
      options: (Array.isArray(a.options) ? a.options : []).map((o: Json) => {
        const { admin_name: _name, ...option } = o;
        return option;
      }),
    })),
    variant_videos: [],
  };
}

/**
 * GET products as Bagisto's `ProductRepository::getAll` reads it: its own filters, option ids only. `none`: the
 * filters match no product (an attribute filter is `whereIn` on the option id column, where a name matches
 * nothing; the reference server would ignore an id it does not know).
 */
export function bagistoListQuery(q: ProductListQuery): { query: ProductListQuery; none: boolean } {
  const { cat_slug: _slug, bestseller: _best, sale: _sale, tag: _tag, ...rest } = q;
  let none = false;
  const ids = (v: string | undefined, known: readonly { id: number }[]) => {
    if (v === undefined) return undefined;
    const asked = v.split(",").map((s) => s.trim());
    const found = asked.filter((s) => /^\d+$/.test(s) && known.some((o) => o.id === Number(s)));
    if (!found.length) none = true;
    return found.join(",");
  };
  const sort = (rest.sort ?? "").toLowerCase();
  const query = {
    ...rest,
    color: ids(rest.color, COLORS),
    size: ids(rest.size, SIZES),
    // `sort` is an attribute code; one it does not know sorts by `created_at`.
    ...(sort === "pricehightolow" || sort === "pricelowtohigh" ? { sort: "created_at" } : {}),
  };
  return { query, none };
}

function bodyOf(value: unknown): Json | null {
  return isObject(value) ? value : null;
}

/** The reply reshaped for its route, or null when the route carries nothing to reshape. */
async function reshape(path: string, body: Json, deps: Deps): Promise<Json | null> {
  const data = body.data;
  // `CustomerController@create` answers with the message alone.
  if (path === "/api/customer/register") return { message: body.message };
  if (path === "/api/products" || /^\/api\/products\/\d+$/.test(path)) {
    if (Array.isArray(data)) return { ...body, data: data.map((p: Json) => strictProduct(p)) };
    if (isObject(data)) return { ...body, data: strictProduct(data) };
    return null;
  }
  if (/^\/api\/product-configurable-config\/\d+$/.test(path) && isObject(data))
    return { ...body, data: strictConfig(data) };
  if (path === "/api/descendant-categories" || path === "/api/categories") {
    return Array.isArray(data) ? { ...body, data: data.map((c: Json) => strictCategory(c)) } : null;
  }
  if (/^\/api\/categories\/\d+$/.test(path) && isObject(data)) return { ...body, data: strictCategory(data) };
  if (path === "/api/wishlist" && Array.isArray(data))
    return {
      ...body,
      data: data.map((w: Json) => (isObject(w.product) ? { ...w, product: strictProduct(w.product) } : w)),
    };
  if (/^\/api\/wishlist\/add\/\d+$/.test(path) && isObject(data) && isObject(data.product))
    return { ...body, data: { ...data, product: strictProduct(data.product) } };
  if (path.startsWith("/api/checkout/")) {
    if (isObject(data) && Array.isArray(data.items)) return { ...body, data: strictCart(data) };
    if (isObject(data) && isObject(data.cart))
      return { ...body, data: { ...data, cart: strictCart(data.cart) } };
    return null;
  }
  if ((path === "/api/reviews" || /^\/api\/reviews\/\d+$/.test(path)) && data !== undefined) {
    // `Resources/Catalog/ProductReview.php`: the product nested, no `product_id`.
    const list: Json[] = Array.isArray(data) ? data : isObject(data) ? [data] : [];
    const ids = [...new Set(list.map((r) => Number(r.product_id)))];
    const products = new Map((await deps.catalog.views(ids)).map((p) => [p.id, strictProduct(p)]));
    const one = (r: Json): Json => {
      const { product_id: id, ...rest } = r;
      const { created_at, updated_at, ...head } = rest;
      return { ...head, product: products.get(Number(id)) ?? null, created_at, updated_at };
    };
    return { ...body, data: Array.isArray(data) ? list.map(one) : one(list[0]!) };
  }
  return null;
}

/** Reads a JSON body the handlers may already have read (Hono keeps it). */
async function jsonBody(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<Json> {
  try {
    // as text, the form the idempotency keys hash (Hono keeps it for the handlers)
    return bodyOf(JSON.parse(await c.req.text())) ?? {};
  } catch {
    return {};
  }
}

export function bagistoStrict(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const method = c.req.method;
    if (BAGISTO_LACKS.test(path)) {
      // Bagisto's Shop package has a GET-only fallback route: 404 to a GET, 405 to anything else (which its
      // exception handler turns into a 500 with debug off; read from the source, not run).
      return method === "GET"
        ? c.json({ error: "Resource Not Found" }, 404)
        : c.json({ error: "Method Not Allowed" }, 405);
    }
    if (/^\/api\/orders(\/\d+)?$/.test(path) && !optionalCustomer(c.get("auth")))
      // `authorization_required`: no guest reads an order, not even the one just placed.
      return c.json({ error: "Unauthenticated" }, 401);
    if (path === "/api/customer/logout" && method !== "GET")
      return c.json({ error: "Method Not Allowed" }, 405);
    if (method === "POST" && /^\/api\/checkout\/cart\/add\/\d+$/.test(path)) {
      // `Type/AbstractType::prepareForCart` and `Type/Configurable::prepareForCart` read `$data['quantity']`;
      // the notice is caught by `CartController@store` and sent as a 200 (PHP 7.4's wording).
      const body = await jsonBody(c);
      if (body.quantity === undefined && c.req.query("quantity") === undefined)
        return c.json({ error: { message: "Undefined index: quantity", code: 0 } }, 200);
    }
    if (method === "POST" && path === "/api/checkout/save-address") {
      // `CheckoutController@saveAddress` implodes `billing.address1` and `shipping.address1` before anything
      // else: without either, an uncaught notice (500 "Server Error" with debug off).
      const body = await jsonBody(c);
      const lines = (side: unknown) => isObject(side) && Array.isArray(side.address1);
      if (!lines(body.billing) || !lines(body.shipping)) return c.json({ message: "Server Error" }, 500);
    }
    if (method === "PUT" && path === "/api/checkout/cart/update") {
      const body = await jsonBody(c);
      const qty = isObject(body.qty) ? Object.values(body.qty) : [];
      if (qty.some((q) => Number(q) <= 0))
        return c.json({ message: "Quantity cannot be lesser than one." }, 401);
    }
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (!type.includes("json") || c.res.status >= 300) return;
    const { status, headers } = c.res;
    let bytes = new Uint8Array(await c.res.arrayBuffer());
    if (headers.get("content-encoding") === "gzip") {
      bytes = new Uint8Array(gunzipSync(bytes));
      headers.delete("content-encoding");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      parsed = undefined;
    }
    const reshaped = isObject(parsed) ? await reshape(path, parsed, deps) : null;
    headers.delete("content-length");
    c.res = undefined;
    c.res = new Response(reshaped ? JSON.stringify(reshaped) : bytes, { status, headers });
  };
}
