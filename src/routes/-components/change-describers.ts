import { byFeature } from "@/offline/outbox/by-feature";
import type { ChangeDescriber } from "@/offline/outbox/change-queue";

/**
 * Each feature words its own waiting changes (the header's change queue, the offline banner's count); undo
 * puts the device cart or wishlist back. Collected from each feature's outbox/ folder
 * (offline/outbox/by-feature.ts); loaded by the root layout once a change waits.
 */
export const changeDescriberModules = import.meta.glob<readonly ChangeDescriber[]>(
  "../../features/*/outbox/change-describers.ts",
  {
    eager: true,
    import: "changeDescribers",
  },
);

export const CHANGE_DESCRIBERS: readonly ChangeDescriber[] = byFeature(changeDescriberModules).flatMap(
  (list) => list,
);
