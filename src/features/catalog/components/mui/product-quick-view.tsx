import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Product } from "@/api/product";
import { useVariantSelection } from "../../hooks/use-variant-selection";
import type { VariantSelection } from "../../utils/variation";
import { imageForSelection } from "../../utils/variation";
import { ProductGallery } from "../product-gallery";
import { ProductPrice } from "../product-price";
import { ProductRating } from "../product-rating";
import { HtmlContent } from "@/components/content/html-content";
import { VariationPickers } from "../variation-pickers";
import { CloseIcon } from "@/components/ui/icons";

export interface ProductQuickViewProps {
  product: Product;
  open: boolean;
  onClose: () => void;
  /** Quantity, Add To Cart / Buy Now, wishlist and compare for the chosen colour and size (composed by the route). */
  renderPurchase: (selection: VariantSelection) => ReactNode;
}

/** The essentials of a product in a dialog, without leaving the list. */
export function ProductQuickView({ product, open, onClose, renderPurchase }: ProductQuickViewProps) {
  const { t } = useLingui();
  const variant = useVariantSelection(product);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={`quick-view-${product.id}`}
    >
      <DialogTitle id={`quick-view-${product.id}`} sx={{ pr: 6 }}>
        {product.name}
      </DialogTitle>
      <IconButton aria-label={t`Close`} onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <ProductGallery
              images={product.images}
              name={product.name}
              colorImage={imageForSelection(product, variant.selection.color)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <ProductPrice product={product} variant="h6" />
              <ProductRating value={product.rating} />
              <HtmlContent flush html={product.shortDescription || product.description} />
              <VariationPickers selection={variant} />
              {renderPurchase(variant.selection)}
            </Stack>
          </Grid>
        </Grid>
      </DialogContent>
    </Dialog>
  );
}
