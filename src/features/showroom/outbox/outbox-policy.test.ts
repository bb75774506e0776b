import { describe, expect, it } from "vitest";
import { showroomKeys } from "@/api/showroom";
import { toSyncRecord } from "@/offline/background-sync/background-sync";
import { stockAlertOutboxPolicy, testRideOutboxPolicy } from "./outbox-policy";

describe("the showroom's Background Sync records", () => {
  it("sends a test ride and a back-in-stock request without a token and without the key in the body", () => {
    const policies = [testRideOutboxPolicy, stockAlertOutboxPolicy];
    const ride = toSyncRecord(
      policies,
      showroomKeys.testRide(),
      {
        idempotencyKey: "k1",
        product_id: 3,
        size: "m",
        date: "2026-12-10",
        slot: "10:00",
        email: "a@b.test",
      },
      1,
      "t",
    );
    expect(ride).toMatchObject({
      key: "k1",
      token: null,
      request: { method: "POST", url: "/api/test-rides", body: { product_id: 3, slot: "10:00" } },
    });
    expect(ride?.request?.body).not.toHaveProperty("idempotencyKey");
    const alert = toSyncRecord(
      policies,
      showroomKeys.stockAlert(),
      { idempotencyKey: "k2", product_id: 3, size: "m", email: "a@b.test" },
      1,
      null,
    );
    expect(alert).toMatchObject({ key: "k2", request: { url: "/api/stock-alerts" } });
  });
});
