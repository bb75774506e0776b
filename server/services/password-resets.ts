import type { Store } from "../db/store";

/** Mailed password reset links (their tokens' hashes): made, checked and spent once. */

/** The account a reset link may be mailed to (placeholder e-mails of code accounts excluded by the caller). */
export async function resetRecipient(store: Store, email: string) {
  return await store.first(
    store.qb
      .selectFrom("customers")
      .select(["id", "email", "first_name", "status"])
      .where("email", "=", email),
  );
}

export async function insertPasswordReset(
  store: Store,
  reset: { token_hash: string; customer_id: number; expires_at: string; created_at: string },
): Promise<void> {
  await store.run(store.qb.insertInto("password_resets").values({ ...reset, used_at: null }));
}

/** The account of an unused, unexpired link (checked before the new password is hashed). */
export async function usableReset(store: Store, tokenHash: string, now: string) {
  return await store.first(
    store.qb
      .selectFrom("password_resets")
      .select("customer_id")
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now),
  );
}

/**
 * Spends the link and sets the new password, once: the conditional update that spends the token is the
 * only way in, so two uses at once (any instances, PostgreSQL's row lock) succeed once. Every session and
 * every other link of the account ends with it. Answers the account, or null when the link was not usable.
 */
export async function spendReset(
  store: Store,
  tokenHash: string,
  passwordHash: string,
  now: string,
): Promise<number | null> {
  return await store.tx(async () => {
    const spent = await store.first<{ customer_id: number }>(
      store.qb
        .updateTable("password_resets")
        .set({ used_at: now })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .returning("customer_id"),
    );
    if (!spent) return null;
    const id = Number(spent.customer_id);
    await store.run(
      store.qb
        .updateTable("customers")
        .set({ password_hash: passwordHash, updated_at: now })
        .where("id", "=", id),
    );
    await store.run(
      store.qb
        .updateTable("password_resets")
        .set({ used_at: now })
        .where("customer_id", "=", id)
        .where("used_at", "is", null),
    );
    await store.run(
      store.qb
        .updateTable("auth_tokens")
        .set({ revoked_at: now })
        .where("customer_id", "=", id)
        .where("revoked_at", "is", null),
    );
    return id;
  });
}
