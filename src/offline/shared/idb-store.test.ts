import "fake-indexeddb/auto";
import { get, set, update } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { connectionLost, reopeningStore } from "./idb-store";

/** Closes the connection the store holds, as WebKit does to a page that was in the background. */
async function dropConnection(store: ReturnType<typeof reopeningStore>): Promise<void> {
  await store("readonly", (s) => s.transaction.db.close());
}

describe("an IndexedDB store that reopens a lost connection (WebKit)", () => {
  it("reads and writes again after its connection was closed, without a reload", async () => {
    const store = reopeningStore("test-reopen", "things");
    await set("cart", { lines: 1 }, store);
    await dropConnection(store);
    // idb-keyval's own store fails here ("The database connection is closing"); this one opens again.
    expect(await get("cart", store)).toEqual({ lines: 1 });
    await dropConnection(store);
    await set("cart", { lines: 2 }, store);
    expect(await get("cart", store)).toEqual({ lines: 2 });
  });

  it("applies a read-modify-write once when it had to reopen", async () => {
    const store = reopeningStore("test-reopen-once", "things");
    await set("count", 0, store);
    await dropConnection(store);
    await update("count", (n?: number) => (n ?? 0) + 1, store);
    expect(await get("count", store)).toBe(1);
  });

  it("leaves other errors to the caller (a value that cannot be stored is not tried twice)", async () => {
    const store = reopeningStore("test-reopen-errors", "things");
    let calls = 0;
    await expect(
      store("readwrite", (s) => {
        calls++;
        return new Promise((resolve, reject) => {
          const request = s.put(() => "a function cannot be cloned", "bad");
          request.onsuccess = resolve;
          request.onerror = () => reject(request.error);
        });
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
    expect(connectionLost(new DOMException("gone", "UnknownError"))).toBe(true);
    expect(connectionLost(new DOMException("full", "QuotaExceededError"))).toBe(false);
  });
});
