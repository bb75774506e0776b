import { createHmac } from "node:crypto";
import type { Store } from "../db/store";
import { randomToken } from "./crypto";

/**
 * The server secret (it signs guest session ids, lib/auth.ts). SERVER_SECRET when set (at least 32
 * characters); otherwise one generated once and kept in the database, so a restart or a second instance on
 * the same database accepts the same ids.
 */
export async function loadServerSecret(store: Store, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SERVER_SECRET must be at least 32 characters long.");
    return fromEnv;
  }
  await store.run(
    store.qb
      .insertInto("settings")
      .values({ key: "server_secret", value: randomToken(32) })
      .onConflict((oc) => oc.column("key").doNothing()),
  );
  const row = await store.first(
    store.qb.selectFrom("settings").select("value").where("key", "=", "server_secret"),
  );
  return row!.value;
}

export function hmac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}
