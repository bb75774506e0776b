import { z } from "zod";
import { dataSchema, timestampSchema } from "./common";

export const customerAddressSchema = z.looseObject({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  vat_id: z.string().nullable(),
  address1: z.array(z.string()),
  country: z.string(),
  country_name: z.string(),
  state: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

const line = z.string().trim().max(200);

/** POST /api/addresses/create and PUT /api/addresses/{id} */
export const addressInputSchema = z.object({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  company_name: z.string().trim().max(200).nullable().optional(),
  vat_id: z.string().trim().max(50).nullable().optional(),
  address1: z
    .array(line)
    .min(1)
    .max(4)
    .refine((l) => l.some((s) => s.length > 0), "The address1 field is required."),
  country: z.string().trim().length(2),
  state: z.string().trim().max(100).nullable().optional(),
  city: z.string().trim().min(1).max(100),
  postcode: z.string().trim().min(1).max(20),
  phone: z.string().trim().min(5).max(40),
  default_address: z.boolean().optional(),
  is_default: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressListReplySchema = dataSchema(z.array(customerAddressSchema));
export type AddressListReply = z.infer<typeof addressListReplySchema>;
export const addressReplySchema = dataSchema(customerAddressSchema);
export const addressSaveReplySchema = z.looseObject({ message: z.string(), data: customerAddressSchema });
export type AddressSaveReply = z.infer<typeof addressSaveReplySchema>;

export const stateSchema = z.looseObject({
  id: z.number(),
  country_code: z.string(),
  code: z.string(),
  default_name: z.string(),
});
export type State = z.infer<typeof stateSchema>;
/** GET /api/statelist (optional ?country=IN) */
export const stateListReplySchema = dataSchema(z.array(stateSchema));
export type StateListReply = z.infer<typeof stateListReplySchema>;
/** GET /api/country-states (Bagisto's): every country's states, keyed by country code */
export const countryStatesReplySchema = dataSchema(z.record(z.string(), z.array(stateSchema)));
