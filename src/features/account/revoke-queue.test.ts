// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/client";
import { PENDING_REVOKES_KEY, pendingRevokes, revokeOrQueue, sendPendingRevokes } from "./revoke-queue";

const offline = () => new ApiError("Network error", { kind: "network" });
const refused = (status: number) => new ApiError("refused", { kind: "http", status });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe("log-outs the server has not heard of (N20)", () => {
  it("revokes at once when online, and keeps nothing", async () => {
    const send = vi.fn(async () => undefined);
    await revokeOrQueue("token-a", send);
    expect(send).toHaveBeenCalledWith("token-a");
    expect(pendingRevokes()).toEqual([]);
    expect(localStorage.getItem(PENDING_REVOKES_KEY)).toBeNull();
  });

  it("keeps an offline log-out's token and revokes it once the connection is back", async () => {
    setOnline(false);
    const send = vi.fn(async (_token: string) => undefined);
    await revokeOrQueue("token-b", send);
    expect(send).not.toHaveBeenCalled();
    expect(pendingRevokes()).toEqual(["token-b"]);

    setOnline(true);
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith("token-b"));
    await vi.waitFor(() => expect(pendingRevokes()).toEqual([]));
    // Done: a later `online` sends nothing more.
    window.dispatchEvent(new Event("online"));
    await new Promise((r) => setTimeout(r, 0));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("tries again after a lost connection or a server error, not after a refusal", async () => {
    localStorage.setItem(PENDING_REVOKES_KEY, JSON.stringify(["lost", "broken", "gone", "refused", "fine"]));
    const replies: Record<string, () => Promise<void>> = {
      lost: () => Promise.reject(offline()),
      broken: () => Promise.reject(refused(503)),
      gone: () => Promise.reject(refused(401)),
      refused: () => Promise.reject(refused(422)),
      fine: () => Promise.resolve(),
    };
    await sendPendingRevokes((t) => replies[t]!());
    expect(pendingRevokes()).toEqual(["lost", "broken"]);
  });

  it("reads a damaged value as nothing waiting, and keeps the five newest tokens", async () => {
    localStorage.setItem(PENDING_REVOKES_KEY, "{not json");
    expect(pendingRevokes()).toEqual([]);
    localStorage.setItem(PENDING_REVOKES_KEY, JSON.stringify(["ok", 7, "", null]));
    expect(pendingRevokes()).toEqual(["ok"]);

    setOnline(false);
    localStorage.clear();
    for (const t of ["t1", "t2", "t3", "t4", "t5", "t6", "t6"]) await revokeOrQueue(t, async () => undefined);
    expect(pendingRevokes()).toEqual(["t2", "t3", "t4", "t5", "t6"]);
  });
});
