import { useLingui } from "@lingui/react/macro";
import type { ProductImage as Image } from "@/api/product";
import { Slider } from "@/components/slider/slider";
import { GallerySlide } from "./product-gallery";

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
    ...new Set([colorImage, ...images.map((i) => i.large)].filter((s): s is string => Boolean(s))),
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
      renderItem={(src, i) => <GallerySlide src={src} index={i} total={total} name={name} eager={i === 0} />}
    />
  );
}
