import Box from "@mui/material/Box";

/**
 * A product's picture in a table row (cart, wishlist, compare): decorative, since the product's name stands
 * beside it; nothing when the product has no picture.
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
  return <Box component="img" src={src} alt="" width={width} height={height} sx={{ objectFit: "contain" }} />;
}
