/*
 * The features' writes that may wait offline, with their mutation functions (offline/outbox/mutation-defaults.ts
 * registers them before anything replays), collected from each feature's outbox/ folder (the convention is in
 * offline/outbox/by-feature.ts).
 */
import type { ApiState } from "@/api/api-state";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

export const mutationDefaultModules = import.meta.glob<(api: ApiState) => OfflineMutationDefaults[]>(
  "../features/*/outbox/mutation-defaults.ts",
  {
    eager: true,
    import: "mutationDefaults",
  },
);

// Their order does not matter: each feature's writes have keys of their own. Made for one app instance: the
// cart's writes read its `ApiState`.
export const offlineMutationDefaults = (api: ApiState): OfflineMutationDefaults[] =>
  Object.values(mutationDefaultModules).flatMap((defaults) => defaults(api));
