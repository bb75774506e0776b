import { z } from "zod/mini";
import { dataSchema, timestampSchema, trimmedText } from "./common";

export const customerSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    gender: z.nullable(z.string()),
    date_of_birth: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    status: z.number(),
    group: z.optional(z.looseObject({ id: z.number(), name: z.string() })),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  }),
);
export type Customer = z.infer<typeof customerSchema>;

const password = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(8), z.maxLength(200)));

/** A phone number as shoppers type it: digits with an optional leading +, spaces and dashes. */
export const phoneSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .check(z.trim(), z.regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, "The phone must be a valid phone number.")),
);
/** An optional phone field: empty means none. */
const optionalPhone = /* @__PURE__ */ z.lazy(() => z.union([z.literal(""), phoneSchema]));

/** POST /api/customer/login?token=true */
export const loginRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    email: z.email().check(z.maxLength(254)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** the object the storefront stores under `auth` */
export const loginReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    token: z.string(),
    message: z.string(),
    data: customerSchema,
  }),
);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** POST /api/customer/register */
export const registerRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      first_name: trimmedText(100, { min: 1 }),
      last_name: trimmedText(100, { min: 1 }),
      email: z.email().check(z.maxLength(254)),
      password,
      password_confirmation: z.string().check(z.maxLength(200)),
      phone: z.optional(optionalPhone),
    })
    .check(
      z.refine((v) => v.password === v.password_confirmation, {
        message: "The password confirmation does not match.",
        path: ["password_confirmation"],
      }),
    ),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ message: z.string(), data: z.optional(customerSchema) }),
);
export type RegisterReply = z.infer<typeof registerReplySchema>;

/** PUT /api/customer/profile?token=true */
export const profileUpdateSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      first_name: trimmedText(100, { min: 1 }),
      last_name: trimmedText(100, { min: 1 }),
      gender: z.optional(z.nullable(z.enum(["Male", "Female", "Other"]))),
      date_of_birth: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))),
      email: z.optional(z.email().check(z.maxLength(254))),
      phone: z.optional(z.nullable(optionalPhone)),
      password: z.optional(password),
      password_confirmation: z.optional(z.string().check(z.maxLength(200))),
      /** required to change the e-mail or the password (security review M3), as Bagisto's own profile */
      current_password: z.optional(z.string().check(z.maxLength(200))),
    })
    .check(
      z.refine((v) => v.password === undefined || v.password === v.password_confirmation, {
        message: "The password confirmation does not match.",
        path: ["password_confirmation"],
      }),
    ),
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export const profileReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({ message: z.string(), data: customerSchema }),
);
export type ProfileReply = z.infer<typeof profileReplySchema>;

/** GET /api/customer/get?token=true */
export const customerReplySchema = /* @__PURE__ */ z.lazy(() => dataSchema(customerSchema));

export const forgotPasswordRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ email: z.email().check(z.maxLength(254)) }),
);
/** 200 `{message}` or 200 `{error}` for an unknown e-mail, as Bagisto */
export const forgotPasswordReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    message: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
);

/** A reset or confirmation link's token: what the server mints (lib/crypto.ts randomToken), base64url. */
export const linkTokenSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/, "The link is invalid.")),
);

/** POST /api/customer/reset-password: the mailed link's token and the new password, as registration checks it */
export const resetPasswordRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      token: linkTokenSchema,
      password,
      password_confirmation: z.string().check(z.maxLength(200)),
    })
    .check(
      z.refine((v) => v.password === v.password_confirmation, {
        message: "The password confirmation does not match.",
        path: ["password_confirmation"],
      }),
    ),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
/** 200 `{message}`; 422 `{message, errors: {token | password | password_confirmation}}`; 503 no mail */
export const resetPasswordReplySchema = /* @__PURE__ */ z.lazy(() => z.looseObject({ message: z.string() }));

/** POST /api/send-verification-code */
export const sendCodeRequestSchema = /* @__PURE__ */ z.lazy(() => z.object({ phone: phoneSchema }));
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;
export const sendCodeReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    status: z.boolean(),
    phone: z.optional(z.string()),
    message: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
);
export type SendCodeReply = z.infer<typeof sendCodeReplySchema>;

/** POST /api/verify-code ; a wrong or expired code is 200 `{status: false, message, error}` */
export const verifyCodeRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    phone: phoneSchema,
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "The code must be 6 digits.")),
  }),
);
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;
export const verifyCodeReplySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    status: z.boolean(),
    token: z.optional(z.string()),
    message: z.optional(z.string()),
    error: z.optional(z.string()),
    data: z.optional(customerSchema),
  }),
);
export type VerifyCodeReply = z.infer<typeof verifyCodeReplySchema>;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
