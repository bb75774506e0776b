import { Suspense } from "react";
import { useLingui } from "@lingui/react/macro";
import { CountBadge } from "@/components/count-badge";
import { lazyThemed } from "@/components/mui/lazy-themed";
import { ShoppingCartOutlinedIcon } from "@/components/ui/icons";
import { useHeaderDialog } from "@/hooks/use-header-dialog";
import { useCartSync } from "../hooks/use-cart-sync";
import { useLocalCart } from "../store";

// The popup loads on first open, with the MUI theme: the first screen only needs the button and its count.
const MiniCartPopover = lazyThemed(() => import("./mui/mini-cart-popover").then((m) => m.MiniCartPopover));

/** The header cart: item count, and on click the lines with the totals, View Cart and Checkout. */
export function MiniCart() {
  useCartSync();
  const { t } = useLingui();
  const cart = useLocalCart();
  const dialog = useHeaderDialog();
  const count = cart.quantity;

  return (
    <>
      <button
        type="button"
        className="ui-icon-btn ui-icon-btn--inherit"
        aria-label={t`Cart, ${count} items`}
        {...dialog.buttonProps}
      >
        <CountBadge count={count} testId="cart-count">
          <ShoppingCartOutlinedIcon />
        </CountBadge>
      </button>
      {dialog.everOpened && (
        <Suspense fallback={null}>
          <MiniCartPopover anchor={dialog.anchor} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
