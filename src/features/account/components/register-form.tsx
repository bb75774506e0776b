import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { TextField } from "@/components/ui/text-field";
import { z } from "zod/mini";
import { trimmedText } from "@/api/contract/common";
import { accountMutations, type RegisterDraft } from "@/api/account";
import { ApiError } from "@/api/client";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { useLoginSuccess } from "../hooks/use-login-success";
import { fromServerErrors, toFieldErrors, type FieldErrors } from "../utils/form-errors";
import { NewPasswordFields, newPasswordValues, useNewPasswordChecks } from "./new-password-fields";
import { OfflineNotice } from "./offline-notice";
import "./account-forms.css";

type Field = keyof RegisterDraft;

/** Registration, followed by an automatic login with the same credentials (SPEC §4). */
export function RegisterForm({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const register = useMutation(accountMutations.register());
  const login = useMutation(accountMutations.login());
  const onLoggedIn = useLoginSuccess(redirect);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const newPassword = useNewPasswordChecks();

  const schema = z
    .object({
      firstName: trimmedText(100, { min: 1, message: t`Enter your first name.` }),
      lastName: trimmedText(100, { min: 1, message: t`Enter your last name.` }),
      email: z.email({ error: t`Enter a valid e-mail address.` }),
      ...newPassword.shape,
    })
    .check(newPassword.same);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (k: Field) => String(form.get(k) ?? "");
    const parsed = schema.safeParse({
      firstName: value("firstName"),
      lastName: value("lastName"),
      email: value("email").trim(),
      ...newPasswordValues(form),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        toast(t`You are Signed up Successfully!`, { variant: "success" });
        login.mutate(
          { email: parsed.data.email, password: parsed.data.password },
          {
            onSuccess: (reply) => onLoggedIn(reply),
            onError: () => toast(t`Password and email is Wrong`, { variant: "error" }),
          },
        );
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(fromServerErrors(error.fieldErrors));
        toast(t`Some Error Occured`, { variant: "error" });
      },
    });
  }

  const field = (
    name: Field,
    label: string,
    autoComplete: string,
    type: "text" | "email" = "text",
  ) => (
    <TextField
      name={name}
      type={type}
      label={label}
      autoComplete={autoComplete}
      required
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  );

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-label={t`Register`}>
      <OfflineNotice>{t`Registering needs a connection. Please try again when you are online.`}</OfflineNotice>
      <div className="account-form__row">
        {field("firstName", t`First Name`, "given-name")}
        {field("lastName", t`Last Name`, "family-name")}
      </div>
      {field("email", t`Email`, "email", "email")}
      <NewPasswordFields label={t`Password`} errors={errors} />
      <button
        type="submit"
        className="ui-btn ui-btn--contained"
        disabled={!isOnline || register.isPending || login.isPending}
      >
        {t`Register`}
      </button>
    </form>
  );
}
