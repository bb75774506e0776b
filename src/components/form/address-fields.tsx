import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useLingui } from "@lingui/react/macro";
import { z } from "zod";

/** The countries the shop delivers to (ISO codes; names come from Intl in the active language). */
export const DELIVERY_COUNTRIES = ["IN", "US", "GB", "DE", "FR"] as const;

export interface AddressValues {
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  state: string;
  postcode: string;
  phone: string;
}

export type AddressField = keyof AddressValues;

export const emptyAddress = (): AddressValues => ({
  first_name: "",
  last_name: "",
  email: "",
  company_name: "",
  address1: "",
  address2: "",
  city: "",
  country: "IN",
  state: "",
  postcode: "",
  phone: "",
});

/** The address form's rules with translated messages; `withEmail` for a guest checkout. */
export function useAddressSchema(withEmail: boolean) {
  const { t } = useLingui();
  return z.object({
    first_name: z
      .string()
      .trim()
      .min(1, t`Enter the first name.`)
      .max(100),
    last_name: z
      .string()
      .trim()
      .min(1, t`Enter the last name.`)
      .max(100),
    email: withEmail ? z.email({ error: t`Enter a valid e-mail address.` }) : z.string(),
    company_name: z.string().trim().max(200),
    address1: z
      .string()
      .trim()
      .min(1, t`Enter the street address.`)
      .max(200),
    address2: z.string().trim().max(200),
    city: z
      .string()
      .trim()
      .min(1, t`Enter the town or city.`)
      .max(100),
    country: z.string().length(2, t`Choose a country.`),
    state: z.string().trim().max(100),
    postcode: z
      .string()
      .trim()
      .min(1, t`Enter the postcode.`)
      .max(20),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{3,38}$/, t`Enter a phone number.`),
  });
}

/** The fields of a postal address, with autocomplete tokens so the browser can fill them. */
export function AddressFields({
  values,
  errors,
  onChange,
  states,
  withEmail = false,
  idPrefix,
}: {
  values: AddressValues;
  errors: Partial<Record<AddressField, string>>;
  onChange: (field: AddressField, value: string) => void;
  /** states of the chosen country (code and name); a free text field when empty */
  states: { code: string; name: string }[];
  withEmail?: boolean;
  idPrefix: string;
}) {
  const { t, i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale], { type: "region" });
  const field = (name: AddressField, label: string, autoComplete: string, required = true, type = "text") => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      type={type}
      label={label}
      autoComplete={autoComplete}
      required={required}
      fullWidth
      value={values[name]}
      onChange={(e) => onChange(name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>{field("first_name", t`First Name`, "given-name")}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{field("last_name", t`Last Name`, "family-name")}</Grid>
      {withEmail && <Grid size={12}>{field("email", t`Email`, "email", true, "email")}</Grid>}
      <Grid size={12}>{field("company_name", t`Company Name`, "organization", false)}</Grid>
      <Grid size={12}>{field("address1", t`Street Address`, "address-line1")}</Grid>
      <Grid size={12}>{field("address2", t`Apartment, suite, unit etc.`, "address-line2", false)}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          id={`${idPrefix}-country`}
          name="country"
          select
          label={t`Country`}
          autoComplete="country"
          required
          fullWidth
          value={values.country}
          onChange={(e) => onChange("country", e.target.value)}
          error={Boolean(errors.country)}
          helperText={errors.country}
        >
          {DELIVERY_COUNTRIES.map((c) => (
            <MenuItem key={c} value={c}>
              {names.of(c) ?? c}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {states.length > 0 ? (
          <TextField
            id={`${idPrefix}-state`}
            name="state"
            select
            label={t`State`}
            autoComplete="address-level1"
            fullWidth
            value={values.state}
            onChange={(e) => onChange("state", e.target.value)}
            error={Boolean(errors.state)}
            helperText={errors.state}
          >
            {states.map((s) => (
              <MenuItem key={s.code} value={s.code}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          field("state", t`State`, "address-level1", false)
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{field("city", t`Town / City`, "address-level2")}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{field("postcode", t`Postcode / ZIP`, "postal-code")}</Grid>
      <Grid size={12}>{field("phone", t`Phone`, "tel", true, "tel")}</Grid>
    </Grid>
  );
}
