import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import type { WishlistActionsContext } from "../wishlist-actions";
import { ListFooter } from "@/components/mui/list-footer";
import { ProductLink } from "@/components/mui/product-link";
import { ProductThumbnail } from "@/components/product-thumbnail";
import { useCurrency } from "@/i18n/currency";
import { discountedPrice } from "@/api/contract/money";
import { useWishlistActions } from "../../hooks/use-wishlist-actions";
import { useDeviceWishlist } from "../../store";
import { DeleteOutlinedIcon } from "@/components/ui/delete-icon";

/**
 * The wishlist screen's lines (a wishlist with products): its own chunk, loaded by WishlistView only then
 * (preloaded by preloadWishlistLines). `renderActions` fills each line's cart action (move to cart).
 */
export function WishlistLines({
  renderActions,
}: {
  renderActions?: (ctx: WishlistActionsContext) => ReactNode;
}) {
  const { t } = useLingui();
  const { items } = useDeviceWishlist();
  const { remove, removeAll } = useWishlistActions();
  const { format } = useCurrency();

  return (
    <Container sx={{ pb: 6 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t`Your wishlist items`}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t`Your wishlist items`}>
          <TableHead>
            <TableRow>
              <TableCell>{t`Image`}</TableCell>
              <TableCell>{t`Product Name`}</TableCell>
              <TableCell>{t`Unit Price`}</TableCell>
              <TableCell>{t`Add To Cart`}</TableCell>
              <TableCell>{t`Remove`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((product) => {
              const price = product.price;
              const final = discountedPrice(price, product.discount);
              const name = product.name;
              return (
                <TableRow key={product.id} data-testid="wishlist-line">
                  <TableCell sx={{ width: 96 }}>
                    <ProductThumbnail src={product.images[0]?.medium} width={80} height={60} />
                  </TableCell>
                  <TableCell>
                    <ProductLink urlKey={product.urlKey}>{name}</ProductLink>
                  </TableCell>
                  <TableCell>
                    {final !== null ? (
                      <>
                        <Box
                          component="span"
                          sx={{ textDecoration: "line-through", color: "text.secondary", mr: 1 }}
                        >
                          {format(price)}
                        </Box>
                        {format(final)}
                      </>
                    ) : (
                      format(price)
                    )}
                  </TableCell>
                  <TableCell>{renderActions?.({ product, remove: () => remove(product.id) })}</TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={t`Remove ${name} from the wishlist`}
                      onClick={() => remove(product.id)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ListFooter clearLabel={t`Clear Wishlist`} onClear={removeAll} />
    </Container>
  );
}
