import { OTP_MAX_ATTEMPTS } from "../../src/api/contract/customer";
import type { Store } from "../db/store";
import type { CustomerRow } from "../lib/auth";
import { randomToken } from "../lib/crypto";
import { customerById, PHONE_ACCOUNT_DOMAIN, verifiedHolder } from "./customers";

/** One-time codes texted to a number: one waiting per number, tries counted, spent once with the log-in. */

/** The number's new code; the codes it had waiting are spent. */
export async function issueCode(
  store: Store,
  phone: string,
  codeHash: string,
  now: Date,
  ttlMs: number,
): Promise<void> {
  await store.tx(async () => {
    await store.run(
      store.qb
        .updateTable("otp_codes")
        .set({ consumed_at: now.toISOString() })
        .where("phone", "=", phone)
        .where("consumed_at", "is", null),
    );
    await store.run(
      store.qb.insertInto("otp_codes").values({
        phone,
        code_hash: codeHash,
        attempts: 0,
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        consumed_at: null,
        created_at: now.toISOString(),
      }),
    );
  });
}

/** The number's latest code not spent yet. */
export async function waitingCode(store: Store, phone: string) {
  return await store.first(
    store.qb
      .selectFrom("otp_codes")
      .selectAll()
      .where("phone", "=", phone)
      .where("consumed_at", "is", null)
      .orderBy("id", "desc")
      .limit(1),
  );
}

/**
 * Counts a try before the code is compared, in one conditional write: however many tries arrive at once,
 * on however many instances, at most OTP_MAX_ATTEMPTS of them are compared. Answers the tries so far, or
 * null when no more may be made.
 */
export async function countTry(store: Store, codeId: number): Promise<number | null> {
  const counted = await store.first<{ attempts: number }>(
    store.qb
      .updateTable("otp_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", codeId)
      .where("attempts", "<", OTP_MAX_ATTEMPTS)
      .where("consumed_at", "is", null)
      .returning("attempts"),
  );
  return counted ? Number(counted.attempts) : null;
}

/**
 * The code proved the number: in one transaction the code is spent (only if the log-in happens) and the
 * account it opens is found or made. A logged-in customer (`current`) confirms the number of their own
 * profile; otherwise only the account whose number was verified is entered (review H1), and a number only
 * claimed, unverified, by some account gets an account of its own. Whoever proves a number first owns it:
 * other accounts' unproven claims on it are dropped. Null: the code was spent meanwhile.
 */
export async function logInByCode(
  store: Store,
  codeId: number,
  phone: string,
  current: CustomerRow | null,
  now: string,
): Promise<CustomerRow | null> {
  return await store.tx(async () => {
    const spent = await store.run(
      store.qb
        .updateTable("otp_codes")
        .set({ consumed_at: now })
        .where("id", "=", codeId)
        .where("consumed_at", "is", null),
    );
    if (!spent.changes) return null;
    const claimed = { phone, unverified_phone: null, phone_verified_at: now, updated_at: now };
    const dropClaims = async (except: number) =>
      await store.run(
        store.qb
          .updateTable("customers")
          .set({ unverified_phone: null, updated_at: now })
          .where("unverified_phone", "=", phone)
          .where("id", "!=", except),
      );
    const holder = await verifiedHolder(store, phone);
    if (current && !holder && current.unverified_phone === phone) {
      await store.run(store.qb.updateTable("customers").set(claimed).where("id", "=", current.id));
      await dropClaims(current.id);
      return (await customerById(store, current.id))!;
    }
    if (holder) return holder;
    const id = await store.insert(
      store.qb.insertInto("customers").values({
        email: `phone-${randomToken(12).toLowerCase()}${PHONE_ACCOUNT_DOMAIN}`,
        first_name: "Customer",
        last_name: phone.slice(-4),
        gender: null,
        date_of_birth: null,
        ...claimed,
        password_hash: null,
        status: 1,
        created_at: now,
      }),
    );
    await dropClaims(id);
    return (await customerById(store, id))!;
  });
}
