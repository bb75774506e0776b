import { describe, expect, it } from "vitest";
import { newsletterKeys } from "@/api/newsletter";
import { toSyncRecord } from "@/offline/background-sync/background-sync";
import { newsletterOutboxPolicy } from "./outbox-policy";

describe("the newsletter's Background Sync records", () => {
  it("sends a sign-up without a token and without the key in the body", () => {
    const signUp = toSyncRecord(
      [newsletterOutboxPolicy],
      newsletterKeys.subscribe(),
      { idempotencyKey: "k5", email: "a@example.test" },
      1,
      "t",
    );
    expect(signUp).toEqual({
      v: 1,
      key: "k5",
      label: null,
      at: 1,
      token: null,
      kind: "other",
      request: {
        method: "POST",
        url: "/api/contactsubscribe",
        body: { email: "a@example.test" },
        errorFieldRefuses: false,
      },
    });
  });
});
