import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { isMissingService, newIdempotencyKey } from "@/api/client";
import { newsletterMutations } from "@/api/newsletter";
import { useHydrated } from "@/utils/server-html";

/**
 * The footer subscribe widget. SPEC §2: on the bicycle home page it has no submit action (`canSubmit`
 * false); elsewhere it posts contactsubscribe and shows the server message (success when status is 200).
 */
export function SubscribeForm({ canSubmit }: { canSubmit: boolean }) {
  const { t } = useLingui();
  const [email, setEmail] = useState("");
  const hydrated = useHydrated();
  const subscribe = useMutation({
    ...newsletterMutations.subscribe(),
    onSuccess: (reply) => {
      toast(reply.message || t`Thank you for subscribing!`, {
        variant: reply.status === 200 ? "success" : "error",
      });
      if (reply.status === 200) setEmail("");
    },
    onError: (error) =>
      toast(isMissingService(error) ? t`Newsletter sign-up is not available.` : error.message, {
        variant: "error",
      }),
  });

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit || subscribe.isPending) return;
    subscribe.mutate({ email: email.trim(), idempotencyKey: newIdempotencyKey() });
  };

  return (
    <Box
      component="form"
      onSubmit={handleSubmit}
      noValidate={false}
      sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}
    >
      <Box
        component="input"
        type="email"
        name="email"
        required
        aria-label={t`Email address`}
        placeholder={t`Email address`}
        autoComplete="email"
        value={email}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setEmail(e.target.value)}
        sx={{
          flex: "1 1 180px",
          font: "inherit",
          px: 1.5,
          py: 1,
          border: 0,
          borderRadius: 1,
          bgcolor: "background.paper",
          color: "text.primary",
        }}
      />
      <Button type="submit" variant="contained" disabled={subscribe.isPending || !hydrated}>
        {subscribe.isPending ? t`Processing..` : t`SUBSCRIBE`}
      </Button>
    </Box>
  );
}
