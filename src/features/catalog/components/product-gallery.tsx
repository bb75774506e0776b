import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Stack from "@mui/material/Stack";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Image } from "@/api/contract/common";

export const GALLERY_IMAGE_SIZE = 960;

export interface ProductGalleryProps {
  images: Image[];
  name: string;
  /** Image of the chosen colour, shown first when set. */
  colorImage?: string | null;
  /** The gallery is the largest element of the first screen: load it eagerly and first. */
  priority?: boolean;
  /** Where the thumbnails sit. */
  thumbnails?: "below" | "left" | "right";
}

/** The main image with thumbnails to switch it. */
export function ProductGallery({
  images,
  name,
  colorImage,
  priority = false,
  thumbnails = "below",
}: ProductGalleryProps) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const [lastColorImage, setLastColorImage] = useState(colorImage);
  if (colorImage !== lastColorImage) {
    setLastColorImage(colorImage);
    setIndex(-1);
  }
  const current =
    index < 0 && colorImage ? colorImage : (images[Math.max(index, 0)]?.large_image_url ?? colorImage ?? "");
  return (
    <Stack
      direction={
        thumbnails === "below"
          ? "column"
          : { xs: "column", sm: thumbnails === "left" ? "row-reverse" : "row" }
      }
      spacing={1}
    >
      <Box sx={{ flexGrow: 1, bgcolor: "grey.50", borderRadius: 1, overflow: "hidden" }}>
        <img
          src={current}
          alt={name}
          width={GALLERY_IMAGE_SIZE}
          height={GALLERY_IMAGE_SIZE}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
        />
      </Box>
      {images.length > 1 && (
        <Stack
          direction={thumbnails === "below" ? "row" : { xs: "row", sm: "column" }}
          spacing={1}
          role="group"
          aria-label={t`Product images`}
        >
          {images.map((img, i) => {
            const position = i + 1;
            return (
              <ButtonBase
                key={img.small_image_url + String(i)}
                onClick={() => setIndex(i)}
                aria-label={t`Show image ${position} of ${count}`}
                aria-pressed={i === index}
                sx={{ border: 2, borderColor: i === index ? "primary.main" : "transparent", borderRadius: 1 }}
              >
                <img
                  src={img.small_image_url}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  style={{ display: "block" }}
                />
              </ButtonBase>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
