import { dispatchCart } from "@/features/cart/store";
import { cartChangeDescriber } from "@/features/cart/outbox/cart-changes";
import { contactChanges } from "@/features/content/outbox/contact-changes";
import { newsletterChanges } from "@/features/shell/outbox/newsletter-changes";
import { stockAlertChanges, testRideChanges } from "@/features/showroom/outbox/showroom-changes";
import { addToWishlist, removeFromWishlist } from "@/features/wishlist/store";
import { wishlistChangeDescriber } from "@/features/wishlist/outbox/wishlist-changes";

/**
 * Each feature words its own waiting changes (the header's change queue, the offline banner's count); undo
 * puts the device cart or wishlist back. Loaded by the root layout once a change waits.
 */
export const CHANGE_DESCRIBERS = [
  cartChangeDescriber(dispatchCart),
  wishlistChangeDescriber({ put: addToWishlist, drop: removeFromWishlist }),
  contactChanges,
  newsletterChanges,
  testRideChanges,
  stockAlertChanges,
];
