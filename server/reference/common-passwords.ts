import { readFileSync } from "node:fs";

/**
 * The most common passwords (security review N18, decision 052): `common-passwords.txt`, one a
 * line, lower case, those of 8 characters or more from SecLists' "10k most common" list (shorter ones fail
 * the length rule anyway). Beside this module in the source tree and in the compiled server
 * (scripts/build-server.mjs copies it), read once, at the first check.
 */
let common: Set<string> | undefined;

/** The message a registration, a password change or a reset gets for one of them (under `password`). */
export const COMMON_PASSWORD_MESSAGE =
  "The password is one of the most common ones. Please choose a different password.";

/** Whether `password` is on the list, ignoring case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return common.has(password.trim().toLowerCase());
}
