import { contactRequestSchema, type ContactRequest } from "@/api/contract/content";

export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
/** What is wrong with a field; the form turns it into a sentence in the shopper's language. */
export type ContactProblem = "required" | "invalid" | "too-long";
export type ContactProblems = Partial<Record<ContactField, ContactProblem>>;

export const EMPTY_CONTACT: ContactValues = { name: "", email: "", phone: "", subject: "", message: "" };

const PHONE = /^\+?[0-9\s().-]{6,40}$/;

function isField(key: unknown): key is ContactField {
  return typeof key === "string" && (CONTACT_FIELDS as readonly string[]).includes(key);
}

/**
 * Checks the form against the shared contract (contactRequestSchema) plus a phone-number shape.
 * Empty optional fields are left out of the request.
 */
export function validateContact(
  values: ContactValues,
): { ok: true; request: ContactRequest } | { ok: false; problems: ContactProblems } {
  const input = {
    name: values.name,
    email: values.email.trim(),
    phone: values.phone.trim() || undefined,
    subject: values.subject.trim() || undefined,
    message: values.message,
  };
  const problems: ContactProblems = {};
  const parsed = contactRequestSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (!isField(field) || problems[field]) continue;
      if (issue.code === "too_big") problems[field] = "too-long";
      else if (issue.code === "too_small" || (field !== "email" && issue.code === "invalid_type"))
        problems[field] = "required";
      else problems[field] = field === "email" && !input.email ? "required" : "invalid";
    }
  }
  if (input.phone && !problems.phone && !PHONE.test(input.phone)) problems.phone = "invalid";
  if (Object.keys(problems).length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, request: parsed.data };
}

/** Server field errors (422) as problems of the form's fields. */
export function serverProblems(fieldErrors: Record<string, string[]>): ContactProblems {
  const problems: ContactProblems = {};
  for (const key of Object.keys(fieldErrors)) if (isField(key)) problems[key] = "invalid";
  return problems;
}
