import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "./root";

const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/cart",
  component: lazyRouteComponent(() => import("./cart-page"), "CartPage"),
});
const wishlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/wishlist",
  component: lazyRouteComponent(() => import("./wishlist-page"), "WishlistPage"),
});
const compareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/compare",
  component: lazyRouteComponent(() => import("./compare-page"), "ComparePage"),
});
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/checkout",
  component: lazyRouteComponent(() => import("./checkout-page"), "CheckoutPage"),
});
const orderSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ordersuccess/$orderId",
  component: lazyRouteComponent(() => import("./order-success-page"), "OrderSuccessPage"),
});

export const shoppingRoutes = [cartRoute, wishlistRoute, compareRoute, checkoutRoute, orderSuccessRoute];
