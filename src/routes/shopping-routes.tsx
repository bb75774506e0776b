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

export const shoppingRoutes = [cartRoute, wishlistRoute, compareRoute, checkoutRoute, orderSuccessRoute];
