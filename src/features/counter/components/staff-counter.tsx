import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { ApiError } from "@/api/client";
import { importCartCode } from "@/api/counter";
import { decodeCartCode, productKeyOfCode, type CartImportReply } from "@/api/contract/counter";
import { QrScanner } from "@/components/qr/qr-scanner";
import { Alert } from "@/components/ui/alert";
import { setStaffSession, type StaffSession } from "../staff-session";
import "./counter.css";

type Outcome =
  { kind: "imported"; reply: CartImportReply } | { kind: "error"; message: string } | { kind: "busy" } | null;

/**
 * The counter (issue 40 item 1): scan a shopper's cart code (camera or a picture of it) and import it once;
 * the lines and totals of the counter's cart. A floor tag's code opens its product.
 */
export function StaffCounter({ session }: { session: StaffSession }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onCode = async (text: string) => {
    const product = productKeyOfCode(text);
    if (product) {
      void navigate({ to: "/product/$urlKey", params: { urlKey: product } });
      return;
    }
    if (!decodeCartCode(text)) {
      setOutcome({ kind: "error", message: t`This code is neither a cart nor a floor tag of this shop.` });
      return;
    }
    setOutcome({ kind: "busy" });
    try {
      setOutcome({ kind: "imported", reply: await importCartCode(session.token, text) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setStaffSession(null);
        return;
      }
      setOutcome({
        kind: "error",
        message:
          err instanceof ApiError && err.isNetwork
            ? t`The server could not be reached. Scan the code again when the connection is back.`
            : err instanceof Error
              ? err.message
              : String(err),
      });
    }
  };

  const signedInAs = session.name;
  return (
    <div className="staff-counter">
      <p className="ui-body1">
        {t`Signed in as ${signedInAs}`}{" "}
        <button
          type="button"
          className="ui-btn ui-btn--small ui-btn--inherit"
          onClick={() => setStaffSession(null)}
        >
          {t`Sign out`}
        </button>
      </p>
      <h2 className="ui-h3">{t`Scan a cart or a floor tag`}</h2>
      <QrScanner onCode={(text) => void onCode(text)} />
      <div aria-live="polite">
        {outcome?.kind === "busy" && <p className="ui-body2">{t`Importing the cart…`}</p>}
        {outcome?.kind === "error" && <Alert severity="error">{outcome.message}</Alert>}
        {outcome?.kind === "imported" && <ImportedCart reply={outcome.reply} />}
      </div>
    </div>
  );
}

function ImportedCart({ reply }: { reply: CartImportReply }) {
  const { t } = useLingui();
  const { data } = reply;
  const reference = data.reference;
  const skipped = data.skipped;
  return (
    <section aria-label={t`Imported cart`} data-testid="imported-cart">
      <Alert severity={reply.already_imported ? "info" : "success"} role="status">
        {reply.already_imported ? t`Already imported` : t`Cart imported`} · {t`Reference ${reference}`}
      </Alert>
      <table className="staff-counter__table">
        <thead>
          <tr>
            <th scope="col">{t`Product Name`}</th>
            <th scope="col">{t`SKU`}</th>
            <th scope="col" className="staff-counter__num">
              {t`Qty`}
            </th>
            <th scope="col" className="staff-counter__num">
              {t`Subtotal`}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={`${line.product_id}:${line.variant_id ?? 0}`} data-testid="imported-line">
              <td>{line.name}</td>
              <td>{line.sku}</td>
              <td className="staff-counter__num">{line.quantity}</td>
              <td className="staff-counter__num">{line.formated_total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t`Subtotal`}
            </th>
            <td className="staff-counter__num">{data.formated_sub_total}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {t`Grand Total`}
            </th>
            <td className="staff-counter__num" data-testid="imported-grand-total">
              {data.formated_grand_total}
            </td>
          </tr>
        </tfoot>
      </table>
      {skipped > 0 && (
        <Alert severity="warning">{t`Lines of the code not taken (no longer sold or not in stock): ${skipped}`}</Alert>
      )}
    </section>
  );
}
