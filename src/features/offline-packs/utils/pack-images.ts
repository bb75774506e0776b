import type { Product } from "@/api/product";

export type ImageKind = "large" | "medium" | "small";

export interface PackImage {
  url: string;
  kind: ImageKind;
}

/**
 * The image addresses a saved product's pages show, exactly as they ask for them (no srcset anywhere: each
 * <img> has one src), each once: every slide of the product page's gallery (each large image, and the image of
 * each colour, shown when the shopper picks it), the list card's medium image, and the small images (the
 * gallery's thumbnails, the recently viewed row).
 */
export function packImages(p: Product): PackImage[] {
  const out: PackImage[] = [
    ...p.images.map((img) => ({ url: img.large, kind: "large" as const })),
    ...p.colours.map((c) => ({ url: c.image, kind: "medium" as const })),
    cardImage(p),
    ...p.images.map((img) => ({ url: img.small, kind: "small" as const })),
  ];
  const seen = new Set<string>();
  return out.filter((img) => img.url && !seen.has(img.url) && seen.add(img.url));
}

/** The image of a product's card (category lists, the product page's related products). */
export function cardImage(p: Product): PackImage {
  return { url: (p.images[0] ?? p.baseImage).medium, kind: "medium" };
}
