import type { z } from "zod/mini";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each invalid field of a failed zod parse (for helper texts under the fields). */
export function toFieldErrors<K extends string>(error: z.core.$ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") as K;
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Server field errors (422 `errors`) in the same shape. */
export function fromServerErrors<K extends string>(fieldErrors: Record<string, string[]>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (messages[0]) out[key as K] = messages[0];
  }
  return out;
}
