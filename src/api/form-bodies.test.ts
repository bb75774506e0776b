// @vitest-environment happy-dom
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import {
  profileBody,
  register,
  registerBody,
  reshapeAddress,
  saveAddress,
  updateProfile,
  type AddressDraft,
} from "./account";
import { writeAuth } from "./auth-storage";
import {
  billingAddress,
  saveAddressBody,
  saveCheckoutAddress,
  savePaymentBody,
  savePaymentMethod,
  saveShippingBody,
  saveShippingMethod,
} from "./checkout";
import { ApiError, withFieldNames } from "./client";
import { customerAddressSchema } from "./contract/address";
import {
  saveAddressRequestSchema,
  savePaymentRequestSchema,
  saveShippingRequestSchema,
} from "./contract/checkout";

/*
 * The forms give the storefront's own names; api writes Bagisto's request bodies and reads a 422's field
 * errors (Laravel's `{message, errors: {first_name: [..]}}`) back under the forms' names (issue 17 item 1).
 */

const draft: AddressDraft = {
  firstName: "Asha",
  lastName: "Rao",
  companyName: "Velora",
  lines: ["12 MG Road", ""],
  country: "IN",
  state: "KA",
  city: "Bengaluru",
  postcode: "560001",
  phone: "9876543210",
};

const invalid = (errors: Record<string, string[]>) =>
  HttpResponse.json({ message: "The given data was invalid.", errors }, { status: 422 });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => writeAuth(null));

describe("withFieldNames", () => {
  const error = new ApiError("The first name field is required.", {
    kind: "http",
    status: 422,
    fieldErrors: {
      "billing.first_name": ["The first name field is required."],
      "billing.address1.0": ["The street is required."],
      "billing.address1.1": ["The second line is too long."],
      "billing.email": ["The email must be a valid email address."],
      constructor: ["Odd key."],
    },
    body: { message: "x" },
  });

  it("renames the wire's fields (the first segment after the prefix), keeps the others and the rest of the error", () => {
    const renamed = withFieldNames(error, { first_name: "firstName", address1: "lines" }, "billing.");
    expect(renamed).toBeInstanceOf(ApiError);
    const e = renamed as ApiError;
    expect(e.fieldErrors).toEqual({
      firstName: ["The first name field is required."],
      lines: ["The street is required.", "The second line is too long."],
      email: ["The email must be a valid email address."],
      constructor: ["Odd key."],
    });
    expect([e.message, e.status, e.kind, e.body]).toEqual([error.message, 422, "http", { message: "x" }]);
  });

  it("gives back anything else unchanged", () => {
    const plain = new Error("boom");
    expect(withFieldNames(plain, { a: "b" })).toBe(plain);
    const network = new ApiError("offline", { kind: "network" });
    expect(withFieldNames(network, { a: "b" })).toBe(network);
  });
});

describe("register", () => {
  it("sends Bagisto's body and reads a 422 back under the form's names", async () => {
    expect(
      registerBody({
        firstName: "Asha",
        lastName: "Rao",
        email: "asha@example.com",
        password: "secret12",
        passwordConfirmation: "secret12",
      }),
    ).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      email: "asha@example.com",
      password: "secret12",
      password_confirmation: "secret12",
    });
    let sent: unknown;
    server.use(
      http.post("*/api/customer/register", async ({ request }) => {
        sent = await request.json();
        return invalid({
          email: ["The email has already been taken."],
          last_name: ["The last name may not be greater than 100 characters."],
          password_confirmation: ["The password confirmation does not match."],
        });
      }),
    );
    const error = await failure(
      register({ firstName: "A", lastName: "R", email: "a@b.co", password: "x", passwordConfirmation: "y" }),
    );
    expect(sent).toMatchObject({ first_name: "A", last_name: "R", password_confirmation: "y" });
    expect(error.fieldErrors).toEqual({
      email: ["The email has already been taken."],
      lastName: ["The last name may not be greater than 100 characters."],
      passwordConfirmation: ["The password confirmation does not match."],
    });
  });
});

describe("updateProfile", () => {
  it("sends Bagisto's body (the current password only when given) and reads a 422 back", async () => {
    const profile = {
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      gender: "Female" as const,
      dateOfBirth: null,
      phone: null,
    };
    expect(profileBody(profile)).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      email: "asha@example.com",
      gender: "Female",
      date_of_birth: null,
      phone: null,
    });
    expect(profileBody({ ...profile, dateOfBirth: "1990-05-04", currentPassword: "old" })).toMatchObject({
      date_of_birth: "1990-05-04",
      current_password: "old",
    });
    writeAuth({
      token: "t0k",
      message: "",
      data: { id: 1, email: "asha@example.com", first_name: "Asha", last_name: "Rao" },
    } as never);
    server.use(
      http.put("*/api/customer/profile", () =>
        invalid({
          date_of_birth: ["The date of birth must be a date before today."],
          current_password: ["The current password is incorrect."],
          phone: ["The phone has already been taken."],
        }),
      ),
    );
    const error = await failure(updateProfile({ ...profile, currentPassword: "wrong" }));
    expect(error.fieldErrors).toEqual({
      dateOfBirth: ["The date of birth must be a date before today."],
      currentPassword: ["The current password is incorrect."],
      phone: ["The phone has already been taken."],
    });
  });
});

