import type { Product } from "@/api/product";

export type ImageKind = "large" | "medium" | "small";

/**
 * The image addresses a saved product needs, exactly as the pages ask for them (no srcset anywhere: each
 * <img> has one src): the product page's main image (the gallery's first large image, or the first colour's
 * image when the product has none), the list card's medium image, and the gallery's small thumbnails when
 * there is more than one image.
 */
export function packImages(p: Product): { url: string; kind: ImageKind }[] {
  const out: { url: string; kind: ImageKind }[] = [];
  const main = p.images[0]?.large ?? p.colours[0]?.image;
  if (main) out.push({ url: main, kind: p.images[0] ? "large" : "medium" });
  out.push({ url: (p.images[0] ?? p.baseImage).medium, kind: "medium" });
  if (p.images.length > 1) for (const img of p.images) out.push({ url: img.small, kind: "small" });
  return out;
}
