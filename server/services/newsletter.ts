import type { Store } from "../db/store";

/**
 * Newsletter sign-ups, double opt-in: an address is subscribed once the link mailed to it was opened; until
 * then it waits unconfirmed with the hash of its link's token.
 */

export async function subscriber(store: Store, email: string) {
  return await store.first(
    store.qb.selectFrom("subscribers").select(["id", "confirmed_at"]).where("email", "=", email),
  );
}

/** The address waits for the link whose token hash is given (`existingId`: the sign-up it already has). */
export async function awaitConfirmation(
  store: Store,
  existingId: number | null,
  email: string,
  pending: { confirm_token_hash: string; confirm_expires_at: string },
  now: string,
): Promise<void> {
  if (existingId !== null)
    await store.run(store.qb.updateTable("subscribers").set(pending).where("id", "=", existingId));
  else
    await store.run(
      store.qb
        .insertInto("subscribers")
        .values({ email, created_at: now, confirmed_at: null, ...pending })
        // Two sign-ups of one address at once: the later one's link is the one that works.
        .onConflict((oc) => oc.column("email").doUpdateSet(pending)),
    );
}

/** Confirms the sign-up of this link, once (a conditional update); false: no such unexpired link. */
export async function confirmSubscription(store: Store, tokenHash: string, now: string): Promise<boolean> {
  const confirmed = await store.run(
    store.qb
      .updateTable("subscribers")
      .set({ confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
      .where("confirm_token_hash", "=", tokenHash)
      .where("confirmed_at", "is", null)
      .where("confirm_expires_at", ">", now),
  );
  return confirmed.changes > 0;
}
