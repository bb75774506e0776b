import { z } from "zod/mini";

// Every top-level schema of the contract is `/* @__PURE__ */ z.lazy(…)`: built on first use, and left out of the
// browser's bundle where only the server uses it (its request and query validators, ≈ 0.9 kB gzip of the entry).

/** Bagisto returns DECIMAL columns as strings ("50.0000") and computed amounts as numbers. */
export const moneySchema = /* @__PURE__ */ z.lazy(() => z.union([z.number(), z.string()]));
export type Money = z.infer<typeof moneySchema>;

// A schema that others extend or narrow is built by a function of its own (`productObject`), which its `z.lazy`
// and the extensions call: `z.extend(productObject(), {…})` inside the extension's own `z.lazy`.

/**
 * A text field trimmed before it is measured: at most `max` characters and, with `min`, at least `min`
 * (`message` when shorter, `tooLong` when longer; zod's default otherwise). Further checks chain on with `.check`.
 */
export function trimmedText(
  max: number,
  { min, message, tooLong }: { min?: number; message?: string; tooLong?: string } = {},
) {
  const text = z.string().check(z.trim());
  return min === undefined
    ? text.check(z.maxLength(max, tooLong))
    : text.check(z.minLength(min, message), z.maxLength(max, tooLong));
}

export const timestampSchema = /* @__PURE__ */ z.lazy(() => z.nullable(z.string()));

export const paginationLinksSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    first: z.nullable(z.string()),
    last: z.nullable(z.string()),
    prev: z.nullable(z.string()),
    next: z.nullable(z.string()),
  }),
);

export const paginationMetaSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    current_page: z.number(),
    from: z.nullable(z.number()),
    last_page: z.number(),
    path: z.string(),
    per_page: z.union([z.number(), z.string()]),
    to: z.nullable(z.number()),
    total: z.number(),
    links: z.optional(
      z.array(z.looseObject({ url: z.nullable(z.string()), label: z.string(), active: z.boolean() })),
    ),
  }),
);
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export function paginatedSchema<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    links: z.optional(paginationLinksSchema),
    meta: z.optional(paginationMetaSchema),
  });
}

export function dataSchema<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: item });
}

export const listQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
    pagination: z.optional(z.enum(["0", "1"])),
  }),
);

export const errorObjectSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.string(),
    code: z.optional(z.union([z.number(), z.string()])),
  }),
);

/**
 * Every error body the API may send: `{error: "…"}`, `{error: {message, code}}` (add-to-cart),
 * `{message, errors}` (422 validation). Use `errorMessage()` to get one displayable string.
 */
export const errorBodySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    error: z.optional(z.union([z.string(), errorObjectSchema])),
    message: z.optional(z.string()),
    errors: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
);
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

export const validationErrorSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  }),
);
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const messageReplyObject = () => z.looseObject({ message: z.string() });
export const messageReplySchema = /* @__PURE__ */ z.lazy(messageReplyObject);
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Contact, subscribe and similar replies: the UI shows `message` as success when `status === 200`. */
export const statusReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    status: z.union([z.number(), z.boolean()]),
    message: z.string(),
    errors: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
);
export type StatusReply = z.infer<typeof statusReplySchema>;

export const imageSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    small_image_url: z.string(),
    medium_image_url: z.string(),
    large_image_url: z.string(),
    original_image_url: z.optional(z.string()),
  }),
);
export type Image = z.infer<typeof imageSchema>;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const SESSION_COOKIE = "bagisto_session";
/**
 * The `code` of the 409 a guest's write with an Idempotency-Key but no session cookie gets: the reply sets a
 * fresh session cookie and nothing was made; the same request (same key) is to be sent again at once.
 */
export const SESSION_STARTED = "session_started";

/**
 * The language a catalogue read asks for, as Bagisto's `locale` query parameter spells it (`en`, `fr`, `de`:
 * the shop's languages, src/i18n/locale.ts). Decision 051.
 */
export type LocaleCode = string;
