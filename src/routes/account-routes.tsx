import { createRoute } from "@tanstack/react-router";
import { z } from "zod/mini";
import { msg } from "@lingui/core/macro";
import { personalPage } from "@/offline/shared/personal-requests";
import { preloadAccountPanels } from "@/features/account/components/preload-account-panels";
import { pageComponent } from "./page-component";
import { rootRoute } from "./root";

const myAccountPage = personalPage("/my-account", msg`My Account`);
const myAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...myAccountPage,
  validateSearch: z.lazy(() =>
    z.object({
      tab: z.catch(z.optional(z.enum(["profile", "addresses", "orders"])), undefined),
      order: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
      page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
    }),
  ),
  // A logged-in shopper's tabs: their chunk and MUI's theme load beside the page's; a guest needs neither.
  loader: preloadAccountPanels,
  // Plain elements: MUI and its theme load only with a logged-in shopper's tabs (MyAccountView).
  component: pageComponent(() => import("./my-account-page"), "MyAccountPage"),
});

/** Only a path of this shop may be a redirect target (no other origin, no protocol-relative URL). */
const localPath = z.lazy(() =>
  z.catch(z.optional(z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/))), undefined),
);

const loginRegisterPage = personalPage("/login-register", msg`Login / Register`);
const loginRegisterRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...loginRegisterPage,
  validateSearch: z.lazy(() =>
    z.object({
      redirect: localPath,
      tab: z.catch(z.optional(z.enum(["login", "register", "otp"])), undefined),
    }),
  ),
  component: pageComponent(() => import("./login-register-page"), "LoginRegisterPage"),
});

// Opened from a mailed link whose token is in the fragment (decision 038): personal, so never stored by a
// cache or the service worker, and rendered by the server as its frame only.
const resetPasswordPage = personalPage("/reset-password", msg`Reset password`);
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...resetPasswordPage,
  component: pageComponent(() => import("./reset-password-page"), "ResetPasswordPage"),
});

const newsletterConfirmPage = personalPage("/newsletter/confirm", msg`Newsletter`);
const newsletterConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...newsletterConfirmPage,
  component: pageComponent(() => import("./newsletter-confirm-page"), "NewsletterConfirmPage"),
});

export const accountRoutes = [myAccountRoute, loginRegisterRoute, resetPasswordRoute, newsletterConfirmRoute];
