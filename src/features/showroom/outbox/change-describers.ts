import type { ChangeDescriber } from "@/offline/outbox/change-queue";
import { stockAlertChanges, testRideChanges } from "./showroom-changes";

/** What routes/-components/change-describers.ts collects from every feature's outbox/ folder. */
export const changeDescribers: readonly ChangeDescriber[] = [testRideChanges, stockAlertChanges];
