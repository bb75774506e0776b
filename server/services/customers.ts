import type { Insertable } from "kysely";
import type { CustomerTable } from "../db/schema";
import type { Store } from "../db/store";
import type { CustomerRow } from "../lib/auth";
import { nowIso } from "../lib/http";

/**
 * Customers' accounts: reading them, registering, the profile and its password, and the tokens that a
 * log-out or a new password ends. Password hashing and rate limits stay with the routes.
 */

/** One form per number: "+" and its digits ("+91 98000-00001", "919800000001" → "+919800000001"). */
export const normalisePhone = (p: string) => `+${p.replace(/\D/g, "")}`;

/** The domain of the placeholder e-mail of accounts created by one-time code; nobody may register it. */
export const PHONE_ACCOUNT_DOMAIN = "@phone.bicycle-shop.invalid";

export const isReservedEmail = (email: string) => email.endsWith(PHONE_ACCOUNT_DOMAIN);

export async function customerById(store: Store, id: number): Promise<CustomerRow | undefined> {
  return (await store.first(store.qb.selectFrom("customers").selectAll().where("id", "=", id))) as
    CustomerRow | undefined;
}

export async function customerByEmail(store: Store, email: string): Promise<CustomerRow | undefined> {
  return (await store.first(store.qb.selectFrom("customers").selectAll().where("email", "=", email))) as
    CustomerRow | undefined;
}

/** Whether an account has this e-mail. */
export async function emailTaken(store: Store, email: string): Promise<boolean> {
  return Boolean(await store.first(store.qb.selectFrom("customers").select("id").where("email", "=", email)));
}

/** The account whose verified number this is (a number someone only typed in is no one's yet, review H1). */
export async function verifiedHolder(store: Store, phone: string): Promise<CustomerRow | undefined> {
  return (await store.first(store.qb.selectFrom("customers").selectAll().where("phone", "=", phone))) as
    CustomerRow | undefined;
}

/** A new account; a concurrent registration of the same e-mail fails on the unique index (`isUniqueViolation`). */
export async function insertCustomer(store: Store, values: Insertable<CustomerTable>): Promise<number> {
  return await store.insert(store.qb.insertInto("customers").values(values));
}

/** When the session of this token began (a log-in by code must be recent, review N21). */
export async function tokenCreatedAt(store: Store, tokenHash: string): Promise<string | undefined> {
  return (
    await store.first(
      store.qb.selectFrom("auth_tokens").select("created_at").where("token_hash", "=", tokenHash),
    )
  )?.created_at;
}

/**
 * Saves a profile change in one transaction; with a new password, every other session of the account
 * ends (`keepToken`'s stays logged in).
 */
export async function saveProfile(
  store: Store,
  customerId: number,
  changes: Partial<CustomerRow> & { updated_at: string },
  newPassword: { keepToken: string } | null,
): Promise<void> {
  await store.tx(async () => {
    await store.run(store.qb.updateTable("customers").set(changes).where("id", "=", customerId));
    if (newPassword)
      await store.run(
        store.qb
          .updateTable("auth_tokens")
          .set({ revoked_at: changes.updated_at })
          .where("customer_id", "=", customerId)
          .where("token_hash", "!=", newPassword.keepToken)
          .where("revoked_at", "is", null),
      );
  });
}

/** Ends the session of this token (log-out). */
export async function revokeToken(store: Store, tokenHash: string): Promise<void> {
  await store.run(
    store.qb.updateTable("auth_tokens").set({ revoked_at: nowIso() }).where("token_hash", "=", tokenHash),
  );
}
