import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createApiState } from "@/api/api-state";
import { cartOutboxPolicy } from "@/features/cart/outbox/outbox-policy";
import { contactOutboxPolicy } from "@/features/content/outbox/outbox-policy";
import { newsletterOutboxPolicy } from "@/features/shell/outbox/outbox-policy";
import { stockAlertOutboxPolicy, testRideOutboxPolicy } from "@/features/showroom/outbox/outbox-policy";
import { wishlistOutboxPolicy } from "@/features/wishlist/outbox/outbox-policy";
import { featuresOf } from "@/offline/outbox/by-feature";
import { changeDescriberModules, CHANGE_DESCRIBERS } from "@/routes/-components/change-describers";
import { mutationDefaultModules, offlineMutationDefaults } from "./mutation-defaults";
import { outboxPolicies, outboxPolicyModules } from "./outbox-policies";

const FEATURES = resolve(import.meta.dirname, "../features");
const OUTBOX_FILES = ["mutation-defaults.ts", "outbox-policy.ts", "change-describers.ts"];

describe("the features' offline writes, collected from their outbox/ folders", () => {
  it("finds every feature's outbox/ folder, each with its three files, in the queue's order", () => {
    const withOutbox = readdirSync(FEATURES).filter((f) => existsSync(join(FEATURES, f, "outbox")));
    for (const feature of withOutbox)
      for (const file of OUTBOX_FILES)
        expect(existsSync(join(FEATURES, feature, "outbox", file)), `${feature}/outbox/${file}`).toBe(true);
    const order = ["cart", "wishlist", "content", "shell", "showroom"];
    expect([...withOutbox].sort()).toEqual([...order].sort());
    expect(featuresOf(mutationDefaultModules)).toEqual(order);
    expect(featuresOf(outboxPolicyModules)).toEqual(order);
    expect(featuresOf(changeDescriberModules)).toEqual(order);
  });

  it("hands the outbox every policy, in the order the features come", () => {
    const api = createApiState();
    const [cart, ...others] = outboxPolicies(api);
    // The cart's is made for the app instance (its replay switches that instance's api state).
    expect(cart).toMatchObject({ mutationKey: cartOutboxPolicy(api).mutationKey, writeKind: "cart" });
    expect(others).toEqual([
      wishlistOutboxPolicy,
      contactOutboxPolicy,
      newsletterOutboxPolicy,
      testRideOutboxPolicy,
      stockAlertOutboxPolicy,
    ]);
  });

  it("registers a mutation default for every policy's writes, and a describer per policy", () => {
    const api = createApiState();
    const keys = offlineMutationDefaults(api).map((d) => JSON.stringify(d.mutationKey));
    const policies = outboxPolicies(api);
    for (const policy of policies)
      expect(
        keys.some((k) => k.startsWith(JSON.stringify(policy.mutationKey).slice(0, -1))),
        JSON.stringify(policy.mutationKey),
      ).toBe(true);
    expect(CHANGE_DESCRIBERS).toHaveLength(policies.length);
  });
});
