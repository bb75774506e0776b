import type { ReactNode } from "react";
import type { SxProps, Theme } from "@mui/material/styles";
import { RouterLink } from "@/components/mui/router-links";

/** A link to a product's page (its name in a cart, wishlist or compare row). */
export function ProductLink({
  urlKey,
  children,
  sx,
}: {
  urlKey: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <RouterLink to="/product/$urlKey" params={{ urlKey }} sx={sx}>
      {children}
    </RouterLink>
  );
}
