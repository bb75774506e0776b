/*
 * The features' writes that may wait offline, with their mutation functions (offline/outbox/mutation-defaults.ts
 * registers them before anything replays). Their policies are in app/outbox-policies.ts, their words in
 * routes/-components/change-describers.ts: each feature keeps all three in its own outbox/ folder.
 */
import { cartMutationDefaults } from "@/features/cart/outbox/mutation-defaults";
import { contactMutationDefaults } from "@/features/content/outbox/mutation-defaults";
import { newsletterMutationDefaults } from "@/features/shell/outbox/mutation-defaults";
import { showroomMutationDefaults } from "@/features/showroom/outbox/mutation-defaults";
import { wishlistMutationDefaults } from "@/features/wishlist/outbox/mutation-defaults";
import type { OfflineMutationDefaults } from "@/offline/outbox/mutation-defaults";

export const offlineMutationDefaults = (): OfflineMutationDefaults[] => [
  ...cartMutationDefaults(),
  ...wishlistMutationDefaults(),
  ...contactMutationDefaults(),
  ...newsletterMutationDefaults(),
  ...showroomMutationDefaults(),
];
