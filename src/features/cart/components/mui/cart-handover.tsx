import { useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { QrCode } from "@/components/qr/qr-code";
import { Alert } from "@/components/ui/alert";
import { useLocalCart } from "../../store";
import { handoverCode, referenceOf, useHandover } from "../../utils/handover";

/**
 * "Show to a salesperson" (issue 40 item 1): a QR code of the cart's lines and a hand-over key, drawn on the
 * device (offline too). The counter's staff page imports it once; the cart page then says so, once the
 * device has heard it from the server (utils/handover.ts).
 */
export function CartHandover() {
  const { t } = useLingui();
  const cart = useLocalCart();
  const handover = useHandover(cart);
  const [shown, setShown] = useState<string | null>(null);
  const reference = handover ? (handover.reference ?? referenceOf(handover.key)) : "";

  return (
    <>
      <Button variant="outlined" fullWidth sx={{ mt: 1 }} onClick={() => setShown(handoverCode(cart).text)}>
        {t`Show to a salesperson`}
      </Button>
      {handover?.handedOver && (
        <Alert severity="success" role="status">
          {t`Handed over to the counter`} · {t`Reference ${reference}`}
        </Alert>
      )}
      <Dialog open={shown !== null} onClose={() => setShown(null)} aria-labelledby="cart-handover-title">
        <DialogTitle id="cart-handover-title">{t`Show to a salesperson`}</DialogTitle>
        <DialogContent sx={{ textAlign: "center" }}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t`A salesperson scans this code to take over your cart at the counter. It works without a connection.`}
          </Typography>
          {shown !== null && <QrCode text={shown} label={t`QR code of your cart`} size={260} />}
          {handover && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t`Reference ${reference}`}
            </Typography>
          )}
          {handover?.handedOver && (
            <Alert severity="success" role="status">
              {t`Handed over to the counter`}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{t`Close`}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
