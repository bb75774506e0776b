// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readAuth, readPendingMobile, writeAuth, writePendingMobile } from "@/api/auth-storage";
import { reshapeOrder } from "@/api/order";
import { server } from "../../../../tests/msw/server";
import { sampleCustomer, sampleOrder, shoppingHandlers } from "../../../../tests/msw/shopping-handlers";
import { createTestQueryClient, renderWithProviders } from "../../../../tests/utils/render";
import { readLastReceipt, saveLastReceipt } from "../store";
import { AccountMenu } from "./account-menu";
import { AddressBook } from "./mui/address-book";
import { LoginForm } from "./login-form";
import { OrderDetail } from "./mui/order-detail";
import { OrderList } from "./mui/order-list";
import { OrderSuccessView } from "./mui/order-success-view";
import { OtpLoginForm } from "./otp-login-form";
import { ProfileForm } from "./mui/profile-form";
import { RegisterForm } from "./register-form";
import { reshapeCustomer } from "@/api/account";

const loginReply = { token: "t0k", message: "Logged in successfully.", data: sampleCustomer };
const address = {
  id: 3,
  first_name: "Demo",
  last_name: "Rider",
  company_name: null,
  vat_id: null,
  address1: ["12 Canal Street"],
  country: "IN",
  country_name: "India",
  state: "KA",
  city: "Bengaluru",
  postcode: "560001",
  phone: "9800000001",
  is_default: false,
  created_at: null,
  updated_at: null,
};

