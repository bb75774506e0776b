import { keepPreviousData, mutationOptions, queryOptions } from "@tanstack/react-query";
import { z } from "zod/mini";
import { accountKeys } from "./account-keys";
import { ApiError, apiFetch, withFieldNames } from "./client";
import {
  addressListReplySchema,
  addressReplySchema,
  addressSaveReplySchema,
  stateListReplySchema,
  countryStatesReplySchema,
  type AddressInput,
  type CustomerAddress as WireAddress,
  type State as WireState,
} from "./contract/address";
import { messageReplyObject, messageReplySchema } from "./contract/common";
import {
  loginReplySchema,
  profileReplySchema,
  registerReplySchema,
  resetPasswordReplySchema,
  sendCodeReplySchema,
  verifyCodeReplySchema,
  type LoginReply,
  type LoginRequest,
  type ProfileReply,
  type ProfileUpdate,
  type RegisterReply,
  type RegisterRequest,
  type SendCodeReply,
  type VerifyCodeReply,
  type VerifyCodeRequest,
} from "./contract/customer";
import { orderListReplySchema, orderReplySchema } from "./contract/order";
import { reshapeOrder, type Order } from "./order";
import { pageOf, type PageInfo } from "./paging";

export const ORDERS_PAGE_SIZE = 10;

// The customer's shape lives in ./customer.ts: the session reads it on every page, the account's calls load later.
export { reshapeCustomer, type Customer } from "./customer";

/** A saved address as the storefront reads it (Bagisto's Resources/Customer/CustomerAddress.php reshaped once). */
export interface Address {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string;
  vatId: string;
  /** the street lines (Bagisto's `address1` array) */
  lines: string[];
  /** ISO country code */
  country: string;
  countryName: string;
  /** the state's code, "" when none */
  state: string;
  city: string;
  postcode: string;
  phone: string;
  isDefault: boolean;
}

export function reshapeAddress(wire: WireAddress): Address {
  return {
    id: wire.id,
    firstName: wire.first_name ?? "",
    lastName: wire.last_name ?? "",
    companyName: wire.company_name ?? "",
    vatId: wire.vat_id ?? "",
    lines: wire.address1.filter((l) => l.length > 0),
    country: wire.country,
    countryName: wire.country_name,
    state: wire.state ?? "",
    city: wire.city,
    postcode: wire.postcode,
    phone: wire.phone,
    isDefault: wire.is_default,
  };
}

/** An address to save, as the storefront's forms give it. */
export interface AddressDraft {
  firstName: string;
  lastName: string;
  companyName?: string;
  lines: string[];
  country: string;
  state?: string;
  city: string;
  postcode: string;
  phone: string;
}

/** The address fields a server's 422 names (Bagisto's), by the AddressDraft's names. */
export const ADDRESS_FIELD_NAMES: Readonly<Record<string, keyof AddressDraft | "vatId">> = {
  first_name: "firstName",
  last_name: "lastName",
  company_name: "companyName",
  vat_id: "vatId",
  address1: "lines",
};

/** The wire body of addresses/create and addresses/{id}. */
export function addressInput(draft: AddressDraft): AddressInput {
  return {
    first_name: draft.firstName,
    last_name: draft.lastName,
    company_name: draft.companyName || null,
    address1: draft.lines.filter(Boolean),
    city: draft.city,
    country: draft.country,
    state: draft.state || null,
    postcode: draft.postcode,
    phone: draft.phone,
  };
}

/** A country's state as the address forms list it. */
export interface State {
  code: string;
  name: string;
}

export function reshapeState(wire: WireState): State {
  return { code: wire.code, name: wire.default_name };
}

/** A new account as the register form gives it. */
export interface RegisterDraft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

/** The wire body of customer/register. */
export function registerBody(draft: RegisterDraft): RegisterRequest {
  return {
    first_name: draft.firstName,
    last_name: draft.lastName,
    email: draft.email,
    password: draft.password,
    password_confirmation: draft.passwordConfirmation,
  };
}

/** The register fields a server's 422 names, by the RegisterDraft's names. */
export const REGISTER_FIELD_NAMES: Readonly<Record<string, keyof RegisterDraft>> = {
  first_name: "firstName",
  last_name: "lastName",
  password_confirmation: "passwordConfirmation",
};

export type Gender = "Male" | "Female" | "Other";

/** The customer's details as the profile form gives them. */
export interface ProfileDraft {
  firstName: string;
  lastName: string;
  email: string;
  /** null for none given */
  gender: Gender | null;
  /** YYYY-MM-DD, null for none */
  dateOfBirth: string | null;
  phone: string | null;
  /** needed (only) to change the e-mail */
  currentPassword?: string;
}

