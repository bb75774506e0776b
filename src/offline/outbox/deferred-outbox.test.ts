// @vitest-environment happy-dom
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addWaitingChange, openOtherTab } from "../../../tests/utils/outbox";
import { createDeferredOutbox, type OutboxModule } from "./deferred-outbox";
import { createOutbox } from "./outbox";
import type { OutboxSummary } from "./summary";
import type { OutboxPolicy } from "./outbox-policy";

const KEY = ["thing", "set"];
const meta = { offline: true };
const policies: OutboxPolicy[] = [{ mutationKey: ["thing"] }];

/** A query client whose outbox writes record their Idempotency-Key when sent, and an outbox module held back. */
function setUp() {
  const sent: string[] = [];
  const client = new QueryClient();
  client.setMutationDefaults(KEY, {
    meta,
    mutationFn: (v: { idempotencyKey: string }) => {
      sent.push(v.idempotencyKey);
      return Promise.resolve({ ok: true });
    },
  });
  let arrive: () => void = () => undefined;
  const importModule = vi.fn(
    () =>
      new Promise<OutboxModule>((resolve) => {
        arrive = () =>
          resolve({
            startOutbox: (queryClient, early) => createOutbox({ queryClient, policies, early }),
          });
      }),
  );
  const deferred = createDeferredOutbox(client, importModule);
  cleanups.push(() => deferred.dispose());
  return { sent, client, deferred, importModule, arrive: () => arrive() };
}

const cleanups: (() => void)[] = [];
/** Another tab's end of the outboxes' channel, closed after the test. */
function otherTab() {
  const tab = openOtherTab();
  cleanups.push(() => tab.channel.close());
  return tab;
}

afterEach(() => {
  cleanups.splice(0).forEach((stop) => stop());
  onlineManager.setOnline(true);
  localStorage.clear();
});

describe("the outbox loaded after the first page", () => {
  it("a write made offline before it arrives is queued once, told to the other tabs once and sent once", async () => {
    const { sent, client, deferred, importModule, arrive } = setUp();
    const tab = otherTab();
    onlineManager.setOnline(false);

    const variables = { idempotencyKey: "early", label: "T" };
    expect(deferred.prepare(KEY, variables)).toBe(true);
    const m = client.getMutationCache().build(client, { mutationKey: KEY, meta });
    const result = m.execute(variables);
    await vi.waitFor(() => expect(m.state.isPaused).toBe(true));
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(deferred.waiting().map((c) => [c.key, c.undoable])).toEqual([["early", true]]);

    // Back online before the outbox arrived: TanStack's replay waits for it, nothing leaves meanwhile.
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    deferred.cacheRestored();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);

    arrive();
    await result;
    expect(sent).toEqual(["early"]);
    expect(deferred.waiting()).toEqual([]);
    // Told to the other tabs once (they hold it in case this tab goes), then as sent.
    await vi.waitFor(() => expect(tab.heard.map((msg) => msg.type)).toEqual(["queued", "dropped", "synced"]));
    expect(tab.heard[0]?.variables?.idempotencyKey).toBe("early");
    // Later replays find nothing more to send.
    await deferred.loaded()?.replay();
    expect(sent).toEqual(["early"]);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("a change restored from the device is replayed once the outbox is there and the cache is back", async () => {
    const { sent, client, deferred, importModule, arrive } = setUp();
    // Listened to before the outbox is there: the replay's summary still comes.
    const summaries: OutboxSummary[] = [];
    deferred.subscribeSummary((s) => summaries.push(s));
    addWaitingChange(client, KEY, meta, { idempotencyKey: "restored" });
    expect(importModule).toHaveBeenCalledTimes(1);
    deferred.cacheRestored();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    arrive();
    await vi.waitFor(() => expect(summaries).toHaveLength(1));
    expect(summaries[0]).toMatchObject({ synced: 1, syncedKeys: ["restored"], refused: [] });
    expect(sent).toEqual(["restored"]);
    expect(deferred.waiting()).toEqual([]);
  });

  it("another tab's change told before it arrives is held here too", async () => {
    const { client, deferred, importModule, arrive } = setUp();
    const tab = otherTab();
    tab.channel.postMessage({
      type: "queued",
      mutationKey: KEY,
      variables: { idempotencyKey: "from-the-other-tab" },
      submittedAt: Date.now(),
      failureCount: 0,
    });
    await vi.waitFor(() => expect(importModule).toHaveBeenCalledTimes(1));
    expect(deferred.loaded()).toBeNull();
    onlineManager.setOnline(false);
    arrive();
    await vi.waitFor(() => expect(deferred.loaded()).not.toBeNull());
    expect(deferred.waiting().map((c) => c.key)).toEqual(["from-the-other-tab"]);
    expect(client.getMutationCache().getAll()).toHaveLength(1);
  });

  it("an undo before it arrives waits for it and undoes", async () => {
    const { sent, client, deferred, arrive } = setUp();
    onlineManager.setOnline(false);
    addWaitingChange(client, KEY, meta, { idempotencyKey: "undo-me" });
    const undone = deferred.undo(["undo-me"]);
    arrive();
    expect(await undone).toBe(true);
    expect(deferred.waiting()).toEqual([]);
    onlineManager.setOnline(true);
    deferred.cacheRestored();
    await deferred.loaded()?.replay();
    expect(sent).toEqual([]);
  });

  it("a page shown again from the back-forward cache sends what waits (no Background Sync needed)", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    cleanups.push(() => offline.mockRestore());
    const { sent, client, deferred, arrive } = setUp();
    onlineManager.setOnline(false);
    addWaitingChange(client, KEY, meta, { idempotencyKey: "kept-in-the-cache" });
    arrive();
    deferred.cacheRestored();
    await vi.waitFor(() => expect(deferred.loaded()).not.toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    // The page was put away and the connection came back meanwhile: no `online` event reaches it.
    offline.mockReturnValue(true);
    onlineManager.setOnline(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    // A page load's own `pageshow` is not a return.
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    await vi.waitFor(() => expect(sent).toEqual(["kept-in-the-cache"]));
    await vi.waitFor(() => expect(deferred.waiting()).toEqual([]));
  });

  it("a page made visible again sends what waits", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    cleanups.push(() => offline.mockRestore());
    const { sent, client, deferred, arrive } = setUp();
    onlineManager.setOnline(false);
    addWaitingChange(client, KEY, meta, { idempotencyKey: "sent-when-visible" });
    arrive();
    deferred.cacheRestored();
    await vi.waitFor(() => expect(deferred.loaded()).not.toBeNull());
    offline.mockReturnValue(true);
    onlineManager.setOnline(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(sent).toEqual(["sent-when-visible"]));
  });

  it("a page that never writes and holds nothing waiting never loads it", async () => {
    const { client, deferred, importModule } = setUp();
    // A write the outbox does not hold (no `offline` meta), and a read.
    await client
      .getMutationCache()
      .build(client, { mutationKey: ["other"], mutationFn: () => Promise.resolve(1) })
      .execute(undefined);
    await client.fetchQuery({ queryKey: ["q"], queryFn: () => 1 });
    deferred.cacheRestored();
    await client.resumePausedMutations();
    expect(importModule).not.toHaveBeenCalled();
    expect(deferred.prepare(KEY, {})).toBe(true);
    expect(deferred.waiting()).toEqual([]);
  });
});
