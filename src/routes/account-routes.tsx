import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "./root";

const myAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/my-account",
  component: lazyRouteComponent(() => import("./my-account-page"), "MyAccountPage"),
});
const loginRegisterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login-register",
  component: lazyRouteComponent(() => import("./login-register-page"), "LoginRegisterPage"),
});

export const accountRoutes = [myAccountRoute, loginRegisterRoute];
