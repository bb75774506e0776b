import { describe, expect, it } from "vitest";
import { sameMutationKey } from "@/api/mutation-key";
import { anonymousPostPolicy, coalesceWith } from "./outbox-policy";

const base = { key: "k-1", label: null, at: 1, token: "secret" };

describe("anonymousPostPolicy", () => {
  const policy = anonymousPostPolicy(["contact", "send"], () => "https://shop.test/api/contactrequest");

  it("sends the form's fields without the Idempotency-Key and without the shopper's token", () => {
    const record = policy.syncRecord?.(
      {
        mutationKey: ["contact", "send"],
        variables: { idempotencyKey: "k-1", email: "a@b.c", message: "Hi" },
      },
      base,
    );
    expect(record).toMatchObject({
      key: "k-1",
      kind: "other",
      token: null,
      request: {
        method: "POST",
        url: "https://shop.test/api/contactrequest",
        body: { email: "a@b.c", message: "Hi" },
        errorFieldRefuses: false,
      },
    });
    expect(record?.request?.body).not.toHaveProperty("idempotencyKey");
  });

  it("has no record for another write", () => {
    expect(policy.syncRecord?.({ mutationKey: ["contact", "other"], variables: {} }, base)).toBeNull();
    expect(policy.syncRecord?.({ mutationKey: undefined, variables: {} }, base)).toBeNull();
  });
});

describe("coalesceWith", () => {
  it("describes waiting and new writes in the feature's terms before its rule decides", () => {
    const coalesce = coalesceWith(
      (key, v) => `${String(key?.[1])}:${(v as { id: number }).id}`,
      (waiting, next) => ({
        drop: waiting.filter((w) => w.droppable && w.change === next).map((w) => w.id),
        send: true,
      }),
    );
    const result = coalesce(
      [
        { id: "a", mutationKey: ["x", "set"], variables: { id: 1 }, droppable: true },
        { id: "b", mutationKey: ["x", "set"], variables: { id: 2 }, droppable: true },
        { id: "c", mutationKey: ["x", "set"], variables: { id: 1 }, droppable: false },
      ],
      { mutationKey: ["x", "set"], variables: { id: 1 } },
    );
    expect(result).toEqual({ drop: ["a"], send: true });
  });
});

describe("sameMutationKey", () => {
  it("compares keys as TanStack Query hashes them", () => {
    expect(sameMutationKey(["cart", { a: 1, b: 2 }], ["cart", { b: 2, a: 1 }])).toBe(true);
    expect(sameMutationKey(["cart", "add"], ["cart", "remove"])).toBe(false);
    expect(sameMutationKey(undefined, ["cart"])).toBe(false);
  });
});
