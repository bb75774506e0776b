import Box from "@mui/material/Box";
import { useLingui } from "@lingui/react/macro";
import type { Image } from "@/api/contract/common";
import { Slider } from "@/components/slider/slider";
import { GALLERY_IMAGE_SIZE } from "./product-gallery";

/** Every image side by side in a horizontal slider (the product-slider layout). */
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
  const total = sources.length;
  return (
    <Slider
      label={t`Product images`}
      items={sources}
      getKey={(src) => src}
      perView={[
        [0, 1.15],
        [900, 2.5],
      ]}
      renderItem={(src, i) => {
        const position = i + 1;
        return (
          <Box sx={{ bgcolor: "grey.50", borderRadius: 1, overflow: "hidden" }}>
            <img
              src={src}
              alt={i === 0 ? name : t`${name}, image ${position} of ${total}`}
              width={GALLERY_IMAGE_SIZE}
              height={GALLERY_IMAGE_SIZE}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              draggable={false}
              style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
            />
          </Box>
        );
      }}
    />
  );
}
