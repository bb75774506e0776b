import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { productKeyOfCode } from "@/api/contract/counter";
import { QrScanner } from "@/components/qr/qr-scanner";
import { Alert } from "@/components/ui/alert";
import "./counter.css";

/**
 * "Scan a tag" (issue 40 item 2): a floor tag's code opens its product, from the device's saved copy
 * (runtime cache or a saved pack) when there is no connection, as any product page does.
 */
export function TagScanner() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [wrong, setWrong] = useState(false);
  return (
    <div className="staff-counter">
      <p className="ui-body1">{t`Point the camera at the QR code on a bicycle's tag, or upload a picture of it.`}</p>
      <QrScanner
        onCode={(text) => {
          const urlKey = productKeyOfCode(text);
          setWrong(!urlKey);
          if (urlKey) void navigate({ to: "/product/$urlKey", params: { urlKey } });
        }}
      />
      {wrong && <Alert severity="warning">{t`This code is not a floor tag of this shop.`}</Alert>}
    </div>
  );
}
