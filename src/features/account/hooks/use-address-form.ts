import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { accountQueries, type Address } from "@/api/account";
import {
  emptyAddress,
  useAddressSchema,
  type AddressField,
  type AddressValues,
} from "@/components/form/address-fields";
import { toFieldErrors, type FieldErrors } from "../utils/form-errors";

export function addressToValues(a: Address): AddressValues {
  return {
    ...emptyAddress(),
    first_name: a.firstName,
    last_name: a.lastName,
    company_name: a.companyName,
    address1: a.lines[0] ?? "",
    address2: a.lines.slice(1).join(", "),
    city: a.city,
    country: a.country,
    state: a.state,
    postcode: a.postcode,
    phone: a.phone,
  };
}

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

  return {
    values,
    errors,
    onChange,
    validate,
    setValues,
    states,
  };
}
