import type { Product } from "@/api/contract/product";
import { COLOR_ATTRIBUTE_ID, SIZE_ATTRIBUTE_ID } from "@/api/contract/product";
import { discountedPrice } from "@/api/contract/money";
import { toAmount } from "@/i18n/format";
import type { CartLineOption, CartProduct } from "./cart-reducer";

function findSize(product: Product, color?: string | null, size?: string | null) {
  if (!color || !size) return undefined;
  return product.variation.find((v) => v.color === color)?.size.find((s) => s.name === size);
}

/** The stock the shopper can buy: the chosen colour and size's, else the product's. */
export function availableStock(product: Product, color?: string | null, size?: string | null): number {
  const variant = findSize(product, color, size);
  if (variant) return variant.stock;
  if (color) {
    const v = product.variation.find((x) => x.color === color);
    if (v) return v.size.reduce((n, s) => n + s.stock, 0);
  }
  return product.stock;
}

/** 'Out of Stock' (SPEC §4): in_stock absent or not above 0, or nothing left of the chosen variant. */
export function isOutOfStock(
  product: Pick<Product, "in_stock" | "stock"> & Partial<Product>,
  color?: string | null,
  size?: string | null,
): boolean {
  if (!product.in_stock) return true;
  const stock = product.variation ? availableStock(product as Product, color, size) : product.stock;
  return !(stock > 0);
}

/** Add To Cart is disabled when the cart already holds the available stock (SPEC §5). */
export function canAddMore(inCart: number, stock: number): boolean {
  return inCart < stock;
}

/** The quantity the shopper may still add, at least 0. */
export function remainingStock(inCart: number, stock: number): number {
  return Math.max(0, stock - inCart);
}

/** The variant id and super attributes of a colour and size (configurable bicycles). */
export function variantOf(
  product: Product,
  color?: string | null,
  size?: string | null,
): { variantId: number; options: CartLineOption[] } | null {
  const v = product.variation.find((x) => x.color === color);
  const s = v?.size.find((x) => x.name === size);
  if (!v || !s || s.variant_id === undefined) return null;
  const options: CartLineOption[] = [];
  if (v.option_id !== undefined) options.push({ optionId: COLOR_ATTRIBUTE_ID, valueId: v.option_id });
  if (s.option_id !== undefined) options.push({ optionId: SIZE_ATTRIBUTE_ID, valueId: s.option_id });
  return { variantId: s.variant_id, options };
}

/** The unit price after the product discount, in the base currency. */
export function unitPrice(product: Pick<Product, "price" | "discount">): number {
  const price = toAmount(product.price);
  return discountedPrice(price, product.discount) ?? price;
}

/** What the local cart keeps of a product. */
export function toCartProduct(product: Product, color?: string | null, size?: string | null): CartProduct {
  const variationImage = product.variation.find((v) => v.color === color)?.image;
  return {
    id: product.id,
    name: product.name,
    urlKey: product.url_key,
    sku: product.sku,
    image:
      variationImage ?? product.images[0]?.medium_image_url ?? product.base_image.medium_image_url ?? null,
    price: unitPrice(product),
    stock: availableStock(product, color, size),
  };
}
