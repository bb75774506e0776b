import type { Store } from "../db/store";

/**
 * A named job that one instance holds at a time (migration 0021's `leases`): taken with one conditional update
 * (the row's lease has run out), so no connection stays open and no lock is held while the job runs; given
 * back when it is done. A holder that dies keeps it only until `ms` have passed.
 */
export async function takeLease(
  store: Store,
  name: string,
  holder: string,
  ms: number,
  now = Date.now(),
): Promise<boolean> {
  await store.run(
    store.qb
      .insertInto("leases")
      .values({ name, holder: "", until_ms: 0 })
      .onConflict((oc) => oc.column("name").doNothing()),
  );
  const { changes } = await store.run(
    store.qb
      .updateTable("leases")
      .set({ holder, until_ms: now + ms })
      .where("name", "=", name)
      .where("until_ms", "<=", now),
  );
  return changes === 1;
}

/** Gives a lease back (only if `holder` still holds it). */
export async function releaseLease(store: Store, name: string, holder: string): Promise<void> {
  await store.run(
    store.qb.updateTable("leases").set({ until_ms: 0 }).where("name", "=", name).where("holder", "=", holder),
  );
}
