import Box from "@mui/material/Box";
import { useLingui } from "@lingui/react/macro";
import type { Image } from "@/api/contract/common";
import { GALLERY_IMAGE_SIZE } from "./product-gallery";

/** Every image side by side in a horizontally scrolling strip (the product-slider layout). */
export function ProductSlider({
  images,
  name,
  colorImage,
}: {
  images: Image[];
  name: string;
  colorImage?: string | null;
}) {
  const { t } = useLingui();
  const sources = [
    ...new Set([colorImage, ...images.map((i) => i.large_image_url)].filter((s): s is string => Boolean(s))),
  ];
  return (
    <Box
      role="region"
      aria-label={t`Product images`}
      tabIndex={0}
      sx={{
        display: "grid",
        gridAutoFlow: "column",
        gridAutoColumns: { xs: "85%", md: "40%" },
        gap: 2,
        overflowX: "auto",
        scrollSnapType: "x mandatory",
        pb: 1,
      }}
    >
      {sources.map((src, i) => (
        <Box
          key={src}
          sx={{ scrollSnapAlign: "start", bgcolor: "grey.50", borderRadius: 1, overflow: "hidden" }}
        >
          <img
            src={src}
            alt={i === 0 ? name : ""}
            width={GALLERY_IMAGE_SIZE}
            height={GALLERY_IMAGE_SIZE}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : "auto"}
            style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
          />
        </Box>
      ))}
    </Box>
  );
}
