import type { Product } from "@/api/contract/product";
import { BASE_CURRENCY, decimal, discountedPrice } from "@/api/contract/money";
import { toAmount } from "@/i18n/format";

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/* eslint-disable lingui/no-unlocalized-strings -- schema.org vocabulary, not text a shopper reads */

/** schema.org Product with its offer (price in the base currency), as the text of a JSON-LD script. */
export function productJsonLd(product: Product, pageUrl: string, origin: string): string {
  const price = toAmount(product.price);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: plainText(product.short_description || product.description),
    image: product.images.map((i) => new URL(i.large_image_url, origin).href),
    category: product.categories[0]?.name,
    ...(product.rating > 0 && (product.reviews?.total ?? 0) > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviews?.total,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      priceCurrency: BASE_CURRENCY,
      price: decimal(discountedPrice(price, product.discount) ?? price, 2),
      availability:
        product.in_stock && product.stock > 0
          ? "https://schema.org/InStock"
          : "https://schema.org/OutOfStock",
    },
  };
  // "<" escaped so that no text inside the data can close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/* eslint-enable lingui/no-unlocalized-strings */

/** The meta description: the short description as plain text, at most 160 characters. */
export function metaDescription(product: Product): string {
  const text = plainText(product.short_description || product.description);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
