// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { RegisterForm } from "./register-form";
import { ResetPasswordView } from "./reset-password-view";

/** The helper text under a field (its accessible description). */
function helpOf(field: HTMLElement): string {
  const id = field.getAttribute("aria-describedby");
  return (id && document.getElementById(id)?.textContent) || "";
}

/** Counts the requests to `path` (none should go out while the fields are refused). */
function counted(path: string) {
  const seen = { n: 0 };
  server.use(
    http.post(`*${path}`, () => {
      seen.n++;
      return HttpResponse.json({ message: "ok" });
    }),
  );
  return seen;
}

/**
 * Registration and password reset ask for a new password and its confirmation with the same fields, checks
 * and messages (new-password-fields.tsx); each form names the first field its own way.
 */
describe("a new password and its confirmation", () => {
  const cases = [
    {
      form: "registration",
      path: "/api/customer/register",
      label: /^Password/,
      submit: "Register",
      render: () => renderWithProviders(<RegisterForm />),
    },
    {
      form: "password reset",
      path: "/api/customer/reset-password",
      label: /^New password/,
      submit: "Set the new password",
      render: () => {
        window.history.replaceState(null, "", `/reset-password#token=${"k".repeat(40)}`);
        return renderWithProviders(<ResetPasswordView />, { path: "/reset-password" });
      },
    },
  ];

  for (const c of cases)
    it(`refuses a short password, then a confirmation that differs, before calling the server (${c.form})`, async () => {
      const sent = counted(c.path);
      const user = userEvent.setup();
      await c.render();
      const password = await screen.findByLabelText(c.label);
      const confirmation = screen.getByLabelText(/^Confirm Password/);
      expect([password.getAttribute("type"), confirmation.getAttribute("type")]).toEqual([
        "password",
        "password",
      ]);
      expect(password.getAttribute("autocomplete")).toBe("new-password");
      expect(confirmation.getAttribute("autocomplete")).toBe("new-password");

      await user.type(password, "short");
      await user.type(confirmation, "short");
      await user.click(screen.getByRole("button", { name: c.submit }));
      expect(helpOf(password)).toBe("The password needs at least 8 characters.");
      expect(password.getAttribute("aria-invalid")).toBe("true");
      expect(helpOf(confirmation)).toBe("");

      await user.clear(password);
      await user.type(password, "secret-long-1");
      await user.clear(confirmation);
      await user.type(confirmation, "secret-long-2");
      await user.click(screen.getByRole("button", { name: c.submit }));
      expect(helpOf(password)).toBe("");
      expect(helpOf(confirmation)).toBe("The two passwords are not the same.");
      expect(confirmation.getAttribute("aria-invalid")).toBe("true");
      expect(sent.n).toBe(0);
    });
});
