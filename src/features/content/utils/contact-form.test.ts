import { describe, expect, it } from "vitest";
import { EMPTY_CONTACT, serverProblems, validateContact } from "./contact-form";

const filled = {
  name: " Asha Rao ",
  email: " asha@example.com ",
  phone: "",
  subject: "",
  message: "Do you ship to Pune?",
};

describe("contact form validation", () => {
  it("sends a trimmed request and leaves empty optional fields out", () => {
    expect(validateContact(filled)).toEqual({
      ok: true,
      request: { name: "Asha Rao", email: "asha@example.com", message: "Do you ship to Pune?" },
    });
  });

  it("asks for name, e-mail and message when they are empty", () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      ok: false,
      problems: { name: "required", email: "required", message: "required" },
    });
    expect(validateContact({ ...filled, name: "   ", message: " \n " })).toEqual({
      ok: false,
      problems: { name: "required", message: "required" },
    });
  });

  it("says an e-mail address or phone number is not valid", () => {
    expect(validateContact({ ...filled, email: "asha@", phone: "call me" })).toEqual({
      ok: false,
      problems: { email: "invalid", phone: "invalid" },
    });
    expect(validateContact({ ...filled, phone: "+91 (80) 4123-5678" }).ok).toBe(true);
  });

  it("says when a text is too long for the shop to store", () => {
    const result = validateContact({ ...filled, message: "x".repeat(5001), subject: "s".repeat(301) });
    expect(result).toEqual({ ok: false, problems: { subject: "too-long", message: "too-long" } });
  });

  it("marks the fields the server refused", () => {
    expect(serverProblems({ email: ["The email must be valid."], other: ["x"] })).toEqual({
      email: "invalid",
    });
  });
});
