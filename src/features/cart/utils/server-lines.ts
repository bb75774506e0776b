import type { Cart, CartItem } from "@/api/cart";
import type { CartLineOption, ServerLine } from "./cart-reducer";

/** The line's stock as the server's product tells it; null when not told (or no product came with the line). */
function stockOf(item: CartItem): number | null {
  const p = item.product;
  if (!p) return null;
  if (item.color && item.size) {
    const s = p.colours.find((v) => v.color === item.color)?.sizes.find((x) => x.name === item.size);
    if (s) return s.stock;
  }
  return p.stock;
}

/** The server cart's lines in the shape the local cart reconciles with. */
export function toServerLines(cart: Cart | null): ServerLine[] {
  if (!cart) return [];
  return cart.items.map((item) => {
    const productId = item.productId;
    const options: CartLineOption[] = item.options;
    const price = item.unitPrice;
    const variationImage = item.product?.colours.find((v) => v.color === item.color)?.image;
    return {
      cartItemId: item.id,
      productId,
      variantId: item.variantId,
      quantity: item.quantity,
      price,
      color: item.color,
      size: item.size,
      options,
      product: {
        id: productId,
        name: item.product?.name ?? item.name,
        urlKey: item.product?.urlKey ?? "",
        sku: item.sku,
        image: variationImage ?? item.product?.images[0]?.medium ?? null,
        price,
        stock: stockOf(item),
      },
    };
  });
}
