import { z } from "zod";

/** Bagisto returns DECIMAL columns as strings ("50.0000") and computed amounts as numbers. */
export const moneySchema = z.union([z.number(), z.string()]);
export type Money = z.infer<typeof moneySchema>;

export const idSchema = z.union([z.number(), z.string()]);

export const timestampSchema = z.string().nullable();

export const paginationLinksSchema = z.looseObject({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

export const paginationMetaSchema = z.looseObject({
  current_page: z.number(),
  from: z.number().nullable(),
  last_page: z.number(),
  path: z.string(),
  per_page: z.union([z.number(), z.string()]),
  to: z.number().nullable(),
  total: z.number(),
  links: z
    .array(z.looseObject({ url: z.string().nullable(), label: z.string(), active: z.boolean() }))
    .optional(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    links: paginationLinksSchema.optional(),
    meta: paginationMetaSchema.optional(),
  });
}

export function dataSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: item });
}

export const listQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  pagination: z.enum(["0", "1"]).optional(),
});

export const errorObjectSchema = z.looseObject({
  message: z.string(),
  code: z.union([z.number(), z.string()]).optional(),
});

/**
 * Every error body the API may send: `{error: "…"}`, `{error: {message, code}}` (add-to-cart),
 * `{message, errors}` (422 validation). Use `errorMessage()` to get one displayable string.
 */
export const errorBodySchema = z.looseObject({
  error: z.union([z.string(), errorObjectSchema]).optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorMessage(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { error, message, errors } = parsed.data;
  if (typeof error === "string") return error;
  if (error && typeof error.message === "string") return error.message;
  if (errors) {
    const first = Object.values(errors)[0]?.[0];
    if (first) return first;
  }
  return message;
}

export const validationErrorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const messageReplySchema = z.looseObject({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Contact, subscribe and similar replies: the UI shows `message` as success when `status === 200`. */
export const statusReplySchema = z.looseObject({
  status: z.union([z.number(), z.boolean()]),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type StatusReply = z.infer<typeof statusReplySchema>;

export const imageSchema = z.looseObject({
  small_image_url: z.string(),
  medium_image_url: z.string(),
  large_image_url: z.string(),
  original_image_url: z.string().optional(),
});
export type Image = z.infer<typeof imageSchema>;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const SESSION_COOKIE = "bagisto_session";
