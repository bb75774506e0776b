import type { Cart, CartItem } from "@/api/contract/cart";
import { toAmount } from "@/i18n/format";
import type { CartLineOption, ServerLine } from "./cart-reducer";

function stockOf(item: CartItem): number {
  const p = item.product;
  if (!p) return item.quantity;
  if (item.color && item.size) {
    const s = p.variation.find((v) => v.color === item.color)?.size.find((x) => x.name === item.size);
    if (s) return s.stock;
  }
  return p.stock;
}

/** The server cart's lines in the shape the local cart reconciles with. */
export function toServerLines(cart: Cart | null): ServerLine[] {
  if (!cart) return [];
  return cart.items.map((item) => {
    const productId = Number(item.product_id ?? item.additional?.product_id ?? item.product?.id ?? 0);
    const selected = item.additional?.selected_configurable_option;
    const options: CartLineOption[] = Object.entries(item.additional?.super_attribute ?? {}).map(
      ([k, v]) => ({
        optionId: Number(k),
        valueId: Number(v),
      }),
    );
    const price = toAmount(item.price);
    const variationImage = item.product?.variation.find((v) => v.color === item.color)?.image;
    return {
      cartItemId: item.id,
      productId,
      variantId: selected == null ? null : Number(selected),
      quantity: item.quantity,
      price,
      color: item.color ?? null,
      size: item.size ?? null,
      options,
      product: {
        id: productId,
        name: item.product?.name ?? item.name,
        urlKey: item.product?.url_key ?? "",
        sku: item.sku,
        image: variationImage ?? item.product?.images[0]?.medium_image_url ?? null,
        price,
        stock: stockOf(item),
      },
    };
  });
}
