import type { ChangeDescriber } from "@/offline/outbox/change-queue";
import { newsletterChanges } from "./newsletter-changes";

/** What routes/-components/change-describers.ts collects from every feature's outbox/ folder. */
export const changeDescribers: readonly ChangeDescriber[] = [newsletterChanges];
