// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { cartKeys } from "@/api/cart";
import { ApiError } from "@/api/client";
import { readDone } from "./done-keys";
import { createOutbox } from "./outbox";

afterEach(() => localStorage.clear());

/** Runs one outbox cart write whose request ends with `error`, and says whether its key was marked done. */
async function markedDone(key: string, error: Error): Promise<boolean> {
  const client = new QueryClient();
  const outbox = createOutbox(client);
  try {
    const m = client.getMutationCache().build(client, {
      mutationKey: cartKeys.add(),
      mutationFn: () => Promise.reject(error),
      meta: { personal: true, offline: true },
      retry: false,
    });
    await m.execute({ idempotencyKey: key, productId: 1, quantity: 1 }).catch(() => undefined);
    return key in readDone();
  } finally {
    outbox.dispose();
  }
}

describe("which settled changes no tab or restart sends again", () => {
  it("a change the server refused is done", async () => {
    expect(
      await markedDone(
        "refused",
        new ApiError("Quantity exceeds to available stock", { kind: "http", status: 422 }),
      ),
    ).toBe(true);
  });

  it("a change whose request never completed is not: a copy another tab or the next page holds still goes", async () => {
    expect(
      await markedDone("cut", new ApiError("The server could not be reached.", { kind: "network" })),
    ).toBe(false);
    expect(await markedDone("aborted", new DOMException("The user aborted a request.", "AbortError"))).toBe(
      false,
    );
  });
});
