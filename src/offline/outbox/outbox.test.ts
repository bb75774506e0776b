// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { addWaitingChange, openOtherTab } from "../../../tests/utils/outbox";
import { writeAuth } from "@/api/auth-storage";
import { addCartLine, cartKeys, retryWhileUnreachable } from "@/api/cart";
import { ApiError, setApiTransport } from "@/api/client";
import { setWishlisted, wishlistKeys } from "@/api/wishlist";
import { readDone } from "./done-keys";
import { createOutbox } from "./outbox";
import type { OutboxSummary } from "./summary";
import type { OutboxPolicy } from "./outbox-policy";
import { serverReadIsCurrent } from "@/offline/signal/server-freshness";

/** Stand-ins for the features' policies: which writes hold back server reads of which kind. */
const policies: OutboxPolicy[] = [
  { mutationKey: cartKeys.all, writeKind: "cart" },
  { mutationKey: wishlistKeys.all, writeKind: "wishlist" },
];
const outboxFor = (queryClient: QueryClient) => createOutbox({ queryClient, policies });

afterEach(() => {
  localStorage.clear();
  setApiTransport((url, init) => fetch(url, init));
});

/** Runs one outbox cart write whose request ends with `error`, and says whether its key was marked done. */
async function markedDone(key: string, error: Error): Promise<boolean> {
  const client = new QueryClient();
  const outbox = outboxFor(client);
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

  it("a wishlist change whose read of the list was cut while its reply arrived is not: it is retried", async () => {
    // Found by the 1,000-flip soak (seed 1, step #340): the page left while the list's body arrived, the cut
    // body read as a malformed reply (the server's answer), and the change was settled in every tab unsent.
    writeAuth({ token: "t", data: {} });
    const sent: string[] = [];
    setApiTransport((url) => {
      sent.push(String(url));
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":['));
          controller.error(new DOMException("The user aborted a request.", "AbortError"));
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const client = new QueryClient();
    const outbox = outboxFor(client);
    try {
      const m = client.getMutationCache().build(client, {
        mutationKey: wishlistKeys.set(),
        mutationFn: setWishlisted,
        meta: { personal: true, offline: true },
        retry: false,
      });
      await m.execute({ idempotencyKey: "cut-read", productId: 34, wanted: true }).catch(() => undefined);
      expect(sent).toHaveLength(1);
      expect("cut-read" in readDone()).toBe(false);
      const error = m.state.error;
      expect(error).toBeInstanceOf(ApiError);
      expect(retryWhileUnreachable(1, error as ApiError)).toBe(true);
    } finally {
      outbox.dispose();
    }
  });
});

describe("a change another tab settled", () => {
  it("makes this tab's older server read stale even before that tab's note reaches this one", async () => {
    // Found by the 1,000-flip soak (seed 2, step #460): the other tab's "settled" message arrived before its
    // localStorage note did; the copy here left, no write was under way any more, and a cart read from before
    // the change counted as current: the device cart went back to the old quantity.
    const client = new QueryClient();
    const outbox = outboxFor(client);
    const otherTab = openOtherTab();
    try {
      const readBefore = Date.now() - 1_000;
      addWaitingChange(
        client,
        cartKeys.add(),
        { personal: true, offline: true },
        { idempotencyKey: "sent-by-the-other-tab", productId: 34, quantity: 1 },
        { submittedAt: readBefore },
      );
      expect(outbox.waitingCount()).toBe(1);
      expect(serverReadIsCurrent("cart", readBefore)).toBe(false);

      otherTab.channel.postMessage({ type: "dropped", keys: ["sent-by-the-other-tab"], kind: "cart" });
      await expect.poll(() => outbox.waitingCount()).toBe(0);
      expect(serverReadIsCurrent("cart", readBefore)).toBe(false);
      expect(serverReadIsCurrent("cart", Date.now() + 1)).toBe(true);
    } finally {
      otherTab.channel.close();
      outbox.dispose();
    }
  });
});

describe("undo of a waiting change (the change queue panel)", () => {
  const meta = { personal: true, offline: true };
  const addWaitingCartAdd = (client: QueryClient, idempotencyKey: string, failureCount = 0) =>
    addWaitingChange(
      client,
      cartKeys.add(),
      meta,
      { idempotencyKey, productId: 34, quantity: 1 },
      { failureCount },
    );

  it("takes a never-sent change out of every tab and every restart, and no request ever carries it", async () => {
    const sent: string[] = [];
    setApiTransport((_url, init) => {
      sent.push(new Headers(init.headers).get("Idempotency-Key") ?? "");
      return Promise.resolve(new Response('{"message":"ok"}', { status: 200 }));
    });
    const client = new QueryClient();
    const outbox = outboxFor(client);
    const { channel: otherTab, heard } = openOtherTab();
    try {
      addWaitingCartAdd(client, "undo-me");
      addWaitingCartAdd(client, "keep-me");
      expect(outbox.waiting().map((c) => [c.key, c.undoable])).toEqual([
        ["undo-me", true],
        ["keep-me", true],
      ]);

      expect(await outbox.undo(["undo-me"])).toBe(true);
      expect(outbox.waiting().map((c) => c.key)).toEqual(["keep-me"]);
      // A restart skips it (done), the other tabs drop their copy.
      expect("undo-me" in readDone()).toBe(true);
      await expect.poll(() => heard).toContainEqual({ type: "dropped", keys: ["undo-me"], kind: "cart" });
      // A tab the word has not reached yet still never sends it.
      await expect(
        addCartLine({ idempotencyKey: "undo-me", productId: 34, quantity: 1 }),
      ).rejects.toMatchObject({ kind: "network" });
      await addCartLine({ idempotencyKey: "keep-me", productId: 34, quantity: 1 });
      expect(sent).toEqual(["keep-me"]);
      // Once a request carrying it has left, a change can no longer be undone, in any tab.
      expect(await outbox.undo(["keep-me"])).toBe(false);
    } finally {
      otherTab.close();
      outbox.dispose();
    }
  });

  it("refuses a change that may have reached the server, and undoes nothing of an entry then", async () => {
    const client = new QueryClient();
    const outbox = outboxFor(client);
    try {
      addWaitingCartAdd(client, "fresh");
      // Cut in flight when the page died: restored with failureCount 1.
      addWaitingCartAdd(client, "cut", 1);
      expect(outbox.waiting().map((c) => c.undoable)).toEqual([true, false]);
      expect(await outbox.undo(["fresh", "cut"])).toBe(false);
      expect(outbox.waitingCount()).toBe(2);
      expect(readDone()).toEqual({});
    } finally {
      outbox.dispose();
    }
  });

  it("finishes the undo's tidying (the Background Sync record's removal) before it says the change is undone", async () => {
    const client = new QueryClient();
    const outbox = outboxFor(client);
    const tidied: string[][] = [];
    let release = () => undefined as void;
    const stop = outbox.onUndo(
      (keys) =>
        new Promise<void>((resolve) => {
          tidied.push([...keys]);
          release = resolve;
        }),
    );
    try {
      addWaitingCartAdd(client, "undo-me");
      addWaitingCartAdd(client, "cut", 1);
      let settled = false;
      const undone = outbox.undo(["undo-me"]).then((ok) => ((settled = true), ok));
      await expect.poll(() => tidied).toEqual([["undo-me"]]);
      await Promise.resolve();
      expect(settled).toBe(false);
      release();
      expect(await undone).toBe(true);
      // A refused undo has nothing to tidy.
      expect(await outbox.undo(["cut"])).toBe(false);
      expect(tidied).toEqual([["undo-me"]]);
      stop();
    } finally {
      outbox.dispose();
    }
  });
});

describe("the features' policies (the outbox knows no feature)", () => {
  const meta = { offline: true };

  it("coalesces a write only against the waiting writes of the policy that owns it; a write no policy owns is sent", () => {
    const client = new QueryClient();
    const seen: { waiting: string[]; next: unknown }[] = [];
    const thing: OutboxPolicy = {
      mutationKey: ["thing"],
      coalesce(waiting, next) {
        seen.push({
          waiting: waiting.map((w) => (w.variables as { idempotencyKey: string }).idempotencyKey),
          next,
        });
        // Drops every droppable waiting write; sends the new one unless it says otherwise.
        return {
          drop: waiting.filter((w) => w.droppable).map((w) => w.id),
          send: (next.variables as { send?: boolean }).send !== false,
        };
      },
    };
    const outbox = createOutbox({ queryClient: client, policies: [thing] });
    try {
      addWaitingChange(client, ["thing", "set"], meta, { idempotencyKey: "t1" });
      addWaitingChange(client, ["thing", "set"], meta, { idempotencyKey: "t2" }, { failureCount: 1 });
      addWaitingChange(client, ["other", "set"], meta, { idempotencyKey: "o1" });

      expect(outbox.prepare(["other", "set"], { idempotencyKey: "o2" })).toBe(true);
      expect(seen).toEqual([]);
      expect(outbox.prepare(["thing", "set"], { idempotencyKey: "t3", send: false })).toBe(false);
      expect(seen).toEqual([
        {
          waiting: ["t1", "t2"],
          next: { mutationKey: ["thing", "set"], variables: { idempotencyKey: "t3", send: false } },
        },
      ]);
      // Its never-sent write left; the one that may have reached the server and the other feature's stay.
      expect(outbox.waiting().map((c) => c.key)).toEqual(["t2", "o1"]);
    } finally {
      outbox.dispose();
    }
  });

  it("runs a policy around a replay: its waiting writes listed, its queries read again, its price check in the summary", async () => {
    const client = new QueryClient();
    client.setMutationDefaults(["thing", "set"], { mutationFn: () => Promise.resolve({ ok: true }) });
    client.setMutationDefaults(["other", "set"], { mutationFn: () => Promise.resolve({ ok: true }) });
    client.setQueryData(["thing", "list"], ["before"]);
    client.setQueryData(["other", "list"], ["before"]);
    const listedAtStart: unknown[] = [];
    const events: string[] = [];
    const replayed: unknown[] = [];
    const thing: OutboxPolicy = {
      mutationKey: ["thing"],
      duringReplay(waiting) {
        listedAtStart.push(
          ...waiting().map((w) => (w.variables as { idempotencyKey: string }).idempotencyKey),
        );
        events.push("start");
        return () => events.push("end");
      },
      queriesToReload: [["thing", "list"]],
      priceChanges(writes, queryClient) {
        replayed.push(...writes);
        events.push(
          queryClient.getQueryState(["thing", "list"])?.isInvalidated ? "checked after reload" : "too early",
        );
        return writes.map((w) => ({ label: w.label, from: 1, to: 2 }));
      },
    };
    const outbox = createOutbox({ queryClient: client, policies: [thing] });
    const summaries: OutboxSummary[] = [];
    const stop = outbox.subscribeSummary((s) => summaries.push(s));
    try {
      addWaitingChange(client, ["thing", "set"], meta, { idempotencyKey: "t1", label: "T" });
      addWaitingChange(client, ["other", "set"], meta, { idempotencyKey: "o1" });
      await outbox.replay();
      expect(listedAtStart).toEqual(["t1"]);
      expect(events).toEqual(["start", "end", "checked after reload"]);
      expect(replayed).toEqual([
        { mutationKey: ["thing", "set"], variables: { idempotencyKey: "t1", label: "T" }, label: "T" },
      ]);
      expect(summaries).toEqual([
        { synced: 2, syncedKeys: ["t1", "o1"], refused: [], priceChanged: [{ label: "T", from: 1, to: 2 }] },
      ]);
      expect(client.getQueryState(["other", "list"])?.isInvalidated).toBe(false);
    } finally {
      stop();
      outbox.dispose();
    }
  });
});
