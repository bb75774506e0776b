import { useLingui } from "@lingui/react/macro";
import type { ProductImage as Image } from "@/api/product";
import { Slider } from "@/components/slider/slider";
import "./product-gallery.css";

export const GALLERY_IMAGE_SIZE = 960;

/**
 * One product image in a slider: square, the first named after the product and the others "image n of m"
 * (the gallery and the product-slider layout alike).
 */
export function GallerySlide({
  src,
  index,
  total,
  name,
  eager,
}: {
  src: string;
  index: number;
  total: number;
  name: string;
  /** the largest element of the first screen: loaded at once and first */
  eager: boolean;
}) {
  const { t } = useLingui();
  const position = index + 1;
  return (
    <div className="gallery-slide">
      <img
        src={src}
        alt={index === 0 ? name : t`${name}, image ${position} of ${total}`}
        width={GALLERY_IMAGE_SIZE}
        height={GALLERY_IMAGE_SIZE}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        draggable={false}
        className="gallery-slide__img"
      />
    </div>
  );
}

export interface ProductGalleryProps {
  images: Image[];
  name: string;
  /** Image of the chosen colour, shown when it changes. */
  colorImage?: string | null;
  /** The gallery is the largest element of the first screen: load it eagerly and first. */
  priority?: boolean;
  /** Where the thumbnails sit. */
  thumbnails?: "below" | "left" | "right";
}

/** The product's images, one at a time (swipe, arrow keys or thumbnails); the first is server-rendered. */
export function ProductGallery({
  images,
  name,
  colorImage,
  priority = false,
  thumbnails = "below",
}: ProductGalleryProps) {
  const { t } = useLingui();
  const sources = [
    ...new Set([...images.map((i) => i.large), colorImage].filter((s): s is string => Boolean(s))),
  ];
  const total = sources.length;
  const count = images.length;
  return (
    <Slider
      label={t`Product images`}
      items={sources}
      getKey={(src) => src}
      gap={0}
      showIndex={colorImage ? sources.indexOf(colorImage) : undefined}
      className={`product-gallery product-gallery--${thumbnails}`}
      renderItem={(src, i) => (
        <GallerySlide src={src} index={i} total={total} name={name} eager={priority && i === 0} />
      )}
      renderControls={(slider) =>
        count > 1 && (
          <div className="product-gallery__thumbs">
            {images.map((img, i) => {
              const position = i + 1;
              const isShown = sources[slider.index] === img.large;
              return (
                <button
                  key={img.small + String(i)}
                  type="button"
                  className="product-gallery__thumb"
                  onClick={() => slider.goTo(sources.indexOf(img.large))}
                  aria-label={t`Show image ${position} of ${count}`}
                  aria-pressed={isShown}
                >
                  <img src={img.small} alt="" width={64} height={64} loading="lazy" decoding="async" />
                </button>
              );
            })}
          </div>
        )
      }
    />
  );
}
