import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { cartMutations } from "@/api/cart";
import { ApiError, newIdempotencyKey } from "@/api/client";
import { useOnlineStatus } from "@/hooks/use-online-status";

/** Applies or removes a coupon code; the server answers, so it needs a connection. */
export function CouponForm({ couponCode }: { couponCode: string | null }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation(cartMutations.applyCoupon());
  const remove = useMutation(cartMutations.removeCoupon());

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t`Enter a coupon code.`);
      return;
    }
    setError(null);
    apply.mutate(
      { idempotencyKey: newIdempotencyKey(), code: trimmed },
      {
        onSuccess: (reply) => {
          if (reply.success) {
            toast(t`Coupon is added successfully!`, { variant: "success" });
            setCode("");
          } else toast(reply.message, { variant: "error" });
        },
        onError: (err) => toast(err instanceof ApiError ? err.message : String(err), { variant: "error" }),
      },
    );
  }

  function handleRemove() {
    remove.mutate(
      { idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (reply) =>
          reply.success
            ? toast(t`Coupon is Deleted successfully!`, { variant: "success" })
            : toast(reply.message, { variant: "error" }),
        onError: () => toast(t`Coupon failed to  add`, { variant: "error" }),
      },
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={1} aria-label={t`Coupon`}>
      <Typography variant="h3" component="h2">
        {t`Use Coupon Code`}
      </Typography>
      {couponCode ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography>{t`Coupon ${couponCode} is applied.`}</Typography>
          <Button onClick={handleRemove} disabled={!isOnline || remove.isPending}>
            {t`Remove coupon`}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextField
            size="small"
            label={t`Coupon code`}
            name="coupon"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? (isOnline ? " " : t`Applying a coupon needs a connection.`)}
          />
          <Button type="submit" variant="outlined" disabled={!isOnline || apply.isPending}>
            {t`Apply Coupon`}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
