import type { Insertable } from "kysely";
import type { CustomerAddressTable } from "../db/schema";
import type { Store } from "../db/store";

/** A customer's address book. */

type AddressValues = Omit<Insertable<CustomerAddressTable>, "customer_id" | "is_default" | "created_at">;

export async function customerAddresses(store: Store, customerId: number) {
  return await store.all(
    store.qb.selectFrom("customer_addresses").selectAll().where("customer_id", "=", customerId).orderBy("id"),
  );
}

/** The customer's address `id` (undefined: none of theirs). */
export async function customerAddress(store: Store, customerId: number, id: number) {
  return await store.first(
    store.qb
      .selectFrom("customer_addresses")
      .selectAll()
      .where("id", "=", id)
      .where("customer_id", "=", customerId),
  );
}

/**
 * Adds (`id` null) or updates an address in one transaction; `isDefault` true makes it the only default,
 * false makes it none, undefined leaves an updated address as it was (a new one is not the default).
 * Answers the address's id.
 */
export async function saveCustomerAddress(
  store: Store,
  customerId: number,
  id: number | null,
  values: AddressValues,
  isDefault: boolean | undefined,
  now: string,
): Promise<number> {
  return await store.tx(async () => {
    if (isDefault)
      await store.run(
        store.qb
          .updateTable("customer_addresses")
          .set({ is_default: 0 })
          .where("customer_id", "=", customerId),
      );
    if (id === null) {
      return await store.insert(
        store.qb
          .insertInto("customer_addresses")
          .values({ ...values, customer_id: customerId, is_default: isDefault ? 1 : 0, created_at: now }),
      );
    }
    await store.run(
      store.qb
        .updateTable("customer_addresses")
        .set({ ...values, ...(isDefault !== undefined ? { is_default: isDefault ? 1 : 0 } : {}) })
        .where("id", "=", id),
    );
    return id;
  });
}

/** Deletes the customer's address `id`; false: none of theirs. */
export async function deleteCustomerAddress(store: Store, customerId: number, id: number): Promise<boolean> {
  const res = await store.run(
    store.qb.deleteFrom("customer_addresses").where("id", "=", id).where("customer_id", "=", customerId),
  );
  return res.changes > 0;
}

/** Adds an address to the book as it was entered at checkout (not the default). */
export async function addCheckoutAddress(
  store: Store,
  customerId: number,
  values: Omit<AddressValues, "vat_id" | "updated_at">,
  now: string,
): Promise<void> {
  await store.run(
    store.qb.insertInto("customer_addresses").values({
      customer_id: customerId,
      ...values,
      vat_id: null,
      is_default: 0,
      created_at: now,
      updated_at: now,
    }),
  );
}
