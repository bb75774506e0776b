import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { z } from "zod";
import { personalPage } from "@/offline/personal-requests";
import { rootRoute } from "./root";

const myAccountPage = personalPage("/my-account");
const myAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...myAccountPage,
  validateSearch: z.object({
    tab: z.enum(["profile", "addresses", "orders"]).optional().catch(undefined),
    order: z.coerce.number().int().positive().optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import("./my-account-page"), "MyAccountPage"),
});

/** Only a path of this shop may be a redirect target (no other origin, no protocol-relative URL). */
const localPath = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .optional()
  .catch(undefined);

const loginRegisterPage = personalPage("/login-register");
const loginRegisterRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...loginRegisterPage,
  validateSearch: z.object({
    redirect: localPath,
    tab: z.enum(["login", "register", "otp"]).optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import("./login-register-page"), "LoginRegisterPage"),
});

export const accountRoutes = [myAccountRoute, loginRegisterRoute];
