import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { isMissingService, newIdempotencyKey } from "@/api/client";
import { newsletterMutations } from "@/api/newsletter";
import { useHydrated } from "@/render/server-render";
import "./subscribe-form.css";

/**
 * The footer subscribe widget. SPEC §2: on the bicycle home page it has no submit action (`canSubmit`
 * false); elsewhere it posts contactsubscribe and shows the server message (success when status is 200).
 */
export function SubscribeForm({ canSubmit }: { canSubmit: boolean }) {
  const { t } = useLingui();
  const [email, setEmail] = useState("");
  const hydrated = useHydrated();
  // The reference server's replies (server/routes/content.ts), in the shopper's language; another back end's
  // message is shown as it comes.
  const known: Record<string, string> = {
    "Thank you. Please open the link we have sent to your e-mail to confirm your subscription.": t`Thank you. Please open the link we have sent to your e-mail to confirm your subscription.`,
    "You are already subscribed to our newsletter.": t`You are already subscribed to our newsletter.`,
    "Thank you for subscribing to our newsletter.": t`Thank you for subscribing to our newsletter.`,
    "Newsletter sign-up is not available right now. Please try again later.": t`Newsletter sign-up is not available right now. Please try again later.`,
  };
  const shown = (message: string) => known[message] ?? message;
  const subscribe = useMutation({
    ...newsletterMutations.subscribe(),
    onSuccess: (reply) => {
      toast(reply.message ? shown(reply.message) : t`Thank you for subscribing!`, {
        variant: reply.status === 200 ? "success" : "error",
      });
      if (reply.status === 200) setEmail("");
    },
    onError: (error) =>
      toast(isMissingService(error) ? t`Newsletter sign-up is not available.` : shown(error.message), {
        variant: "error",
      }),
  });

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit || subscribe.isPending) return;
    subscribe.mutate({ email: email.trim(), idempotencyKey: newIdempotencyKey() });
  };

  return (
    <form className="subscribe-form" onSubmit={handleSubmit}>
      <input
        className="subscribe-form__input"
        type="email"
        name="email"
        required
        aria-label={t`Email address`}
        placeholder={t`Email address`}
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="ui-btn ui-btn--contained" disabled={subscribe.isPending || !hydrated}>
        {subscribe.isPending ? t`Processing..` : t`SUBSCRIBE`}
      </button>
    </form>
  );
}
