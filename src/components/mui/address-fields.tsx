import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useLingui } from "@lingui/react/macro";
import { z } from "zod/mini";
import { trimmedText } from "@/api/contract/common";

/** The countries the shop delivers to (ISO codes; names come from Intl in the active language). */
export const DELIVERY_COUNTRIES = ["IN", "US", "GB", "DE", "FR"] as const;

/** What the address form holds: one text per field (the street in two lines). */
export interface AddressValues {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  line1: string;
  line2: string;
  city: string;
  country: string;
  state: string;
  postcode: string;
  phone: string;
}

export type AddressField = keyof AddressValues;

export const emptyAddress = (): AddressValues => ({
  firstName: "",
  lastName: "",
  email: "",
  companyName: "",
  line1: "",
  line2: "",
  city: "",
  country: "IN",
  state: "",
  postcode: "",
  phone: "",
});

/**
 * An address as the api layer takes and gives it (api/account.ts `AddressDraft` and `Address`, by shape: shared
 * UI does not import the api layer).
 */
interface AddressShape {
  firstName: string;
  lastName: string;
  companyName?: string;
  lines: string[];
  country: string;
  state?: string;
  city: string;
  postcode: string;
  phone: string;
}

/** The form's values of a saved address (street lines after the first joined on the second line). */
export function addressValuesOf(a: AddressShape): AddressValues {
  return {
    ...emptyAddress(),
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName ?? "",
    line1: a.lines[0] ?? "",
    line2: a.lines.slice(1).join(", "),
    city: a.city,
    country: a.country,
    state: a.state ?? "",
    postcode: a.postcode,
    phone: a.phone,
  };
}

/** The address to save from valid form values (empty street lines left out). */
export function addressDraftOf(v: AddressValues): AddressShape {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    companyName: v.companyName,
    lines: [v.line1, v.line2].filter(Boolean),
    city: v.city,
    country: v.country,
    state: v.state,
    postcode: v.postcode,
    phone: v.phone,
  };
}

/** A server's field errors (keyed by the address's names, api/account.ts) as the form's: the street's on line 1. */
export function addressErrorsOf(
  fieldErrors: Record<string, string[]>,
): Partial<Record<AddressField, string>> {
  const out: Partial<Record<AddressField, string>> = {};
  const fields = Object.keys(emptyAddress()) as AddressField[];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = key === "lines" ? "line1" : fields.find((f) => f === key);
    if (field && messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

/** The address form's rules with translated messages; `withEmail` for a guest checkout. */
export function useAddressSchema(withEmail: boolean) {
  const { t } = useLingui();
  return z.object({
    firstName: trimmedText(100, { min: 1, message: t`Enter the first name.` }),
    lastName: trimmedText(100, { min: 1, message: t`Enter the last name.` }),
    email: withEmail ? z.email({ error: t`Enter a valid e-mail address.` }) : z.string(),
    companyName: trimmedText(200),
    line1: trimmedText(200, { min: 1, message: t`Enter the street address.` }),
    line2: trimmedText(200),
    city: trimmedText(100, { min: 1, message: t`Enter the town or city.` }),
    country: z.string().check(z.length(2, t`Choose a country.`)),
    state: trimmedText(100),
    postcode: trimmedText(20, { min: 1, message: t`Enter the postcode.` }),
    phone: z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 ()-]{3,38}$/, t`Enter a phone number.`)),
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
      <Grid size={{ xs: 12, sm: 6 }}>{field("firstName", t`First Name`, "given-name")}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{field("lastName", t`Last Name`, "family-name")}</Grid>
      {withEmail && <Grid size={12}>{field("email", t`Email`, "email", true, "email")}</Grid>}
      <Grid size={12}>{field("companyName", t`Company Name`, "organization", false)}</Grid>
      <Grid size={12}>{field("line1", t`Street Address`, "address-line1")}</Grid>
      <Grid size={12}>{field("line2", t`Apartment, suite, unit etc.`, "address-line2", false)}</Grid>
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
