/*
 * The customer as the storefront reads it, apart from api/account.ts: the session (session/session.ts) reshapes
 * the stored login on every page, and the account's calls, forms' bodies and order reads are not needed there.
 */
import type { Customer as WireCustomer } from "./contract/customer";

/** The customer as the storefront reads it (Bagisto's Resources/Customer/Customer.php reshaped once). */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** first and last name */
  name: string;
  gender: string | null;
  /** YYYY-MM-DD, null when not given */
  dateOfBirth: string | null;
  phone: string | null;
  /** when the details last changed (a new value after a profile update), null when unknown */
  updatedAt: string | null;
}

export function reshapeCustomer(wire: WireCustomer): Customer {
  return {
    id: wire.id,
    email: wire.email,
    firstName: wire.first_name,
    lastName: wire.last_name,
    name: wire.name || `${wire.first_name} ${wire.last_name}`.trim(),
    gender: wire.gender || null,
    dateOfBirth: wire.date_of_birth ? wire.date_of_birth.slice(0, 10) : null,
    phone: wire.phone || null,
    updatedAt: wire.updated_at ?? null,
  };
}