/** The wire body of customer/profile. */
export function profileBody(draft: ProfileDraft): ProfileUpdate {
  return {
    first_name: draft.firstName,
    last_name: draft.lastName,
    email: draft.email,
    gender: draft.gender,
    date_of_birth: draft.dateOfBirth,
    phone: draft.phone,
    ...(draft.currentPassword !== undefined ? { current_password: draft.currentPassword } : {}),
  };
}

/** The profile fields a server's 422 names, by the ProfileDraft's names. */
export const PROFILE_FIELD_NAMES: Readonly<Record<string, keyof ProfileDraft>> = {
  first_name: "firstName",
  last_name: "lastName",
  date_of_birth: "dateOfBirth",
  current_password: "currentPassword",
};

/** Logs in with e-mail and password (`?token=true`: the reply carries the token to store as auth). */
export async function login(input: LoginRequest): Promise<LoginReply> {
  return apiFetch("customer/login", {
    method: "POST",
    query: { token: "true" },
    body: input,
    schema: loginReplySchema,
    auth: "none",
  });
}

/** Registers; a 422 names its fields as the RegisterDraft does. */
export async function register(draft: RegisterDraft): Promise<RegisterReply> {
  try {
    return await apiFetch("customer/register", {
      method: "POST",
      body: registerBody(draft),
      schema: registerReplySchema,
      auth: "none",
    });
  } catch (error) {
    throw withFieldNames(error, REGISTER_FIELD_NAMES);
  }
}

/**
 * Revokes a token on the server: the stored one, or `token` (a log-out made offline, sent when the connection
 * is back). Logout works offline too: features/account/revoke-queue.ts keeps what could not be sent.
 */
export async function logoutCustomer(token?: string): Promise<void> {
  await apiFetch("customer/logout", {
    schema: z.partial(messageReplyObject()),
    auth: "required",
    bearer: token,
  });
}

/** Saves the customer's details; a 422 names its fields as the ProfileDraft does. */
export async function updateProfile(draft: ProfileDraft): Promise<ProfileReply> {
  try {
    return await apiFetch("customer/profile", {
      method: "PUT",
      body: profileBody(draft),
      schema: profileReplySchema,
      auth: "required",
    });
  } catch (error) {
    throw withFieldNames(error, PROFILE_FIELD_NAMES);
  }
}

/**
 * Asks for a password reset link by e-mail. The reply is the same whether or not the e-mail has an account;
 * a 503 means the shop cannot send mail.
 */
export async function forgotPassword(input: { email: string }): Promise<void> {
  await apiFetch("customer/forgot-password", {
    method: "POST",
    body: input,
    schema: z.partial(messageReplyObject()),
    auth: "none",
  });
}

/** A reset link's token and the new password (as registration checks it). */
export interface ResetPasswordDraft {
  token: string;
  password: string;
  passwordConfirmation: string;
}

/** Sets a new password with a mailed link's token (once); a 422 names `token` when the link is spent or old. */
export async function resetPassword(draft: ResetPasswordDraft): Promise<void> {
  try {
    await apiFetch("customer/reset-password", {
      method: "POST",
      body: {
        token: draft.token,
        password: draft.password,
        password_confirmation: draft.passwordConfirmation,
      },
      schema: resetPasswordReplySchema,
      auth: "none",
    });
  } catch (error) {
    throw withFieldNames(error, { password_confirmation: "passwordConfirmation" });
  }
}

/** Sends a one-time code to a mobile number. */
export async function sendVerificationCode(input: { phone: string }): Promise<SendCodeReply> {
  return apiFetch("send-verification-code", {
    method: "POST",
    body: input,
    schema: sendCodeReplySchema,
    auth: "none",
    throwOnErrorField: false,
  });
}

/** Checks a one-time code; a wrong or expired code is a reply with status false and a message. */
export async function verifyCode(input: VerifyCodeRequest): Promise<VerifyCodeReply> {
  return apiFetch("verify-code", {
    method: "POST",
    body: input,
    schema: verifyCodeReplySchema,
    auth: "none",
    throwOnErrorField: false,
  });
}

export async function listAddresses(signal?: AbortSignal): Promise<Address[]> {
  const reply = await apiFetch("addresses", { schema: addressListReplySchema, auth: "required", signal });
  return reply.data.map(reshapeAddress);
}

/** One saved address (GET addresses/{id}): the address form edits the server's current copy. */
export async function getAddress(id: number, signal?: AbortSignal): Promise<Address> {
  const reply = await apiFetch(`addresses/${id}`, { schema: addressReplySchema, auth: "required", signal });
  return reshapeAddress(reply.data);
}

