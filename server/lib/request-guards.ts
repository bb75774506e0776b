import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { HttpError } from "./http";

/** Bagisto's GET routes that change state. */
export const WRITE_GETS =
  /^\/api\/(wishlist\/add\/|checkout\/cart\/remove-item\/|checkout\/cart\/empty|customer\/logout)/;

/**
 * Cross-site request forgery (security review L2). A guest's cart rides on a cookie, so:
 * - a state change through GET needs a header no plain link, image or form can send (the storefront sends
 *   `Idempotency-Key` or `Authorization`; `X-Requested-With` also does), else 405;
 * - a write with a body must say it is JSON (an HTML form can only send form or text bodies), else 415;
 * - a cookie-authenticated write the browser marks `Sec-Fetch-Site: cross-site` is refused (403).
 */
export function requestGuards(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const writeGet = method === "GET" && WRITE_GETS.test(path);
    const write = writeGet || (method !== "GET" && method !== "HEAD" && method !== "OPTIONS");
    if (!write) return next();
    if (
      writeGet &&
      !c.req.header("idempotency-key") &&
      !c.req.header("authorization") &&
      !c.req.header("x-requested-with")
    ) {
      c.header("Allow", "POST");
      throw new HttpError(405, {
        message: "This request changes data: send it from the shop, not as a plain link.",
      });
    }
    const type = c.req.header("content-type");
    if (type !== undefined && type !== "" && !/^application\/(.+\+)?json\b/i.test(type)) {
      throw new HttpError(415, {
        message: "Send the request body as JSON (Content-Type: application/json).",
      });
    }
    const cookieAuthenticated = c.req.query("token") === undefined;
    if (cookieAuthenticated && c.req.header("sec-fetch-site") === "cross-site") {
      throw new HttpError(403, { message: "Cross-site requests cannot change this shop's data." });
    }
    return next();
  };
}
