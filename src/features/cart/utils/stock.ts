import { isAvailable, totalStock, type Product } from "@/api/product";
import { MAX_LINE_QUANTITY } from "@/api/contract/cart";
import { COLOR_ATTRIBUTE_ID, SIZE_ATTRIBUTE_ID } from "@/api/contract/product";
import type { CartLineOption, CartProduct } from "./cart-reducer";

function findSize(product: Product, color?: string | null, size?: string | null) {
  if (!color || !size) return undefined;
  return product.colours.find((v) => v.color === color)?.sizes.find((s) => s.name === size);
}

/** The stock the shopper can buy: the chosen colour and size's, else the product's; null when not told. */
export function availableStock(product: Product, color?: string | null, size?: string | null): number | null {
  const variant = findSize(product, color, size);
  if (variant) return variant.stock;
  if (color) {
    const v = product.colours.find((x) => x.color === color);
    if (v) return totalStock(v.sizes.map((s) => s.stock));
  }
  return product.stock;
}

/** 'Out of Stock' (SPEC §4): the product not for sale, or nothing left of the chosen variant. */
export function isOutOfStock(
  product: Pick<Product, "inStock" | "stock"> & Partial<Product>,
  color?: string | null,
  size?: string | null,
): boolean {
  if (!product.inStock) return true;
  const stock = product.colours ? availableStock(product as Product, color, size) : product.stock;
  return !isAvailable(stock);
}

/**
 * The most one line may hold: the stock when told, else MAX_LINE_QUANTITY (what a cart request accepts; the
 * server refuses what it cannot sell, and its message is shown).
 */
export function lineLimit(stock: number | null): number {
  return stock === null ? MAX_LINE_QUANTITY : Math.min(stock, MAX_LINE_QUANTITY);
}

/** Add To Cart is disabled when the cart already holds the available stock (SPEC §5). */
export function canAddMore(inCart: number, stock: number | null): boolean {
  return inCart < lineLimit(stock);
}

/** The quantity the shopper may still add, at least 0. */
export function remainingStock(inCart: number, stock: number | null): number {
  return Math.max(0, lineLimit(stock) - inCart);
}

/** The variant id and super attributes of a colour and size (configurable bicycles). */
export function variantOf(
  product: Product,
  color?: string | null,
  size?: string | null,
): { variantId: number; options: CartLineOption[] } | null {
  const v = product.colours.find((x) => x.color === color);
  const s = v?.sizes.find((x) => x.name === size);
  if (!v || !s || s.variantId === undefined) return null;
  const options: CartLineOption[] = [];
  if (v.optionId !== undefined) options.push({ optionId: COLOR_ATTRIBUTE_ID, valueId: v.optionId });
  if (s.optionId !== undefined) options.push({ optionId: SIZE_ATTRIBUTE_ID, valueId: s.optionId });
  return { variantId: s.variantId, options };
}

/** The unit price after the product discount, in the base currency. */
export function unitPrice(product: Pick<Product, "finalPrice">): number {
  return product.finalPrice;
}

/** What the local cart keeps of a product. */
export function toCartProduct(product: Product, color?: string | null, size?: string | null): CartProduct {
  const variationImage = product.colours.find((v) => v.color === color)?.image;
  return {
    id: product.id,
    name: product.name,
    urlKey: product.urlKey,
    sku: product.sku,
    image: variationImage ?? product.images[0]?.medium ?? product.baseImage.medium,
    price: unitPrice(product),
    stock: availableStock(product, color, size),
  };
}
