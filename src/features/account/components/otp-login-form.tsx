import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { z } from "zod/mini";
import { accountMutations } from "@/api/account";
import { readPendingMobile, writePendingMobile } from "@/api/auth-storage";
import { ApiError, isMissingService } from "@/api/client";
import { OTP_LENGTH } from "@/api/contract/customer";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useCountdown } from "../hooks/use-countdown";
import { useLoginSuccess } from "../hooks/use-login-success";
import { OfflineNotice } from "./offline-notice";
import "./account-forms.css";

export const RESEND_AFTER_SECONDS = 60;

/**
 * Login by a one-time code sent to a mobile: sending stores the pending mobile, verifying clears it
 * (SPEC §4), whatever the answer. A refused code shows the server's message and the code can be typed again;
 * a network failure asks to start again.
 */
export function OtpLoginForm({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const send = useMutation(accountMutations.sendCode());
  const verify = useMutation(accountMutations.verifyCode());
  const onLoggedIn = useLoginSuccess(redirect);
  const [pending, setPending] = useState<string | null>(() => readPendingMobile());
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const secondsLeft = useCountdown(resendAt);
  // A back end without one-time codes (a stock Bagisto) answers 404 or 405.
  const unavailableText = t`Logging in with a code is not available. Please log in with your e-mail and password.`;

  const phoneSchema = z
    .string()
    .check(z.trim(), z.regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, t`Enter a mobile number with 8 to 20 digits.`));
  const codeSchema = z
    .string()
    .check(z.trim(), z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), t`The code has 6 digits.`));

  function sendCode(phone: string) {
    setNotice(null);
    send.mutate(
      { phone },
      {
        onSuccess: (reply) => {
          if (reply.status) {
            writePendingMobile(phone);
            setPending(phone);
            setResendAt(Date.now() + RESEND_AFTER_SECONDS * 1000);
          } else {
            const message = reply.error ?? reply.message ?? t`Some Error Occured`;
            setPhoneError(message);
            toast(message, { variant: "error" });
          }
        },
        onError: (error) => {
          if (isMissingService(error)) {
            setNotice(unavailableText);
            toast(unavailableText, { variant: "error" });
            return;
          }
          const message =
            error instanceof ApiError && !error.isNetwork ? error.message : t`Some Error Occured`;
          setPhoneError(message);
          toast(message, { variant: "error" });
        },
      },
    );
  }

  function handleSend(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = phoneSchema.safeParse(new FormData(e.currentTarget).get("phone") ?? "");
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setPhoneError(null);
    sendCode(parsed.data);
  }

  function handleVerify(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!pending) return;
    const parsed = codeSchema.safeParse(new FormData(e.currentTarget).get("code") ?? "");
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setCodeError(null);
    verify.mutate(
      { phone: pending, code: parsed.data },
      {
        onSuccess: (reply) => {
          if (reply.status && reply.token) {
            writePendingMobile(null);
            setPending(null);
            onLoggedIn({ token: reply.token, data: reply.data, message: reply.message });
          } else {
            // Verifying removes the stored pending mobile (SPEC §4), refused or not. The form still holds the
            // number, so the shopper can type the code again (a reload starts over).
            writePendingMobile(null);
            const message = reply.message ?? reply.error ?? t`OTP is Expired or Invalid , please try again!`;
            setCodeError(message);
            toast(message, { variant: "error" });
          }
        },
        onError: (error) => {
          writePendingMobile(null);
          setPending(null);
          const message = isMissingService(error)
            ? unavailableText
            : t`OTP is Expired or Invalid , please try again!`;
          setNotice(message);
          toast(message, { variant: "error" });
        },
      },
    );
  }

  function startOver() {
    writePendingMobile(null);
    setPending(null);
    setResendAt(null);
  }

  return (
    <div className="account-form">
      <OfflineNotice>{t`Logging in with a code needs a connection. Please try again when you are online.`}</OfflineNotice>
      {notice && <Alert severity="error">{notice}</Alert>}
      {!pending ? (
        <form
          className="account-form"
          noValidate
          onSubmit={handleSend}
          aria-label={t`Login with a mobile code`}
        >
          <TextField
            name="phone"
            type="tel"
            label={t`Mobile number`}
            autoComplete="tel"
            inputMode="tel"
            required
            error={Boolean(phoneError)}
            helperText={phoneError ?? t`We send a 6-digit code by SMS.`}
          />
          <button type="submit" className="ui-btn ui-btn--contained" disabled={!isOnline || send.isPending}>
            {t`Send code`}
          </button>
        </form>
      ) : (
        <form className="account-form" noValidate onSubmit={handleVerify} aria-label={t`Enter the code`}>
          <p className="ui-body1">{t`We sent a code to ${pending}.`}</p>
          <TextField
            name="code"
            label={t`One-time code`}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={OTP_LENGTH}
            pattern="[0-9]*"
            error={Boolean(codeError)}
            helperText={codeError ?? " "}
          />
          <button type="submit" className="ui-btn ui-btn--contained" disabled={!isOnline || verify.isPending}>
            {t`Verify and login`}
          </button>
          <div className="account-form__actions">
            <button
              type="button"
              className="ui-btn"
              onClick={() => sendCode(pending)}
              disabled={!isOnline || secondsLeft > 0 || send.isPending}
            >
              {secondsLeft > 0 ? t`Resend code in ${secondsLeft} s` : t`Resend code`}
            </button>
            <button type="button" className="ui-btn" onClick={startOver}>
              {t`Use another number`}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
