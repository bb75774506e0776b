/*
 * The features' writes that may wait offline, with their mutation functions (offline/outbox/mutation-defaults.ts
 * registers them before anything replays), collected from each feature's outbox/ folder (the convention is in
 * offline/outbox/by-feature.ts).
 */
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

export const mutationDefaultModules = import.meta.glob<() => OfflineMutationDefaults[]>(
  "../features/*/outbox/mutation-defaults.ts",
  {
    eager: true,
    import: "mutationDefaults",
  },
);

// Their order does not matter: each feature's writes have keys of their own.
export const offlineMutationDefaults = (): OfflineMutationDefaults[] =>
  Object.values(mutationDefaultModules).flatMap((defaults) => defaults());
