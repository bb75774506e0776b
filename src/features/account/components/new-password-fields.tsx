import { useLingui } from "@lingui/react/macro";
import { z } from "zod/mini";
import { TextField } from "@/components/ui/text-field";
import type { FieldErrors } from "../utils/form-errors";

/** The form fields of a new password and its confirmation (registration, password reset). */
export type NewPasswordField = "password" | "passwordConfirmation";

/**
 * A new password's checks, with the messages shown under its fields: `shape`, the two fields of a form's
 * schema (at least 8 characters, at most 200); `same`, the schema's check that the confirmation repeats the
 * password (its message under the confirmation).
 */
export function useNewPasswordChecks() {
  const { t } = useLingui();
  return {
    shape: {
      password: z
        .string()
        .check(z.minLength(8, t`The password needs at least 8 characters.`), z.maxLength(200)),
      passwordConfirmation: z.string(),
    },
    same: z.refine<Record<NewPasswordField, string>>((v) => v.password === v.passwordConfirmation, {
      message: t`The two passwords are not the same.`,
      path: ["passwordConfirmation"],
    }),
  };
}

/** The two fields' values in a submitted form. */
export function newPasswordValues(form: FormData): Record<NewPasswordField, string> {
  return {
    password: String(form.get("password") ?? ""),
    passwordConfirmation: String(form.get("passwordConfirmation") ?? ""),
  };
}

/** The new password's field (labelled `label`) and its confirmation, each with its error under it. */
export function NewPasswordFields({
  label,
  errors,
}: {
  label: string;
  errors: FieldErrors<NewPasswordField>;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <TextField
        name="passwordConfirmation"
        type="password"
        label={t`Confirm Password`}
        autoComplete="new-password"
        required
        error={Boolean(errors.passwordConfirmation)}
        helperText={errors.passwordConfirmation}
      />
    </>
  );
}
