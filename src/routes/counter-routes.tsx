import { createRoute } from "@tanstack/react-router";
import { msg } from "@lingui/core/macro";
import { personalPage } from "@/offline/shared/personal-requests";
import { pageComponent } from "./page-component";
import { rootRoute } from "./root";

// The shop counter (issue 40 items 1 and 2, decision 43): each page its own chunk, none on the first page.
// Personal: the server renders their frame only (the staff page is one member's; the scanner and the tag
// are drawn on the device).
const staffPage = personalPage("/staff", msg`Staff`);
const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...staffPage,
  component: pageComponent(() => import("./staff-page"), "StaffPage"),
});
const scanPage = personalPage("/scan", msg`Scan a tag`);
const scanRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...scanPage,
  component: pageComponent(() => import("./scan-page"), "ScanPage"),
});
const floorTagPage = personalPage("/product/$urlKey/tag", msg`Floor tag`);
const floorTagRoute = createRoute({
  getParentRoute: () => rootRoute,
  ...floorTagPage,
  component: pageComponent(() => import("./floor-tag-page"), "FloorTagPage"),
});

export const counterRoutes = [staffRoute, scanRoute, floorTagRoute];
