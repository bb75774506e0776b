import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "./root";

const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/cart",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./cart-page"), "CartPage"),
});
const wishlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/wishlist",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./wishlist-page"), "WishlistPage"),
});
const compareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/compare",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./compare-page"), "ComparePage"),
});
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/checkout",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./checkout-page"), "CheckoutPage"),
});
const orderSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ordersuccess/$orderId",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./order-success-page"), "OrderSuccessPage"),
});

// What this device keeps, not a server page: the plain shell (personal), read from Cache Storage after mount.
const savedOfflineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/saved-offline",
  staticData: { personal: true },
  component: lazyRouteComponent(() => import("./saved-offline-page"), "SavedOfflinePage"),
});

export const shoppingRoutes = [
  cartRoute,
  wishlistRoute,
  compareRoute,
  checkoutRoute,
  orderSuccessRoute,
  savedOfflineRoute,
];
