import { t } from "@lingui/core/macro";
import { contentKeys } from "@/api/content";
import type { ChangeDescriber } from "@/offline/outbox/change-queue";

/** A contact message waiting to be sent, in the change queue panel (undo drops it; nothing to put back). */
export const contactChanges: ChangeDescriber = {
  mutationKey: contentKeys.contact(),
  describe: (changes) => changes.map((c) => ({ keys: [c.key], text: t`Send your message to the shop` })),
};
