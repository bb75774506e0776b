import { lazy, Suspense } from "react";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { ButtonLink } from "@/components/router-links";
import { loadFilledCart } from "./preload-filled-cart";
import { useCartActions } from "../hooks/use-cart-actions";
import { useLocalCart } from "../store";

const FilledCart = lazy(() => loadFilledCart().then((m) => ({ default: m.FilledCart })));

/**
 * The cart screen. The device's cart is read synchronously (localStorage), so an empty cart says so in the
 * page's first render; the lines' table, coupon form and steppers are another chunk, loaded only for a cart
 * with lines (and already on its way then: preloadFilledCart, the route's loader).
 */
export function CartView() {
  const { t } = useLingui();
  const cart = useLocalCart();
  const actions = useCartActions();

  if (cart.lines.length === 0) {
    return (
      <Container sx={{ py: 6, textAlign: "center" }}>
        <Typography variant="h2" component="p" gutterBottom>
          {t`No items found in cart`}
        </Typography>
        <ButtonLink to="/catalog" variant="contained">
          {t`Shop Now`}
        </ButtonLink>
      </Container>
    );
  }
  return (
    <Suspense fallback={<Container aria-busy="true" sx={{ minHeight: "50vh" }} />}>
      <FilledCart actions={actions} />
    </Suspense>
  );
}
