import { useEffect, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { z } from "zod/mini";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { accountMutations } from "@/api/account";
import { ApiError } from "@/api/client";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { takeLinkToken } from "@/utils/link-token";
import { fromServerErrors, toFieldErrors, type FieldErrors } from "../utils/form-errors";
import {
  NewPasswordFields,
  newPasswordValues,
  useNewPasswordChecks,
  type NewPasswordField,
} from "./new-password-fields";
import { OfflineNotice } from "./offline-notice";
import "./account-forms.css";
import "./login-register-view.css";

/**
 * The password reset page (/reset-password). Opened from the mailed link, it takes the link's token out of
 * the address at once (utils/link-token.ts) and asks for the new password; opened without one (the login
 * form's "Forgot your password?"), it asks for the e-mail to send a link to.
 */
export function ResetPasswordView() {
  // undefined: the address is not read yet (it is read once, after the first render: the server renders none)
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [linkRefused, setLinkRefused] = useState(false);
  useEffect(() => {
    const take = () => {
      const taken = takeLinkToken();
      if (taken) setLinkRefused(false);
      // A second run (React's development double effect) finds the address already clean: keep the first.
      setToken((known) => taken ?? known ?? null);
    };
    take();
    // A link opened in the tab that already shows this page changes only the fragment: no new page load.
    window.addEventListener("hashchange", take);
    return () => window.removeEventListener("hashchange", take);
  }, []);
  if (token === undefined) return <div className="ui-container login-register" aria-busy="true" />;
  return (
    <div className="ui-container login-register">
      <div className="login-register__paper">
        {token && !linkRefused ? (
          <ResetPasswordForm token={token} onLinkRefused={() => setLinkRefused(true)} />
        ) : (
          <ForgotPasswordForm linkRefused={linkRefused} />
        )}
      </div>
    </div>
  );
}

function ResetPasswordForm({ token, onLinkRefused }: { token: string; onLinkRefused: () => void }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const reset = useMutation(accountMutations.resetPassword());
  const [errors, setErrors] = useState<FieldErrors<NewPasswordField>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const newPassword = useNewPasswordChecks();
  const schema = z.object(newPassword.shape).check(newPassword.same);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = schema.safeParse(newPasswordValues(form));
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    reset.mutate(
      { token, ...parsed.data },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors.token) {
            onLinkRefused();
            return;
          }
          if (error instanceof ApiError && error.status === 422)
            setErrors(fromServerErrors(error.fieldErrors));
          else
            setFailure(
              error instanceof ApiError && error.status === 503
                ? t`Password reset by e-mail is not available right now. Please contact the shop or sign in with a one-time code.`
                : t`Your password could not be reset. Please try again.`,
            );
        },
      },
    );
  }

  if (reset.isSuccess)
    return (
      <div className="account-form">
        <h2 className="ui-h2">{t`Choose a new password`}</h2>
        <Alert severity="success">{t`Your password has been reset. Please log in with your new password.`}</Alert>
        <Link to="/login-register" search={{ tab: "login" }} className="ui-btn ui-btn--contained">
          {t`Login`}
        </Link>
      </div>
    );

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-label={t`Choose a new password`}>
      <h2 className="ui-h2">{t`Choose a new password`}</h2>
      <OfflineNotice>{t`Resetting the password needs a connection. Please try again when you are online.`}</OfflineNotice>
      {failure && <Alert severity="error">{failure}</Alert>}
      <NewPasswordFields label={t`New password`} errors={errors} />
      <button type="submit" className="ui-btn ui-btn--contained" disabled={!isOnline || reset.isPending}>
        {t`Set the new password`}
      </button>
    </form>
  );
}

function ForgotPasswordForm({ linkRefused }: { linkRefused: boolean }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const forgot = useMutation(accountMutations.forgotPassword());
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    if (!z.email().safeParse(email).success) {
      setError(t`Enter a valid e-mail address.`);
      return;
    }
    setError(null);
    setFailure(null);
    forgot.mutate(
      { email },
      {
        onError: (err) =>
          setFailure(
            err instanceof ApiError && err.status === 503
              ? t`Password reset by e-mail is not available right now. Please contact the shop or sign in with a one-time code.`
              : t`The reset link could not be requested. Please try again.`,
          ),
      },
    );
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-label={t`Forgot your password?`}>
      <h2 className="ui-h2">{t`Forgot your password?`}</h2>
      {linkRefused && (
        <Alert severity="error">
          {t`This password reset link is invalid, expired or already used. Please ask for a new one.`}
        </Alert>
      )}
      {forgot.isSuccess ? (
        <Alert severity="success">
          {t`If an account exists for this e-mail, we have sent a password reset link.`}
        </Alert>
      ) : (
        <p>{t`Enter the e-mail of your account. We will send you a link to choose a new password.`}</p>
      )}
      <OfflineNotice>{t`Resetting the password needs a connection. Please try again when you are online.`}</OfflineNotice>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        name="email"
        type="email"
        label={t`Email`}
        autoComplete="email"
        required
        error={Boolean(error)}
        helperText={error ?? undefined}
      />
      <div className="account-form__actions">
        <button type="submit" className="ui-btn ui-btn--contained" disabled={!isOnline || forgot.isPending}>
          {t`Send the reset link`}
        </button>
        <Link to="/login-register" search={{ tab: "login" }}>
          {t`Back to login`}
        </Link>
      </div>
    </form>
  );
}