/** Saves a new (no id) or an edited address; a 422 names its fields as the AddressDraft does. */
export async function saveAddress(input: { id?: number; address: AddressDraft }): Promise<Address> {
  try {
    const reply = await apiFetch(input.id ? `addresses/${input.id}` : "addresses/create", {
      method: input.id ? "PUT" : "POST",
      body: addressInput(input.address),
      schema: addressSaveReplySchema,
      auth: "required",
    });
    return reshapeAddress(reply.data);
  } catch (error) {
    throw withFieldNames(error, ADDRESS_FIELD_NAMES);
  }
}

export async function deleteAddress(id: number): Promise<void> {
  await apiFetch(`addresses/${id}`, { method: "DELETE", schema: messageReplySchema, auth: "required" });
}

/** A country's states: GET statelist (ours), else Bagisto's GET country-states (keyed by country). */
export async function listStates(country: string, signal?: AbortSignal): Promise<State[]> {
  try {
    const reply = await apiFetch("statelist", {
      query: { country },
      schema: stateListReplySchema,
      auth: "none",
      signal,
    });
    return reply.data.map(reshapeState);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const all = await apiFetch("country-states", { schema: countryStatesReplySchema, auth: "none", signal });
    return (all.data[country] ?? []).map(reshapeState);
  }
}

export interface OrderPage extends PageInfo {
  orders: Order[];
}

/** One page of the customer's orders (10 a page). */
export async function listOrders(page: number, signal?: AbortSignal): Promise<OrderPage> {
  const reply = await apiFetch("orders", {
    query: { limit: ORDERS_PAGE_SIZE, page },
    schema: orderListReplySchema,
    auth: "required",
    signal,
  });
  return {
    orders: reply.data.map(reshapeOrder),
    ...pageOf(reply.meta, page, reply.data.length),
  };
}

/** One order: the customer's (token) or a guest's own (same session). */
export async function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  const reply = await apiFetch(`orders/${id}`, { schema: orderReplySchema, signal });
  return reshapeOrder(reply.data);
}

export { accountKeys };

const personal = { personal: true } as const;

export const accountQueries = {
  addresses: () =>
    queryOptions({
      queryKey: accountKeys.addresses(),
      queryFn: ({ signal }) => listAddresses(signal),
      meta: personal,
    }),
  address: (id: number) =>
    queryOptions({
      queryKey: accountKeys.address(id),
      queryFn: ({ signal }) => getAddress(id, signal),
      meta: personal,
      // the form starts from the copy it gets: always the server's current one
      staleTime: 0,
      gcTime: 0,
    }),
  states: (country: string) =>
    queryOptions({
      queryKey: accountKeys.states(country),
      queryFn: ({ signal }) => listStates(country, signal),
      staleTime: 24 * 60 * 60 * 1000,
      enabled: country.length === 2,
    }),
  orders: (page: number) =>
    queryOptions({
      queryKey: accountKeys.orderList(page),
      queryFn: ({ signal }) => listOrders(page, signal),
      meta: personal,
      placeholderData: keepPreviousData,
    }),
  order: (id: number) =>
    queryOptions({
      queryKey: accountKeys.order(id),
      queryFn: ({ signal }) => getOrder(id, signal),
      meta: personal,
      staleTime: 5 * 60 * 1000,
    }),
};

/** Account writes are never queued: they need a connection (DESIGN §4). */
const online = { meta: personal, networkMode: "always" } as const;

export const accountMutations = {
  login: () => mutationOptions({ ...online, mutationKey: accountKeys.login(), mutationFn: login }),
  forgotPassword: () =>
    mutationOptions({ ...online, mutationKey: accountKeys.forgotPassword(), mutationFn: forgotPassword }),
  resetPassword: () =>
    mutationOptions({ ...online, mutationKey: accountKeys.resetPassword(), mutationFn: resetPassword }),
  register: () => mutationOptions({ ...online, mutationKey: accountKeys.register(), mutationFn: register }),
  updateProfile: () =>
    mutationOptions({ ...online, mutationKey: accountKeys.profile(), mutationFn: updateProfile }),
  sendCode: () =>
    mutationOptions({ ...online, mutationKey: accountKeys.sendCode(), mutationFn: sendVerificationCode }),
  verifyCode: () =>
    mutationOptions({ ...online, mutationKey: accountKeys.verifyCode(), mutationFn: verifyCode }),
  saveAddress: () =>
    mutationOptions({
      ...online,
      mutationKey: accountKeys.saveAddress(),
      mutationFn: saveAddress,
      onSettled: (_d, _e, _v, _r, ctx) => ctx.client.invalidateQueries({ queryKey: accountKeys.addresses() }),
    }),
  deleteAddress: () =>
    mutationOptions({
      ...online,
      mutationKey: accountKeys.deleteAddress(),
      mutationFn: deleteAddress,
      onSettled: (_d, _e, _v, _r, ctx) => ctx.client.invalidateQueries({ queryKey: accountKeys.addresses() }),
    }),
};
