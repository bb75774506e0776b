import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Product } from "@/api/product";
import { ProductPrice } from "./product-price";
import { ProductRating } from "./product-rating";
import { htmlToText } from "../utils/html-text";

export const CARD_IMAGE_SIZE = 480;

export interface ProductCardProps {
  product: Product;
  /** Buttons of other features (add to cart, wishlist, compare) composed by the route. */
  actions?: ReactNode;
  onQuickView?: () => void;
  /** The card is in the first screen: load its image eagerly and first. */
  priority?: boolean;
  /** list: image beside the text, with the short description */
  layout?: "grid" | "list";
}

/** A product in a list: image, badges, name, rating and price, linking to the detail. */
export function ProductCard({
  product,
  actions,
  onQuickView,
  priority = false,
  layout = "grid",
}: ProductCardProps) {
  const { t } = useLingui();
  const image = product.images[0] ?? product.baseImage;
  const discount = Math.round(product.discount);
  const name = product.name;
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: layout === "list" ? { xs: "column", sm: "row" } : "column",
      }}
    >
      <Box sx={{ position: "relative", flexShrink: 0, width: layout === "list" ? { sm: "40%" } : undefined }}>
        <Link
          to="/product/$urlKey"
          params={{ urlKey: product.urlKey }}
          tabIndex={-1}
          aria-hidden="true"
          style={{ display: "block" }}
        >
          <img
            src={image.medium}
            alt=""
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            fetchPriority={priority ? "high" : "auto"}
            style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
          />
        </Link>
        <Stack spacing={0.5} sx={{ position: "absolute", top: 8, left: 8, alignItems: "flex-start" }}>
          {discount > 0 && <Chip size="small" color="primary" label={t`-${discount}%`} />}
          {product.isNew && (
            <Chip
              size="small"
              color="secondary"
              label={t({ message: "New", comment: "badge on a newly arrived product" })}
            />
          )}
        </Stack>
        {onQuickView && (
          // The browser's own tooltip (title): an MUI Tooltip per card cost each card a popper's set-up at hydration.
          <IconButton
            onClick={onQuickView}
            aria-label={t`Quick view of ${name}`}
            title={t`Quick view`}
            sx={{
              position: "absolute",
              top: 8,
              right: 8,
              bgcolor: "background.paper",
              "&:hover": { bgcolor: "grey.100" },
            }}
          >
            <VisibilityOutlinedIcon />
          </IconButton>
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1, display: "flex", flexDirection: "column", gap: 0.5 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: "1rem" }}>
          <Link
            to="/product/$urlKey"
            params={{ urlKey: product.urlKey }}
            style={{ color: "inherit", textDecoration: "none" }}
          >
            {product.name}
          </Link>
        </Typography>
        <ProductRating value={product.rating} />
        <ProductPrice product={product} />
        {layout === "list" && product.shortDescription && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {htmlToText(product.shortDescription)}
          </Typography>
        )}
        {actions && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: "center", mt: "auto", pt: 1, flexWrap: "wrap" }}
          >
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
