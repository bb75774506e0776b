import { t } from "@lingui/core/macro";
import { showroomKeys } from "@/api/showroom";
import type { ChangeDescriber } from "@/offline/outbox/change-queue";

const text = (v: unknown, key: string): string => {
  const value = (v as Record<string, unknown> | null)?.[key];
  return typeof value === "string" ? value : "";
};

/** A test ride waiting to be sent, in the change queue panel (undo drops it; nothing to put back). */
export const testRideChanges: ChangeDescriber = {
  mutationKey: showroomKeys.testRide(),
  describe: (changes) =>
    changes.map((c) => {
      const product = text(c.variables, "productName");
      const date = text(c.variables, "date");
      const slot = text(c.variables, "slot");
      return { keys: [c.key], text: t`Book a test ride of ${product} on ${date} at ${slot}` };
    }),
};

/** A back-in-stock request waiting to be sent, in the change queue panel (undo drops it). */
export const stockAlertChanges: ChangeDescriber = {
  mutationKey: showroomKeys.stockAlert(),
  describe: (changes) =>
    changes.map((c) => {
      const product = text(c.variables, "productName");
      const size = text(c.variables, "size").toUpperCase();
      return { keys: [c.key], text: t`Tell me when ${product} in size ${size} is back` };
    }),
};
