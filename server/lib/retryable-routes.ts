/**
 * The writes that declare themselves retryable: the storefront's outbox, checkout and forms send these with
 * an Idempotency-Key, and only their replies are kept. Auth endpoints (login, register, codes, logout) are
 * not here: their replies hold tokens and are never stored (security review L3). `recover` answers a
 * retry of a request whose change was committed but whose reply was never stored (the process died in
 * between): the change is not made twice, the shopper gets the current state instead.
 */
export interface RetryableRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: RegExp;
  recover?: "cart";
  /** a guest's write that rotates the session (lib/auth.ts rotateGuestSession): its replay sets the new cookie */
  rotates?: true;
}

export const RETRYABLE_ROUTES: RetryableRoute[] = [
  { method: "POST", path: /^\/api\/checkout\/cart\/add\/\d+$/, recover: "cart" },
  { method: "PUT", path: /^\/api\/checkout\/cart\/update$/, recover: "cart" },
  { method: "GET", path: /^\/api\/checkout\/cart\/remove-item\/\d+$/, recover: "cart" },
  { method: "GET", path: /^\/api\/checkout\/cart\/empty$/, recover: "cart" },
  { method: "POST", path: /^\/api\/checkout\/cart\/coupon$/ },
  { method: "DELETE", path: /^\/api\/checkout\/cart\/coupon$/ },
  { method: "GET", path: /^\/api\/wishlist\/add\/\d+$/ },
  { method: "DELETE", path: /^\/api\/wishlist\/\d+$/ },
  { method: "POST", path: /^\/api\/checkout\/(save-address|save-order)$/, rotates: true },
  { method: "POST", path: /^\/api\/checkout\/(save-shipping|save-payment)$/ },
  { method: "POST", path: /^\/api\/addresses\/create$/ },
  { method: "PUT", path: /^\/api\/addresses\/\d+$/ },
  { method: "DELETE", path: /^\/api\/addresses\/\d+$/ },
  { method: "POST", path: /^\/api\/(contactrequest|contactsubscribe)$/ },
  { method: "POST", path: /^\/api\/(test-rides|stock-alerts)$/ },
  { method: "POST", path: /^\/api\/reviews\/\d+\/create$/ },
];

export function retryableRoute(method: string, path: string): RetryableRoute | undefined {
  return RETRYABLE_ROUTES.find((r) => r.method === method && r.path.test(path));
}
