import { afterEach, describe, expect, it, vi } from "vitest";
import { webLocksLeader } from "./leader";

afterEach(() => vi.unstubAllGlobals());

describe("webLocksLeader", () => {
  it("runs the replay and the undo at once where Web Locks do not exist", async () => {
    vi.stubGlobal("navigator", {});
    const leader = webLocksLeader("test-lock");
    const replay = vi.fn(() => Promise.resolve());
    await leader.whileLeading(replay);
    expect(replay).toHaveBeenCalledOnce();
    await expect(leader.ifFree(() => "undone")).resolves.toBe("undone");
  });

  it("does not undo while another holder has the lock", async () => {
    const request = vi.fn((_name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) =>
      Promise.resolve(callback(null)),
    );
    vi.stubGlobal("navigator", { locks: { request } });
    const undo = vi.fn(() => true);
    await expect(webLocksLeader("test-lock").ifFree(undo)).resolves.toBe(false);
    expect(undo).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith("test-lock", { ifAvailable: true }, expect.any(Function));
  });
});
