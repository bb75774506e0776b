import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { accountQueries } from "@/api/account";
import {
  addressErrorsOf,
  useAddressSchema,
  type AddressField,
  type AddressValues,
} from "@/components/mui/address-fields";
import { toFieldErrors, type FieldErrors } from "../utils/form-errors";

/** State of an address form: values, field errors, the state list of the chosen country, validation. */
export function useAddressForm(initial: AddressValues, withEmail = false) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const schema = useAddressSchema(withEmail);
  const { data: states = [] } = useQuery(accountQueries.states(values.country));

  function onChange(field: AddressField, value: string) {
    setValues((v) => ({ ...v, [field]: value, ...(field === "country" ? { state: "" } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  /** The valid values, or null after showing the field errors. */
  function validate(): AddressValues | null {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  /** Shows a server's field errors (keyed by the address's names) under the fields. */
  function showServerErrors(fieldErrors: Record<string, string[]>) {
    setErrors(addressErrorsOf(fieldErrors));
  }

  return {
    values,
    errors,
    onChange,
    validate,
    showServerErrors,
    setValues,
    states,
  };
}
