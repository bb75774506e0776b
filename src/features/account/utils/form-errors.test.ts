import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { fromServerErrors, toFieldErrors } from "./form-errors";

describe("form errors", () => {
  it("keeps the first message of each invalid field", () => {
    const r = z
      .object({
        email: z.email("bad e-mail"),
        password: z.string().check(z.minLength(6, "too short"), z.maxLength(8, "too long")),
      })
      .safeParse({ email: "x", password: "" });
    expect(r.success).toBe(false);
    if (!r.success) expect(toFieldErrors(r.error)).toEqual({ email: "bad e-mail", password: "too short" });
  });

  it("reads server field errors", () => {
    expect(fromServerErrors({ email: ["The email has already been taken."], phone: [] })).toEqual({
      email: "The email has already been taken.",
    });
  });
});
