import { z } from "zod/mini";
import { paginatedSchema, timestampSchema } from "./common";
import { productSchema } from "./product";

export const wishlistItemSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    product: productSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  }),
);
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** GET /api/wishlist (token; paginated, `?pagination=0` for all) */
export const wishlistReplySchema = /* @__PURE__ */ z.lazy(() => paginatedSchema(wishlistItemSchema));
export type WishlistReply = z.infer<typeof wishlistReplySchema>;

/** GET /api/wishlist/add/{productId} toggles: added → `{data: item, message}`, removed → `{data: null, message}` */
export const wishlistToggleReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    data: z.nullable(wishlistItemSchema),
    message: z.string(),
  }),
);
export type WishlistToggleReply = z.infer<typeof wishlistToggleReplySchema>;

export const WISHLIST_ADDED_MESSAGE = "Item Successfully Added To Wishlist";
export const WISHLIST_REMOVED_MESSAGE = "Item removed from wishlist successfully.";
