import { t } from "@lingui/core/macro";
import { newsletterKeys } from "@/api/newsletter";
import type { ChangeDescriber } from "@/offline/outbox/change-queue";

/** A newsletter subscription waiting to be sent, in the change queue panel (undo drops it). */
export const newsletterChanges: ChangeDescriber = {
  mutationKey: newsletterKeys.all,
  describe: (changes) =>
    changes.map((c) => {
      const v = c.variables as { email?: unknown } | null;
      const email = typeof v?.email === "string" ? v.email : "";
      return {
        keys: [c.key],
        text: email ? t`Subscribe ${email} to the newsletter` : t`Subscribe to the newsletter`,
      };
    }),
};
