import { describe, expect, it } from "vitest";
import { contentKeys } from "@/api/content";
import { toSyncRecord } from "@/offline/background-sync/background-sync";
import { contactOutboxPolicy } from "./outbox-policy";

describe("the contact form's Background Sync records", () => {
  it("sends contact requests without a token and without the key in the body", () => {
    const contact = toSyncRecord(
      [contactOutboxPolicy],
      contentKeys.contact(),
      { idempotencyKey: "k4", name: "A", email: "a@example.test", message: "Hi" },
      1,
      "t",
    );
    expect(contact).toMatchObject({
      key: "k4",
      kind: "other",
      token: null,
      request: { method: "POST", url: "/api/contactrequest", body: { name: "A", message: "Hi" } },
    });
    expect(contact?.request?.body).not.toHaveProperty("idempotencyKey");
  });
});
