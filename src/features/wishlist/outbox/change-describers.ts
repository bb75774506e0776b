import type { ChangeDescriber } from "@/offline/outbox/change-queue";
import { addToWishlist, removeFromWishlist } from "../store";
import { wishlistChangeDescriber } from "./wishlist-changes";

/** What routes/-components/change-describers.ts collects from every feature's outbox/ folder. */
export const changeDescribers: readonly ChangeDescriber[] = [
  wishlistChangeDescriber({ put: addToWishlist, drop: removeFromWishlist }),
];
