/**
 * A product's picture in a table row or list (cart, mini cart, wishlist, compare, order receipt): decorative,
 * since the product's name stands beside it; nothing when the product has no picture. Plain markup, so it
 * needs no MUI.
 */
export function ProductThumbnail({
  src,
  width,
  height,
}: {
  src: string | null | undefined;
  width: number;
  height: number;
}) {
  if (!src) return null;
  return <img src={src} alt="" width={width} height={height} style={{ objectFit: "contain" }} />;
}
