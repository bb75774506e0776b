import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { toast } from "@/components/feedback/toast";
import { z } from "zod/mini";
import { trimmedText } from "@/api/contract/common";
import { accountMutations, type Customer, type Gender, type ProfileDraft } from "@/api/account";
import { ApiError } from "@/api/client";
import { writeAuthCustomer } from "@/api/auth-storage";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { fromServerErrors, toFieldErrors, type FieldErrors } from "../../utils/form-errors";
import { OfflineNotice } from "../offline-notice";

// eslint-disable-next-line lingui/no-unlocalized-strings -- the API's gender values; the labels are translated below
const GENDERS = ["Male", "Female", "Other"] as const satisfies readonly Gender[];

type Field = keyof ProfileDraft;

/** The customer's details; saving needs a connection. */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const isOnline = useOnlineStatus();
  const update = useMutation(accountMutations.updateProfile());
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // Changing the e-mail needs the current password (an account made by one-time code has none).
  const [emailChanged, setEmailChanged] = useState(false);
  const today = new Date().toISOString().slice(0, 10);

  const schema = z.object({
    firstName: trimmedText(100, { min: 1, message: t`Enter your first name.` }),
    lastName: trimmedText(100, { min: 1, message: t`Enter your last name.` }),
    email: z.email({ error: t`Enter a valid e-mail address.` }),
    // SPEC asks for no gender: none given ("") is sent as null (a stock Bagisto, which requires one, answers a
    // field error shown under it)
    gender: z.union([z.enum(GENDERS), z.literal("")]),
    dateOfBirth: z
      .string()
      .check(
        z.refine(
          (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v < today),
          t`Enter a date of birth before today.`,
        ),
      ),
    phone: trimmedText(40, { tooLong: t`The phone number is too long.` }),
  });

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (k: Field) => String(form.get(k) ?? "");
    const currentPassword = value("currentPassword");
    if (emailChanged && !currentPassword) {
      setErrors({ currentPassword: t`Enter your current password to change your e-mail.` });
      return;
    }
    const parsed = schema.safeParse({
      firstName: value("firstName"),
      lastName: value("lastName"),
      email: value("email").trim(),
      gender: value("gender"),
      dateOfBirth: value("dateOfBirth"),
      phone: value("phone"),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const d = parsed.data;
    update.mutate(
      {
        ...d,
        gender: d.gender || null,
        dateOfBirth: d.dateOfBirth || null,
        phone: d.phone || null,
        ...(emailChanged ? { currentPassword } : {}),
      },
      {
        onSuccess: (reply) => {
          writeAuthCustomer(reply.data);
          setEmailChanged(false);
          toast(t`Profile Updated successfully`, { variant: "success" });
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
            const fields = fromServerErrors<Field>(error.fieldErrors);
            if (fields.currentPassword)
              fields.currentPassword = /incorrect/i.test(fields.currentPassword)
                ? t`The current password is incorrect.`
                : t`Enter your current password to change your e-mail.`;
            if (fields.phone) fields.phone = t`Enter a valid phone number.`;
            setErrors(fields);
          }
          toast(t`Failed To update data`, { variant: "error" });
        },
      },
    );
  }

  const text = (name: Field, label: string, autoComplete: string, defaultValue: string, type = "text") => (
    <TextField
      name={name}
      type={type}
      label={label}
      autoComplete={autoComplete}
      defaultValue={defaultValue}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={type === "date" ? { inputLabel: { shrink: true }, htmlInput: { max: today } } : undefined}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit}
      spacing={2}
      aria-label={t`My account information`}
    >
      <OfflineNotice>{t`Saving your details needs a connection. Please try again when you are online.`}</OfflineNotice>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text("firstName", t`First Name`, "given-name", customer.firstName)}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text("lastName", t`Last Name`, "family-name", customer.lastName)}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            name="email"
            type="email"
            label={t`Email`}
            autoComplete="email"
            defaultValue={customer.email}
            fullWidth
            onChange={(e) => setEmailChanged(e.target.value.trim().toLowerCase() !== customer.email)}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text("phone", t`Phone`, "tel", customer.phone ?? "", "tel")}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            name="gender"
            select
            label={t`Gender`}
            autoComplete="sex"
            defaultValue={customer.gender ?? ""}
            fullWidth
            error={Boolean(errors.gender)}
            helperText={errors.gender}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t`Not given`}</MenuItem>
            {GENDERS.map((g) => (
              <MenuItem key={g} value={g}>
                {g === GENDERS[0] ? t`Male` : g === GENDERS[1] ? t`Female` : t`Other`}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text("dateOfBirth", t`Date of birth`, "bday", customer.dateOfBirth ?? "", "date")}
        </Grid>
        {emailChanged && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              name="currentPassword"
              type="password"
              label={t`Current password`}
              autoComplete="current-password"
              required
              fullWidth
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword ?? t`Needed to change your e-mail.`}
            />
          </Grid>
        )}
      </Grid>
      <Button
        type="submit"
        variant="contained"
        disabled={!isOnline || update.isPending}
        sx={{ alignSelf: "flex-start" }}
      >
        {t`Save changes`}
      </Button>
    </Stack>
  );
}
