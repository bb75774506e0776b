// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../../tests/msw/server";
import { renderWithProviders } from "../../../../tests/utils/render";
import { ContactForm } from "./contact-form";

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: /Name/ }), "Asha Rao");
  await user.type(screen.getByRole("textbox", { name: /Email/ }), "asha@example.com");
  await user.type(screen.getByRole("textbox", { name: /Subject/ }), "Delivery");
  await user.type(screen.getByRole("textbox", { name: /Message/ }), "Do you ship to Pune?");
  await user.click(screen.getByRole("button", { name: "Send Message" }));
}

function toastOf(text: string) {
  return screen.findByText(text).then((el) => el.closest(".notistack-MuiContent"));
}

describe("contact form", () => {
  it("says what is missing before calling the server", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "asha@");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByText("Please enter your name.")).toBeTruthy();
    expect(screen.getByText("Please enter a valid e-mail address, like name@example.com.")).toBeTruthy();
    expect(screen.getByText("Please write your message.")).toBeTruthy();
  });

  it("sends the request and shows the server message as a success toast, then clears the form", async () => {
    let body: unknown;
    server.use(
      http.post("*/api/contactrequest", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 200, message: "Thank you for contacting us." });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await fill(user);
    const toast = await toastOf("Thank you for contacting us.");
    expect(toast?.className).toContain("notistack-MuiContent-success");
    expect(body).toEqual({
      name: "Asha Rao",
      email: "asha@example.com",
      subject: "Delivery",
      message: "Do you ship to Pune?",
    });
    expect((screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement).value).toBe("");
  });

  it("shows an error toast when the reply's status is not 200, keeping what was typed", async () => {
    server.use(
      http.post("*/api/contactrequest", () =>
        HttpResponse.json({ status: 500, message: "Mailbox is full." }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await fill(user);
    const toast = await toastOf("Mailbox is full.");
    expect(toast?.className).toContain("notistack-MuiContent-error");
    expect((screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      "Do you ship to Pune?",
    );
  });

  it("shows the server's refusal as an error toast and marks the refused field", async () => {
    server.use(
      http.post("*/api/contactrequest", () =>
        HttpResponse.json(
          {
            status: 422,
            message: "The given data was invalid.",
            errors: { email: ["The email is not accepted."] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await fill(user);
    const toast = await toastOf("The email is not accepted.");
    expect(toast?.className).toContain("notistack-MuiContent-error");
    expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("aria-invalid")).toBe("true");
  });

  it("says the form is not available when the back end has no contact service (a stock Bagisto's 405)", async () => {
    server.use(
      http.post("*/api/contactrequest", () =>
        HttpResponse.json({ error: "Method Not Allowed" }, { status: 405 }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await fill(user);
    const text = "The contact form is not available. Please call us or write to us by e-mail.";
    const form = screen.getByRole("form", { name: "Contact form" });
    expect((await within(form).findByRole("alert")).textContent).toBe(text);
    expect((screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      "Do you ship to Pune?",
    );
  });

  it("keeps everything the shopper typed when the network fails, and a retry sends it", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post("*/api/contactrequest", ({ request }) => {
        keys.push(request.headers.get("Idempotency-Key"));
        return HttpResponse.error();
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ContactForm />, { path: "/contact" });
    await fill(user);
    const toast = await toastOf(
      "Your message could not be sent. Please check your connection and try again.",
    );
    expect(toast?.className).toContain("notistack-MuiContent-error");
    expect((screen.getByRole("textbox", { name: /Name/ }) as HTMLInputElement).value).toBe("Asha Rao");
    expect((screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      "Do you ship to Pune?",
    );

    server.use(
      http.post("*/api/contactrequest", ({ request }) => {
        keys.push(request.headers.get("Idempotency-Key"));
        return HttpResponse.json({ status: 200, message: "Thank you for contacting us." });
      }),
    );
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thank you for contacting us.");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
