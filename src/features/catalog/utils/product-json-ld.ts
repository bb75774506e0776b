import type { Product } from "@/api/product";
import { BASE_CURRENCY, decimal } from "@/api/contract/money";

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/* eslint-disable lingui/no-unlocalized-strings -- schema.org vocabulary, not text a shopper reads */

/** schema.org Product with its offer (price in the base currency), as the text of a JSON-LD script. */
export function productJsonLd(product: Product, pageUrl: string, origin: string): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: plainText(product.shortDescription || product.description),
    image: product.images.map((i) => new URL(i.large, origin).href),
    category: product.categories[0]?.name,
    ...(product.rating > 0 && product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      priceCurrency: BASE_CURRENCY,
      price: decimal(product.finalPrice, 2),
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  // "<" escaped so that no text inside the data can close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/* eslint-enable lingui/no-unlocalized-strings */

/** The meta description: the short description as plain text, at most 160 characters. */
export function metaDescription(product: Product): string {
  const text = plainText(product.shortDescription || product.description);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
