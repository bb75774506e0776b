import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import { Suspense, type ReactNode } from "react";
import type { Product } from "@/api/product";
import { usePageOrigin } from "@/render/server-render";
import { NotFound } from "@/components/feedback/not-found";
import { Preloader } from "@/components/feedback/preloader";
import { PageHeader } from "@/components/layout/page-header";
import { useProductDetail } from "../hooks/use-product-detail";
import { useVariantSelection } from "../hooks/use-variant-selection";
import { metaDescription, productJsonLd } from "../utils/product-json-ld";
import { productLayoutOf } from "../utils/product-layouts";
import { imageForSelection, type VariantSelection } from "../utils/variation";
import { ProductGallery } from "./product-gallery";
import { ProductInfoTabs } from "./product-info-tabs";
import { ProductPrice } from "./product-price";
import { AsOfNotice } from "@/components/feedback/as-of-notice";
import { ProductRating } from "./product-rating";
import { ProductReviews } from "./product-reviews";
import { ProductSpecs } from "./product-specs";
import { ProductSlider } from "./product-slider";
import { HtmlContent } from "@/components/content/html-content";
import { Slider } from "@/components/slider/slider";
import { VariationPickers } from "./variation-pickers";
import { SizeFinder } from "./size-finder";
import { useRiderFit } from "../utils/fit-store";
import { recommendSize } from "../utils/size-rule";
import "./product-detail.css";

export interface ProductDetailProps {
  urlKey?: string;
  id?: number;
  /** the product variant path (SPEC §2), which picks the layout */
  variant?: string;
  /** quantity, Add To Cart / Buy Now, wishlist and compare for the chosen colour and size */
  renderPurchase: (product: Product, selection: VariantSelection) => ReactNode;
  /** a related product's card */
  renderProduct: (product: Product) => ReactNode;
  /** what the page shows after the related products (e.g. the recently viewed row) */
  renderAfter?: (product: Product) => ReactNode;
}

/** The product detail page, laid out per variant. */
export function ProductDetail({
  urlKey,
  id,
  variant,
  renderPurchase,
  renderProduct,
  renderAfter,
}: ProductDetailProps) {
  const detail = useProductDetail({ urlKey, id });
  if (detail.isPending) return <Preloader />;
  if (!detail.product) return detail.isNotFound ? <NotFound /> : <Preloader />;
  return (
    <ProductDetailContent
      {...detail}
      product={detail.product}
      variant={variant}
      renderPurchase={renderPurchase}
      renderProduct={renderProduct}
      renderAfter={renderAfter}
    />
  );
}

function ProductDetailContent({
  product,
  specs,
  geometry,
  reviews,
  reviewCount,
  related,
  updatedAt,
  variant,
  renderPurchase,
  renderProduct,
  renderAfter,
}: Omit<ReturnType<typeof useProductDetail>, "product"> & { product: Product } & Pick<
    ProductDetailProps,
    "variant" | "renderPurchase" | "renderProduct" | "renderAfter"
  >) {
  const { t } = useLingui();
  const layout = productLayoutOf(variant);
  const fit = useRiderFit();
  const advice = recommendSize(geometry, fit);
  // The recommended size is the default choice where the product has a size option with that size.
  const hasSize = (size: string) => product.colours.some((c) => c.sizes.some((s) => s.name === size));
  const selection = useVariantSelection(
    product,
    advice.kind === "fit" && hasSize(advice.size) ? advice.size : null,
  );
  const category = product.categories.find((c) => c.slug !== "homepage") ?? product.categories[0];
  const href = useRouterState({ select: (s) => s.location.href });
  const origin = usePageOrigin();
  const pageUrl = new URL(href, origin).href;
  const categoryNames = product.categories.map((c) => c.name).join(", ");
  const tagNames = product.tags.join(", ");
  const colorImage = imageForSelection(product, selection.selection.color);
  const columnClass = (isSticky: boolean) =>
    [
      "product-detail__column",
      layout.gallery === "slider" && "product-detail__column--full",
      isSticky && "product-detail__column--sticky",
    ]
      .filter(Boolean)
      .join(" ");

  return (
    <>
      <PageHeader
        title={product.name}
        description={metaDescription(product)}
        crumbs={category ? [{ label: category.name, to: `/catalog/${category.slug}` }] : []}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, pageUrl, origin) }}
      />
      <div className="ui-container product-detail">
        <div className="product-detail__grid">
          <div className={columnClass(layout.fixedImage)}>
            {layout.gallery === "slider" ? (
              <ProductSlider images={product.images} name={product.name} colorImage={colorImage} />
            ) : (
              <ProductGallery
                images={product.images}
                name={product.name}
                colorImage={colorImage}
                priority
                thumbnails={layout.gallery}
              />
            )}
          </div>
          <div className={columnClass(layout.stickyInfo)}>
            <section aria-label={t`Product options`} className="product-detail__options">
              <ProductPrice product={product} variant="h5" />
              <AsOfNotice updatedAt={updatedAt} />
              <ProductRating value={product.rating} size="medium" />
              {product.shortDescription && <HtmlContent flush html={product.shortDescription} />}
              <VariationPickers selection={selection} />
              {geometry && <SizeFinder geometry={geometry} fit={fit} advice={advice} />}
              {renderPurchase(product, selection.selection)}
              <div>
                {product.categories.length > 0 && (
                  <p className="ui-body2">{t`Categories: ${categoryNames}`}</p>
                )}
                {product.tags.length > 0 && <p className="ui-body2">{t`Tags: ${tagNames}`}</p>}
              </div>
            </section>
          </div>
        </div>
        <section className="product-detail__section">
          {/* Below the first screen: its own boundary, hydrated after the product's own part. */}
          <Suspense fallback={null}>
            <ProductInfoTabs
              placement={layout.tabs}
              tabs={[
                { label: t`Description`, content: <HtmlContent flush html={product.description} /> },
                { label: t`Additional information`, content: <ProductSpecs specs={specs} /> },
                { label: t`Reviews (${reviewCount})`, content: <ProductReviews reviews={reviews} /> },
              ]}
            />
          </Suspense>
        </section>
        {related.length > 0 && (
          <section aria-labelledby="related-products" className="product-detail__section">
            <h2 id="related-products" className="ui-h2 product-detail__heading">
              {t`Related products`}
            </h2>
            <Slider
              label={t`Related products`}
              items={related}
              getKey={(p) => p.id}
              renderItem={(p) => renderProduct(p)}
              perView={[
                [0, 1],
                [600, 2],
                [900, 3],
                [1200, 4],
              ]}
            />
          </section>
        )}
        {renderAfter?.(product)}
      </div>
    </>
  );
}
