import type { Product } from "@/api/product";
import { BASE_CURRENCY, decimal } from "@/api/contract/money";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The text a shopper would read of server HTML, for search engines (meta description, JSON-LD): the contents
 * of elements that show nothing (script, style, template, noscript) go with their tags, and the common
 * character references are decoded (React and JSON escape the result again where it is written).
 */
function plainText(html: string): string {
  return html
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(
      /&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi,
      (ref: string, dec?: string, hex?: string, name?: string) => {
        const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : null;
        if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
        return ENTITIES[name!.toLowerCase()] ?? ref;
      },
    )
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
