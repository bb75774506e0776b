import { createRoute } from "@tanstack/react-router";
import { msg } from "@lingui/core/macro";
import { preloadFilledCart } from "@/features/cart/components/preload-filled-cart";
import { getLocalCart } from "@/features/cart/store";
import { preloadCheckoutForm } from "@/features/checkout/components/preload-checkout-form";
import { preloadCompareProducts } from "@/features/compare/components/preload-compare-products";
import { preloadWishlistLines } from "@/features/wishlist/components/preload-wishlist-lines";
import { personalPage } from "@/offline/shared/personal-requests";
import { themedRoute } from "@/components/mui/lazy-themed";
import { pageComponent } from "./page-component";
import { rootRoute } from "./root";

const cartPage = personalPage("/cart", msg`Cart`);
const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...cartPage,
  // A cart with lines: their chunk loads beside the page's (not after it); an empty cart needs none.
  loader: preloadFilledCart,
  // Plain elements: MUI and its theme load only with the lines of a cart that has some (CartView).
  component: pageComponent(() => import("./cart-page"), "CartPage"),
});
const wishlistPage = personalPage("/wishlist", msg`Wishlist`);
const wishlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...wishlistPage,
  loader: preloadWishlistLines,
  component: pageComponent(() => import("./wishlist-page"), "WishlistPage"),
});
const comparePage = personalPage(
  "/compare",
  msg({ message: "Compare", comment: "page title: the list of compared bicycles" }),
);
const compareRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...comparePage,
  loader: preloadCompareProducts,
  component: pageComponent(() => import("./compare-page"), "ComparePage"),
});
const checkoutPage = personalPage("/checkout", msg`Checkout`);
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...checkoutPage,
  loader: () => preloadCheckoutForm(getLocalCart().lines.length > 0),
  component: pageComponent(() => import("./checkout-page"), "CheckoutPage"),
});
const orderSuccessPage = personalPage("/ordersuccess/$orderId", msg`Order Success`);
const orderSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...orderSuccessPage,
  component: themedRoute(() => import("./order-success-page"), "OrderSuccessPage"),
});

// What this device keeps, not a server page: the plain shell (personal), read from Cache Storage after mount.
const savedOfflinePage = personalPage("/saved-offline");
const savedOfflineRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...savedOfflinePage,
  component: themedRoute(() => import("./saved-offline-page"), "SavedOfflinePage"),
});

// This device's storage and the sync report (issue 40 item 5): personal like the packs' page; plain elements.
const storagePage = personalPage("/storage", msg`Storage and sync`);
const storageRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...storagePage,
  component: pageComponent(() => import("./storage-page"), "StoragePage"),
});

export const shoppingRoutes = [
  cartRoute,
  wishlistRoute,
  compareRoute,
  checkoutRoute,
  orderSuccessRoute,
  savedOfflineRoute,
  storageRoute,
];
