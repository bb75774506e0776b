import { describe, expect, it } from "vitest";
import { addressInput, reshapeAddress, reshapeCustomer, reshapeState } from "./account";
import { addressListReplySchema, countryStatesReplySchema, stateListReplySchema } from "./contract/address";
import { loginReplySchema } from "./contract/customer";
import { bagistoAddress } from "../../tests/msw/shopping-handlers";

/** A customer as Bagisto 1.3.3's Resources/Customer/Customer.php sends it in the login reply. */
const bagistoCustomer = {
  id: 4,
  email: "asha@example.com",
  first_name: "Asha",
  last_name: "Rao",
  name: "Asha Rao",
  gender: null,
  date_of_birth: null,
  phone: null,
  status: 1,
  group: { id: 2, name: "General" },
  created_at: "2021-09-27T00:00:00.000000Z",
  updated_at: "2021-09-27T00:00:00.000000Z",
};

describe("reshapeCustomer", () => {
  it("reads Bagisto 1.3's login reply into the storefront's customer", () => {
    const reply = loginReplySchema.parse({
      token: "t0k",
      message: "Logged in successfully.",
      data: bagistoCustomer,
    });
    expect(reshapeCustomer(reply.data)).toEqual({
      id: 4,
      email: "asha@example.com",
      firstName: "Asha",
      lastName: "Rao",
      name: "Asha Rao",
      gender: null,
      dateOfBirth: null,
      phone: null,
      updatedAt: "2021-09-27T00:00:00.000000Z",
    });
  });

  it("reads our server's customer: the date of birth as YYYY-MM-DD, an empty name made from the parts", () => {
    const ours = {
      ...bagistoCustomer,
      name: "",
      gender: "Female",
      date_of_birth: "1990-05-04",
      phone: "+91 98765 43210",
    };
    expect(
      reshapeCustomer(loginReplySchema.parse({ token: "t", message: "", data: ours }).data),
    ).toMatchObject({
      name: "Asha Rao",
      gender: "Female",
      dateOfBirth: "1990-05-04",
      phone: "+91 98765 43210",
    });
  });
});

describe("reshapeAddress", () => {
  it("reads Bagisto 1.3's address: street lines without the empty one, no nulls", () => {
    const reply = addressListReplySchema.parse({ data: [bagistoAddress] });
    expect(reshapeAddress(reply.data[0]!)).toEqual({
      id: 3,
      firstName: "Asha",
      lastName: "Rao",
      companyName: "",
      vatId: "",
      lines: ["12 MG Road"],
      country: "IN",
      countryName: "India",
      state: "KA",
      city: "Bengaluru",
      postcode: "560001",
      phone: "9876543210",
      isDefault: false,
    });
  });

  it("reads our server's address (no name, a company, the default one)", () => {
    const ours = {
      ...bagistoAddress,
      first_name: null,
      last_name: null,
      company_name: "Velora",
      state: null,
      is_default: true,
    };
    expect(reshapeAddress(addressListReplySchema.parse({ data: [ours] }).data[0]!)).toMatchObject({
      firstName: "",
      lastName: "",
      companyName: "Velora",
      state: "",
      isDefault: true,
    });
  });

  it("writes a draft back in Bagisto's form: address1 lines, empty optional fields as null", () => {
    expect(
      addressInput({
        firstName: "Asha",
        lastName: "Rao",
        companyName: "",
        lines: ["12 MG Road", ""],
        country: "IN",
        state: "",
        city: "Bengaluru",
        postcode: "560001",
        phone: "9876543210",
      }),
    ).toEqual({
      first_name: "Asha",
      last_name: "Rao",
      company_name: null,
      address1: ["12 MG Road"],
      country: "IN",
      state: null,
      city: "Bengaluru",
      postcode: "560001",
      phone: "9876543210",
    });
  });
});

describe("reshapeState", () => {
  it("reads a state from our statelist and from Bagisto's country-states alike", () => {
    const state = { id: 1, country_code: "IN", code: "KA", default_name: "Karnataka" };
    expect(reshapeState(stateListReplySchema.parse({ data: [state] }).data[0]!)).toEqual({
      code: "KA",
      name: "Karnataka",
    });
    const bagisto = countryStatesReplySchema.parse({ data: { IN: [state] } });
    expect(bagisto.data.IN!.map(reshapeState)).toEqual([{ code: "KA", name: "Karnataka" }]);
  });
});
