import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromServerErrors, toFieldErrors } from "./form-errors";

describe("form errors", () => {
  it("keeps the first message of each invalid field", () => {
    const r = z
      .object({ email: z.email("bad e-mail"), password: z.string().min(6, "too short").max(8, "too long") })
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