describe("saveAddress", () => {
  it("reads a 422 on the street (address1.0) back as the draft's lines", async () => {
    writeAuth({
      token: "t0k",
      message: "",
      data: { id: 1, email: "a@b.co", first_name: "A", last_name: "R" },
    } as never);
    server.use(
      http.post("*/api/addresses/create", () =>
        invalid({
          "address1.0": ["The address1.0 field is required."],
          first_name: ["The first name field is required."],
          company_name: ["The company name may not be greater than 200 characters."],
        }),
      ),
    );
    const error = await failure(saveAddress({ address: draft }));
    expect(error.fieldErrors).toEqual({
      lines: ["The address1.0 field is required."],
      firstName: ["The first name field is required."],
      companyName: ["The company name may not be greater than 200 characters."],
    });
  });
});

describe("checkout's billing address", () => {
  it("writes a new address as Bagisto's billing side, used for shipping", () => {
    expect(billingAddress({ draft, email: "asha@example.com", saveToBook: true })).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      company_name: "Velora",
      email: "asha@example.com",
      address1: ["12 MG Road"],
      city: "Bengaluru",
      state: "KA",
      postcode: "560001",
      country: "IN",
      phone: "9876543210",
      save_as_address: true,
      use_for_shipping: true,
    });
  });

  it("sends the company name only when one is given, and the server's request schema keeps it", () => {
    const body = saveAddressBody({
      billing: billingAddress({ draft, email: "asha@example.com", saveToBook: false }),
    });
    expect(saveAddressRequestSchema.parse(body).billing.company_name).toBe("Velora");
    const without = billingAddress({
      draft: { ...draft, companyName: "  " },
      email: "asha@example.com",
      saveToBook: false,
    });
    expect(without).not.toHaveProperty("company_name");
  });

  it("sends a saved address by its id with its fields", () => {
    const saved = reshapeAddress(
      customerAddressSchema.parse({
        id: 3,
        first_name: "Asha",
        last_name: "Rao",
        company_name: null,
        vat_id: null,
        address1: ["12 MG Road"],
        country: "IN",
        country_name: "India",
        state: null,
        city: "Bengaluru",
        postcode: "560001",
        phone: "9876543210",
        is_default: true,
        created_at: null,
        updated_at: null,
      }),
    );
    expect(billingAddress({ saved, email: "asha@example.com" })).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      address1: ["12 MG Road"],
      city: "Bengaluru",
      postcode: "560001",
      country: "IN",
      phone: "9876543210",
      address_id: 3,
      email: "asha@example.com",
      use_for_shipping: true,
    });
  });

  it("reads a 422 on the billing side back under the draft's names", async () => {
    let sent: unknown;
    server.use(
      http.post("*/api/checkout/save-address", async ({ request }) => {
        sent = await request.json();
        return invalid({
          "billing.first_name": ["The billing.first name field is required."],
          "billing.address1.0": ["The billing.address1.0 field is required."],
          "billing.postcode": ["The billing.postcode field is required."],
        });
      }),
    );
    const error = await failure(
      saveCheckoutAddress({ billing: { draft, email: "asha@example.com", saveToBook: false } }),
    );
    expect(sent).toMatchObject({
      billing: { first_name: "Asha", use_for_shipping: true },
      shipping: { address1: [""] },
    });
    expect(error.fieldErrors).toEqual({
      firstName: ["The billing.first name field is required."],
      lines: ["The billing.address1.0 field is required."],
      postcode: ["The billing.postcode field is required."],
    });
  });
});

describe("checkout's shipping and payment choices", () => {
  it("writes the chosen rate and method in the bodies save-shipping and save-payment take", () => {
    expect(saveShippingBody("flatrate_flatrate")).toEqual({ shipping_method: "flatrate_flatrate" });
    expect(savePaymentBody("moneytransfer")).toEqual({ payment: { method: "moneytransfer" } });
    // The server's own request schemas accept them.
    expect(saveShippingRequestSchema.safeParse(saveShippingBody("free_free")).success).toBe(true);
    expect(savePaymentRequestSchema.safeParse(savePaymentBody("cashondelivery")).success).toBe(true);
  });

  it("sends those bodies, and a refusal's message reaches the shopper", async () => {
    const sent: Record<string, unknown> = {};
    const refuse =
      (step: string) =>
      async ({ request }: { request: Request }) => {
        sent[step] = await request.json();
        return HttpResponse.json({ message: `No ${step} today.` }, { status: 422 });
      };
    server.use(
      http.post("*/api/checkout/save-shipping", refuse("shipping")),
      http.post("*/api/checkout/save-payment", refuse("payment")),
    );
    expect((await failure(saveShippingMethod("free_free"))).message).toBe("No shipping today.");
    expect((await failure(savePaymentMethod("cashondelivery"))).message).toBe("No payment today.");
    expect(sent).toEqual({
      shipping: { shipping_method: "free_free" },
      payment: { payment: { method: "cashondelivery" } },
    });
  });
});
