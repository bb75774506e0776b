import { z } from "zod/mini";
import { dataSchema, timestampSchema, trimmedText } from "./common";

export const customerAddressSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    first_name: z.nullable(z.string()),
    last_name: z.nullable(z.string()),
    company_name: z.nullable(z.string()),
    vat_id: z.nullable(z.string()),
    address1: z.array(z.string()),
    country: z.string(),
    country_name: z.string(),
    state: z.nullable(z.string()),
    city: z.string(),
    postcode: z.string(),
    phone: z.string(),
    is_default: z.boolean(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  }),
);
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

const line = /* @__PURE__ */ z.lazy(() => trimmedText(200));

/** POST /api/addresses/create and PUT /api/addresses/{id} */
export const addressInputSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    first_name: z.optional(trimmedText(100)),
    last_name: z.optional(trimmedText(100)),
    company_name: z.optional(z.nullable(trimmedText(200))),
    vat_id: z.optional(z.nullable(trimmedText(50))),
    address1: z.array(line).check(
      z.minLength(1),
      z.maxLength(4),
      z.refine((l) => l.some((s) => s.length > 0), "The address1 field is required."),
    ),
    country: z.string().check(z.trim(), z.length(2)),
    state: z.optional(z.nullable(trimmedText(100))),
    city: trimmedText(100, { min: 1 }),
    postcode: trimmedText(20, { min: 1 }),
    phone: trimmedText(40, { min: 5 }),
    default_address: z.optional(z.boolean()),
    is_default: z.optional(z.boolean()),
  }),
);
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressListReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(z.array(customerAddressSchema)),
);
export type AddressListReply = z.infer<typeof addressListReplySchema>;
export const addressReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(customerAddressSchema));
export const addressSaveReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ message: z.string(), data: customerAddressSchema }),
);
export type AddressSaveReply = z.infer<typeof addressSaveReplySchema>;

export const stateSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    country_code: z.string(),
    code: z.string(),
    default_name: z.string(),
  }),
);
export type State = z.infer<typeof stateSchema>;
/** GET /api/statelist (optional ?country=IN) */
export const stateListReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(z.array(stateSchema)));
export type StateListReply = z.infer<typeof stateListReplySchema>;
/** GET /api/country-states (Bagisto's): every country's states, keyed by country code */
export const countryStatesReplySchema = /* @__PURE__ */ z.lazy(() =>
  dataSchema(z.record(z.string(), z.array(stateSchema))),
);