/** The helper text under a field (its accessible description). */
function helpOf(field: HTMLElement): string {
  const ids = field.getAttribute("aria-describedby") ?? "";
  return ids
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email/), "demo@bicycle-shop.test");
  await user.type(screen.getByLabelText(/Password/), "demo1234");
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("login, register and one-time code", () => {
  beforeEach(() => server.use(...shoppingHandlers));

  it("says what is wrong with the fields before calling the server", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
  });

  it("stores the login reply as auth, shows both success toasts and goes to my-account after 1 s", async () => {
    let url = "";
    server.use(
      http.post("*/api/customer/login", ({ request }) => {
        url = request.url;
        return HttpResponse.json(loginReply);
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderWithProviders(<LoginForm />, { path: "/login-register" });
    await fillLogin(user);
    expect(await screen.findByText("Logged Successfully!")).toBeTruthy();
    expect(screen.getByText("You are Logged in successfully!")).toBeTruthy();
    expect(url).toContain("token=true");
    expect(readAuth()).toMatchObject({ token: "t0k", data: { email: "demo@bicycle-shop.test" } });
    expect(router.state.location.pathname).toBe("/login-register");
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(router.state.location.pathname).toBe("/my-account");
  });

  it("goes to the redirect path after login when one is given", async () => {
    server.use(http.post("*/api/customer/login", () => HttpResponse.json(loginReply)));
    const user = userEvent.setup();
    const { router } = await renderWithProviders(<LoginForm redirect="/checkout" />, {
      path: "/login-register",
    });
    await fillLogin(user);
    await screen.findByText("Logged Successfully!");
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(router.state.location.pathname).toBe("/checkout");
  });

  it("says 'Password and email is Wrong' on a server error, as a toast and a notice", async () => {
    server.use(
      http.post("*/api/customer/login", () =>
        HttpResponse.json({ error: "Invalid Email or Password" }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await fillLogin(user);
    expect(await screen.findAllByText("Password and email is Wrong")).toHaveLength(2);
    expect(readAuth()).toBeNull();
  });

  it("says 'Password and email is Wrong' on a network failure too", async () => {
    server.use(http.post("*/api/customer/login", () => HttpResponse.error()));
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await fillLogin(user);
    expect(await screen.findAllByText("Password and email is Wrong")).toHaveLength(2);
  });

  it("registers with 'You are Signed up Successfully!' then logs in with the same credentials", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/api/customer/register", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: "Your account has been created successfully." });
      }),
      http.post("*/api/customer/login", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(loginReply);
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText(/First Name/), "Ada");
    await user.type(screen.getByLabelText(/Last Name/), "Rider");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.test");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Confirm Password/), "secret12");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("You are Signed up Successfully!")).toBeTruthy();
    expect(await screen.findByText("Logged Successfully!")).toBeTruthy();
    expect(bodies[1]).toEqual({ email: "ada@example.test", password: "secret12" });
  });

  it("says 'Some Error Occured' when registration fails and shows the server's field message", async () => {
    server.use(
      http.post("*/api/customer/register", () =>
        HttpResponse.json(
          {
            message: "The given data was invalid.",
            errors: {
              email: ["The email has already been taken."],
              last_name: ["The last name may not be greater than 100 characters."],
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText(/First Name/), "Ada");
    await user.type(screen.getByLabelText(/Last Name/), "Rider");
    await user.type(screen.getByLabelText(/^Email/), "demo@bicycle-shop.test");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Confirm Password/), "secret12");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Some Error Occured")).toBeTruthy();
    expect(helpOf(screen.getByLabelText(/^Email/))).toBe("The email has already been taken.");
    expect(helpOf(screen.getByLabelText(/Last Name/))).toBe(
      "The last name may not be greater than 100 characters.",
    );
  });

  it("sends a one-time code, stores the pending mobile, and logs in with the code", async () => {
    server.use(
      http.post("*/api/send-verification-code", () =>
        HttpResponse.json({ status: true, phone: "+919800000001" }),
      ),
      http.post("*/api/verify-code", () =>
        HttpResponse.json({ status: true, token: "otp-token", message: "ok", data: sampleCustomer }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<OtpLoginForm />);
    await user.type(screen.getByLabelText(/Mobile number/), "+919800000001");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByLabelText(/One-time code/);
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(readPendingMobile()).toBe("+919800000001");
    expect(screen.getByRole("button", { name: /Resend code in \d+ s/ }).hasAttribute("disabled")).toBe(true);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify and login" }));
    expect(await screen.findByText("Logged Successfully!")).toBeTruthy();
    expect(readAuth()?.token).toBe("otp-token");
    expect(readPendingMobile()).toBeNull();
  });

  it("shows the server's message when the code is refused and removes the pending mobile (SPEC §4)", async () => {
    writePendingMobile("+919800000001");
    server.use(
      http.post("*/api/verify-code", () =>
        HttpResponse.json({ status: false, message: "The code is wrong.", error: "invalid" }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<OtpLoginForm />);
    await user.type(screen.getByLabelText(/One-time code/), "000000");
    await user.click(screen.getByRole("button", { name: "Verify and login" }));
    // a toast and the message under the code field
    expect(await screen.findAllByText("The code is wrong.")).toHaveLength(2);
    expect(readAuth()).toBeNull();
    expect(readPendingMobile()).toBeNull();
    // the form still holds the number: the code can be typed again
    expect(screen.getByText("We sent a code to +919800000001.")).toBeTruthy();
    expect(screen.getByLabelText(/One-time code/)).toBeTruthy();
  });

  it("says 'OTP is Expired or Invalid , please try again!' and clears the pending mobile on a network failure", async () => {
    writePendingMobile("+919800000001");
    server.use(http.post("*/api/verify-code", () => HttpResponse.error()));
    const user = userEvent.setup();
    await renderWithProviders(<OtpLoginForm />);
    await user.type(screen.getByLabelText(/One-time code/), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and login" }));
    expect(await screen.findAllByText("OTP is Expired or Invalid , please try again!")).toHaveLength(2);
    expect(readPendingMobile()).toBeNull();
    expect(screen.getByLabelText(/Mobile number/)).toBeTruthy();
  });

  it("says logging in needs a connection when offline", async () => {
    const spy = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await renderWithProviders(<LoginForm />);
    expect(screen.getByText(/Logging in needs a connection/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Login" }).hasAttribute("disabled")).toBe(true);
    spy.mockRestore();
  });
});

describe("my account", () => {
  beforeEach(() => {
    server.use(...shoppingHandlers);
    writeAuth({ token: "t0k", data: sampleCustomer });
  });

  it("updates the profile with 'Profile Updated successfully' and stores the new data", async () => {
    server.use(
      http.put("*/api/customer/profile", async ({ request }) => {
        const body = (await request.json()) as { first_name: string };
        return HttpResponse.json({ message: "ok", data: { ...sampleCustomer, first_name: body.first_name } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ProfileForm customer={reshapeCustomer(sampleCustomer)} />);
    const first = screen.getByLabelText(/First Name/);
    await user.clear(first);
    await user.type(first, "Dana");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Profile Updated successfully")).toBeTruthy();
    expect(readAuth()).toMatchObject({ token: "t0k", data: { first_name: "Dana" } });
  });

  it("saves the profile of a customer who never gave a gender (the demo account), as it was loaded", async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.put("*/api/customer/profile", async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: "ok", data: { ...sampleCustomer, gender: null } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <ProfileForm customer={reshapeCustomer({ ...sampleCustomer, gender: null })} />,
    );
    expect(screen.getByText("Not given")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Profile Updated successfully")).toBeTruthy();
    expect(sent).toMatchObject({ first_name: sampleCustomer.first_name, gender: null });
  });

  it("says 'Failed To update data' when the profile cannot be saved", async () => {
    server.use(
      http.put("*/api/customer/profile", () =>
        HttpResponse.json({ message: "Server Error" }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ProfileForm customer={reshapeCustomer(sampleCustomer)} />);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Failed To update data")).toBeTruthy();
  });

  it("shows the server's refusal of the date of birth under that field", async () => {
    server.use(
      http.put("*/api/customer/profile", () =>
        HttpResponse.json(
          {
            message: "The given data was invalid.",
            errors: { date_of_birth: ["The date of birth must be a date before today."] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ProfileForm customer={reshapeCustomer(sampleCustomer)} />);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Failed To update data")).toBeTruthy();
    expect(helpOf(screen.getByLabelText(/Date of birth/))).toBe(
      "The date of birth must be a date before today.",
    );
  });

  it("shows the server's refusal of the street under the street field", async () => {
    server.use(
      http.post("*/api/addresses/create", () =>
        HttpResponse.json(
          { message: "The given data was invalid.", errors: { "address1.0": ["The street is not valid."] } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Add new address" }));
    await user.type(screen.getByLabelText(/First Name/), "Demo");
    await user.type(screen.getByLabelText(/Last Name/), "Rider");
    await user.type(screen.getByLabelText(/Street Address/), "12 Canal Street");
    await user.type(screen.getByLabelText(/Town \/ City/), "Bengaluru");
    await user.type(screen.getByLabelText(/Postcode/), "560001");
    await user.type(screen.getByLabelText(/^Phone/), "9800000001");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findAllByText("Some Error occured , Please Contact Admin")).toHaveLength(2);
    expect(helpOf(screen.getByLabelText(/Street Address/))).toBe("The street is not valid.");
  });

  it("saves a new address with 'Address Saved Successfully!'", async () => {
    let body: unknown;
    server.use(
      http.post("*/api/addresses/create", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: "ok", data: address });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Add new address" }));
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(screen.getByText("Enter the street address.")).toBeTruthy();
    await user.type(screen.getByLabelText(/First Name/), "Demo");
    await user.type(screen.getByLabelText(/Last Name/), "Rider");
    await user.type(screen.getByLabelText(/Street Address/), "12 Canal Street");
    await user.type(screen.getByLabelText(/Town \/ City/), "Bengaluru");
    await user.type(screen.getByLabelText(/Postcode/), "560001");
    await user.type(screen.getByLabelText(/^Phone/), "9800000001");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address Saved Successfully!")).toBeTruthy();
    expect(body).toMatchObject({
      address1: ["12 Canal Street"],
      city: "Bengaluru",
      country: "IN",
      postcode: "560001",
    });
  });

  it("says 'Some Error occured , Please Contact Admin' when an address cannot be saved", async () => {
    server.use(
      http.post("*/api/addresses/create", () =>
        HttpResponse.json({ message: "Server Error" }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Add new address" }));
    await user.type(screen.getByLabelText(/First Name/), "Demo");
    await user.type(screen.getByLabelText(/Last Name/), "Rider");
    await user.type(screen.getByLabelText(/Street Address/), "12 Canal Street");
    await user.type(screen.getByLabelText(/Town \/ City/), "Bengaluru");
    await user.type(screen.getByLabelText(/Postcode/), "560001");
    await user.type(screen.getByLabelText(/^Phone/), "9800000001");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findAllByText("Some Error occured , Please Contact Admin")).toHaveLength(2);
  });

  it("edits an address from the server's current copy (GET addresses/{id}) and saves it with PUT", async () => {
    let put: unknown;
    server.use(
      http.get("*/api/addresses", () => HttpResponse.json({ data: [address] })),
      // the server's copy is newer than the list's
      http.get("*/api/addresses/3", () => HttpResponse.json({ data: { ...address, city: "Mysuru" } })),
      http.put("*/api/addresses/3", async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ message: "ok", data: { ...address, city: "Mysuru" } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const city = (await screen.findByLabelText(/Town \/ City/)) as HTMLInputElement;
    expect(city.value).toBe("Mysuru");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address Saved Successfully!")).toBeTruthy();
    expect(put).toMatchObject({ city: "Mysuru", address1: ["12 Canal Street"] });
  });

  it("edits an address from the list's copy when GET addresses/{id} fails", async () => {
    server.use(
      http.get("*/api/addresses", () => HttpResponse.json({ data: [address] })),
      http.get("*/api/addresses/3", () => HttpResponse.json({ message: "Server Error" }, { status: 500 })),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const city = (await screen.findByLabelText(/Town \/ City/)) as HTMLInputElement;
    expect(city.value).toBe("Bengaluru");
  });

  it("deletes an address with 'Address Deleted  Successfully!'", async () => {
    let list = [address];
    server.use(
      http.get("*/api/addresses", () => HttpResponse.json({ data: list })),
      http.delete("*/api/addresses/3", () => {
        list = [];
        return HttpResponse.json({ message: "Item removed successfully." });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<AddressBook />);
    const card = await screen.findByTestId("address-card");
    await user.click(within(card).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Address Deleted  Successfully!", { normalizer: (t) => t })).toBeTruthy();
  });

  it("lists the orders 10 a page and falls back to page 1 of 0 when they cannot be loaded", async () => {
    const pages: string[] = [];
    server.use(
      http.get("*/api/orders", ({ request }) => {
        const url = new URL(request.url);
        pages.push(`${url.searchParams.get("limit")}:${url.searchParams.get("page")}`);
        if (url.searchParams.get("page") === "2")
          return HttpResponse.json({ message: "Server Error" }, { status: 500 });
        return HttpResponse.json({
          data: [sampleOrder()],
          meta: {
            current_page: 1,
            from: 1,
            last_page: 2,
            path: "/api/orders",
            per_page: 10,
            to: 1,
            total: 11,
          },
        });
      }),
    );
    await renderWithProviders(<OrderList page={1} onPageChange={() => undefined} />);
    expect(await screen.findAllByTestId("order-row")).toHaveLength(1);
    expect(screen.getByRole("navigation", { name: "Order pages" })).toBeTruthy();
    expect(pages).toEqual(["10:1"]);
  });

  it("falls back to page 1 of 0 orders when the orders cannot be loaded", async () => {
    server.use(
      http.get("*/api/orders", () => HttpResponse.json({ message: "Server Error" }, { status: 500 })),
    );
    await renderWithProviders(<OrderList page={2} onPageChange={() => undefined} />);
    expect(await screen.findByText("Your orders could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId("order-row")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Order pages" })).toBeNull();
  });

  it("shows the order-success receipt with GST 18%, status, invoices and the grand total", async () => {
    server.use(http.get("*/api/orders/5", () => HttpResponse.json({ data: sampleOrder() })));
    await renderWithProviders(<OrderSuccessView orderId={5} />);
    const receipt = await screen.findByTestId("order-receipt");
    expect(screen.getByText("Thanks for your order, your Order is placed successfully!")).toBeTruthy();
    expect(within(receipt).getByText("Order #5")).toBeTruthy();
    expect(within(receipt).getByText("GST 18%")).toBeTruthy();
    expect(within(receipt).getByText("₹3,240.00")).toBeTruthy();
    expect(within(receipt).getByText("Flat Rate Shipping")).toBeTruthy();
    expect(within(receipt).getByText("Pending")).toBeTruthy();
    expect(within(receipt).getByText("Invoice #3, November 20, 2026")).toBeTruthy();
    expect(within(receipt).getByText("₹21,265.00")).toBeTruthy();
    expect(within(receipt).getAllByTestId("receipt-line")[0]?.textContent).toContain("Dirt Jumper Mini");
  });

  it("does not thank the shopper for an order that cannot be loaded (an unknown id)", async () => {
    server.use(
      http.get("*/api/orders/999", () => HttpResponse.json({ message: "Not found" }, { status: 404 })),
    );
    await renderWithProviders(<OrderSuccessView orderId={999} />);
    expect(await screen.findByText("This order could not be loaded.")).toBeTruthy();
    expect(screen.queryByText("Thanks for your order, your Order is placed successfully!")).toBeNull();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toBeTruthy();
  });

  it("the order detail shows the billing address with the company name the checkout sent", async () => {
    const order = sampleOrder({ id: 6, increment_id: "6" });
    const billing = { ...order.billing_address, company_name: "Velora Cycles Ltd", country_name: "India" };
    server.use(
      http.get("*/api/orders/6", () => HttpResponse.json({ data: { ...order, billing_address: billing } })),
    );
    await renderWithProviders(<OrderDetail orderId={6} />);
    const address = within(await screen.findByTestId("order-receipt")).getByRole("region", {
      name: "Billing address",
    });
    expect(within(address).getByText("Demo Rider")).toBeTruthy();
    expect(within(address).getByText("Velora Cycles Ltd")).toBeTruthy();
    expect(within(address).getByText("12 Canal Street")).toBeTruthy();
    expect(within(address).getByText("India")).toBeTruthy();
  });

  it("the order detail shows no company line when the server sends none (a stock Bagisto)", async () => {
    server.use(http.get("*/api/orders/4", () => HttpResponse.json({ data: sampleOrder({ id: 4 }) })));
    await renderWithProviders(<OrderDetail orderId={4} />);
    const address = within(await screen.findByTestId("order-receipt")).getByRole("region", {
      name: "Billing address",
    });
    expect(address.textContent).toBe(
      "Billing addressDemo Rider12 Canal Street560001 Bengaluru KAIN9800000001",
    );
  });

  it("keeps the last receipt on the device: the success screen still reads it when the server cannot be reached", async () => {
    server.use(
      http.get("*/api/orders/7", () =>
        HttpResponse.json({ data: sampleOrder({ id: 7, increment_id: "7" }) }),
      ),
    );
    const first = await renderWithProviders(<OrderSuccessView orderId={7} />);
    expect(within(await screen.findByTestId("order-receipt")).getByText("Order #7")).toBeTruthy();
    await waitFor(() => expect(readLastReceipt(7)?.id).toBe(7));
    first.unmount();

    let asked = 0;
    server.use(
      http.get("*/api/orders/7", () => {
        asked += 1;
        return HttpResponse.error();
      }),
    );
    await renderWithProviders(<OrderSuccessView orderId={7} />, { queryClient: createTestQueryClient() });
    expect(within(screen.getByTestId("order-receipt")).getByText("Order #7")).toBeTruthy();
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(screen.queryByText("This order could not be loaded.")).toBeNull();
  });

  it("logging out removes the kept receipt", async () => {
    saveLastReceipt(reshapeOrder(sampleOrder({ id: 8 })));
    writeAuth({ token: "t0k", data: sampleCustomer });
    server.use(
      http.get("*/api/customer/logout", () => HttpResponse.json({ message: "Logged out successfully." })),
    );
    await renderWithProviders(<AccountMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Account" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(readAuth()).toBeNull());
    expect(readLastReceipt(8)).toBeUndefined();
  });
});
