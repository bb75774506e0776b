import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { z } from "zod/mini";
import { accountMutations } from "@/api/account";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useLoginSuccess } from "../hooks/use-login-success";
import { toFieldErrors, type FieldErrors } from "../utils/form-errors";
import { OfflineNotice } from "./offline-notice";
import "./account-forms.css";

type Field = "email" | "password";

/** E-mail and password login. Any server error or network failure reads 'Password and email is Wrong'. */
export function LoginForm({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const login = useMutation(accountMutations.login());
  const onLoggedIn = useLoginSuccess(redirect);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const schema = z.object({
    email: z.email({ error: t`Enter a valid e-mail address.` }),
    password: z.string().check(z.minLength(1, t`Enter your password.`)),
  });

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = schema.safeParse({
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    login.mutate(parsed.data, {
      onSuccess: (reply) => onLoggedIn(reply),
      onError: () => {
        const message = t`Password and email is Wrong`;
        setFailure(message);
        toast(message, { variant: "error" });
      },
    });
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-label={t`Login`}>
      <OfflineNotice>{t`Logging in needs a connection. Please try again when you are online.`}</OfflineNotice>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        name="email"
        type="email"
        label={t`Email`}
        autoComplete="username"
        required
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <TextField
        name="password"
        type="password"
        label={t`Password`}
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <div className="account-form__actions">
        <button type="submit" className="ui-btn ui-btn--contained" disabled={!isOnline || login.isPending}>
          {t`Login`}
        </button>
        <Link to="/reset-password">{t`Forgot your password?`}</Link>
      </div>
    </form>
  );
}
