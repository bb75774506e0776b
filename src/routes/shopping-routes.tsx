import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { personalPage } from "@/offline/personal-requests";
import { rootRoute } from "./root";

const cartPage = personalPage("/cart");
const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...cartPage,
  component: lazyRouteComponent(() => import("./cart-page"), "CartPage"),
});
const wishlistPage = personalPage("/wishlist");
const wishlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...wishlistPage,
  component: lazyRouteComponent(() => import("./wishlist-page"), "WishlistPage"),
});
const comparePage = personalPage("/compare");
const compareRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...comparePage,
  component: lazyRouteComponent(() => import("./compare-page"), "ComparePage"),
});
const checkoutPage = personalPage("/checkout");
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...checkoutPage,
  component: lazyRouteComponent(() => import("./checkout-page"), "CheckoutPage"),
});
const orderSuccessPage = personalPage("/ordersuccess/$orderId");
const orderSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...orderSuccessPage,
  component: lazyRouteComponent(() => import("./order-success-page"), "OrderSuccessPage"),
});

// What this device keeps, not a server page: the plain shell (personal), read from Cache Storage after mount.
const savedOfflinePage = personalPage("/saved-offline");
const savedOfflineRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...savedOfflinePage,
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
