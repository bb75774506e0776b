import { lazy, Suspense } from "react";
import IconButton from "@mui/material/IconButton";
import ShoppingCartOutlinedIcon from "@mui/icons-material/ShoppingCartOutlined";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { useHeaderDialog } from "@/hooks/use-header-dialog";
import { useCartSync } from "../hooks/use-cart-sync";
import { useLocalCart } from "../store";

// The popup loads on first open: the first screen only needs the button and its count.
const MiniCartPopover = lazy(() =>
  import("./mini-cart-popover").then((m) => ({ default: m.MiniCartPopover })),
);

/** The header cart: item count, and on click the lines with the totals, View Cart and Checkout. */
export function MiniCart() {
  useCartSync();
  const { t } = useLingui();
  const cart = useLocalCart();
  const dialog = useHeaderDialog();
  const count = cart.quantity;

  return (
    <>
      <IconButton color="inherit" aria-label={t`Cart, ${count} items`} {...dialog.buttonProps}>
        <CountBadge count={count} testId="cart-count">
          <ShoppingCartOutlinedIcon />
        </CountBadge>
      </IconButton>
      {dialog.everOpened && (
        <Suspense fallback={null}>
          <MiniCartPopover anchor={dialog.anchor} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
