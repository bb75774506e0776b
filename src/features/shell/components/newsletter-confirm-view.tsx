import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Alert } from "@/components/ui/alert";
import { ApiError } from "@/api/client";
import { confirmSubscription } from "@/api/newsletter";
import { takeLinkToken } from "@/utils/link-token";

type State = "confirming" | "confirmed" | "refused" | "failed";

/**
 * The newsletter confirmation page (/newsletter/confirm, double opt-in): the mailed link's token leaves the
 * address at once (utils/link-token.ts) and is sent once; the page says whether the sign-up is confirmed.
 */
export function NewsletterConfirmView() {
  const { t } = useLingui();
  const [state, setState] = useState<State>("confirming");
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const confirm = () => {
      const token = takeLinkToken();
      // Each token once, even when React runs the effect twice (development): the address holds it once.
      if (!token) {
        if (sent.current === null) setState("refused");
        return;
      }
      if (sent.current === token) return;
      sent.current = token;
      setState("confirming");
      confirmSubscription(token).then(
        (reply) => setState(reply.status === 200 ? "confirmed" : "refused"),
        (error: unknown) =>
          setState(error instanceof ApiError && error.status === 422 ? "refused" : "failed"),
      );
    };
    confirm();
    // A link opened in the tab that already shows this page changes only the fragment.
    window.addEventListener("hashchange", confirm);
    return () => window.removeEventListener("hashchange", confirm);
  }, []);
  return (
    <div className="ui-container" aria-busy={state === "confirming"}>
      {state === "confirming" && <p>{t`Confirming your subscription…`}</p>}
      {state === "confirmed" && (
        <Alert severity="success">{t`Thank you for subscribing to our newsletter.`}</Alert>
      )}
      {state === "refused" && (
        <Alert severity="error">{t`This confirmation link is invalid or has expired. Please sign up again.`}</Alert>
      )}
      {state === "failed" && (
        <Alert severity="error">{t`Your subscription could not be confirmed. Please open the link again.`}</Alert>
      )}
      <p>
        <Link to="/">{t`Back to home page`}</Link>
      </p>
    </div>
  );
}
