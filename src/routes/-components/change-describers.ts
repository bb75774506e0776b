import { cartChanges } from "@/features/cart/store";
import { contactChanges } from "@/features/content/utils/contact-changes";
import { newsletterChanges } from "@/features/shell/utils/newsletter-changes";
import { wishlistChanges } from "@/features/wishlist/store";

/** Each feature words its own waiting changes (the header's change queue, the offline banner's count). */
export const CHANGE_DESCRIBERS = [cartChanges, wishlistChanges, contactChanges, newsletterChanges];
