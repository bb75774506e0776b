import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { HeaderDialog } from "@/components/mui/header-dialog";
import { ProductThumbnail } from "@/components/product-thumbnail";
import { ButtonLink } from "@/components/mui/router-links";
import { useCurrency } from "@/i18n/currency";
import { useCartActions } from "../../hooks/use-cart-actions";
import { useCartSummary } from "../../hooks/use-cart-summary";
import { useLocalCart } from "../../store";
import { CartTotals } from "./cart-totals";
import { DeleteOutlinedIcon } from "@/components/ui/delete-icon";

/** The mini cart's popup: the lines with the totals, View Cart and Checkout (loaded on first open). */
export function MiniCartPopover({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useLingui();
  const cart = useLocalCart();
  const summary = useCartSummary();
  const { format } = useCurrency();
  const { removeLine } = useCartActions();

  return (
    <HeaderDialog anchor={anchor} onClose={onClose} label={{ text: t`Cart` }}>
      <Box sx={{ p: 2, width: 320 }}>
        {cart.lines.length === 0 ? (
          <Typography>{t`No items added to cart`}</Typography>
        ) : (
          <>
            <Stack
              component="ul"
              spacing={1}
              sx={{ listStyle: "none", p: 0, m: 0, maxHeight: 280, overflowY: "auto" }}
            >
              {cart.lines.map((line) => {
                const name = line.product.name;
                const qty = line.quantity;
                return (
                  <Stack
                    component="li"
                    key={line.id}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: "center" }}
                  >
                    <ProductThumbnail src={line.product.image} width={56} height={42} />
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="body2" noWrap>
                        {line.product.name}
                      </Typography>
                      <Typography variant="body2" color="textSecondary">
                        {t`Qty: ${qty}`} · {format(line.total)}
                      </Typography>
                    </Box>
                    <IconButton
                      size="small"
                      aria-label={t`Remove ${name} from the cart`}
                      onClick={() => removeLine(line)}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                );
              })}
            </Stack>
            <Box sx={{ mt: 2 }}>
              <CartTotals summary={summary} />
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <ButtonLink to="/cart" variant="outlined" fullWidth onClick={onClose}>
                {t`View Cart`}
              </ButtonLink>
              <ButtonLink to="/checkout" variant="contained" fullWidth onClick={onClose}>
                {t`Checkout`}
              </ButtonLink>
            </Stack>
          </>
        )}
      </Box>
    </HeaderDialog>
  );
}
