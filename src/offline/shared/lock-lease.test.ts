// @vitest-environment node
import { describe, expect, it } from "vitest";
import { requestWithLiveness } from "./lock-lease";

/**
 * A Web Lock manager for one exclusive lock name, as the spec has it for what the lease uses: a queue, an
 * abort signal for a request still waiting, and `steal` (the holder's request rejects with AbortError and its
 * callback is not interrupted).
 */
function fakeLocks() {
  let holder: { reject: (e: unknown) => void } | null = null;
  const queue: (() => void)[] = [];
  const abortError = () => new DOMException("The lock request is aborted", "AbortError");
  const grant = (cb: () => Promise<unknown>, done: (v: unknown) => void, fail: (e: unknown) => void) => {
    const me = { reject: fail };
    holder = me;
    void Promise.resolve()
      .then(cb)
      .then(
        (v) => {
          if (holder === me) done(v);
        },
        (e: unknown) => {
          if (holder === me) fail(e);
        },
      )
      .finally(() => {
        if (holder !== me) return;
        holder = null;
        queue.shift()?.();
      });
  };
  const request = (
    _name: string,
    options: LockOptions,
    cb: () => Promise<unknown>,
  ): Promise<unknown> =>
    new Promise((done, fail) => {
      if (options.steal) {
        holder?.reject(abortError());
        grant(cb, done, fail);
        return;
      }
      if (!holder) return grant(cb, done, fail);
      const go = () => grant(cb, done, fail);
      queue.push(go);
      options.signal?.addEventListener("abort", () => {
        const i = queue.indexOf(go);
        if (i >= 0) {
          queue.splice(i, 1);
          fail(abortError());
        }
      });
    });
  return { request } as unknown as LockManager;
}

const FAST = { staleMs: 300, checkMs: 20, heartbeatMs: 20, jitterMs: 10 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("requestWithLiveness", () => {
  it("waits for a holder that says it is alive, however long it holds the lock", async () => {
    const locks = fakeLocks();
    const order: string[] = [];
    const first = requestWithLiveness(
      locks,
      "lease-test-a",
      async () => {
        order.push("first starts");
        await sleep(FAST.staleMs * 3);
        order.push("first ends");
      },
      FAST,
    );
    await sleep(10);
    const second = requestWithLiveness(locks, "lease-test-a", async () => void order.push("second"), FAST);
    await Promise.all([first, second]);
    expect(order).toEqual(["first starts", "first ends", "second"]);
  });

  it("takes the lock over from a holder that fell silent (a frozen tab), and that holder's own request then fails as stolen", async () => {
    const locks = fakeLocks();
    // A holder that never says it is alive: it holds the lock outside the lease, as a frozen tab whose timers
    // no longer run.
    let release!: () => void;
    const frozen = locks.request("lease-test-b", {}, () => new Promise<void>((r) => (release = r)));
    const frozenOutcome = frozen.then(
      () => "released",
      (e: unknown) => (e as DOMException).name,
    );
    await sleep(10);
    let sent = 0;
    await requestWithLiveness(locks, "lease-test-b", async () => void sent++, FAST);
    expect(sent).toBe(1);
    expect(await frozenOutcome).toBe("AbortError");
    release();
  });

  it("a waiter that hears another take the lock over from a silent holder waits for it", async () => {
    const locks = fakeLocks();
    void locks.request("lease-test-c", {}, () => new Promise<void>(() => undefined)).catch(() => undefined);
    await sleep(10);
    const running: string[] = [];
    const ran: string[] = [];
    const task = (name: string) => async () => {
      running.push(name);
      expect(running).toHaveLength(1);
      await sleep(FAST.staleMs);
      running.splice(running.indexOf(name), 1);
      ran.push(name);
    };
    const b = requestWithLiveness(locks, "lease-test-c", task("b"), FAST);
    // c begins waiting later: b finds the holder silent first, and c hears b from then on.
    await sleep(FAST.staleMs / 3);
    const c = requestWithLiveness(locks, "lease-test-c", task("c"), FAST);
    await Promise.all([b, c]);
    expect(ran).toEqual(["b", "c"]);
  });

  it("gives the task's own error to the caller", async () => {
    const locks = fakeLocks();
    await expect(
      requestWithLiveness(
        locks,
        "lease-test-d",
        () => Promise.reject(new Error("the replay failed")),
        FAST,
      ),
    ).rejects.toThrow("the replay failed");
  });
});
