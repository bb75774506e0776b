import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { isShowingSavedCopy, watchSlowReads } from "./slow-reads";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("watchSlowReads", () => {
  let client: QueryClient;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
    stop = watchSlowReads(client);
  });
  afterEach(() => {
    stop();
    client.clear();
    vi.useRealTimers();
  });

  const watch = (key: string, queryFn: () => Promise<string>) => {
    const observer = new QueryObserver(client, { queryKey: [key], queryFn });
    return observer.subscribe(() => undefined);
  };

  it("shows the saved copy with the notice after 4 s without an answer, until the fresh reply replaces it", async () => {
    client.setQueryData(["product"], "saved");
    const reply = deferred<string>();
    const unsubscribe = watch("product", () => reply.promise);
    await vi.advanceTimersByTimeAsync(3900);
    expect(isShowingSavedCopy()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(isShowingSavedCopy()).toBe(true);
    expect(client.getQueryData(["product"])).toBe("saved");
    reply.resolve("fresh");
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData(["product"])).toBe("fresh");
    expect(isShowingSavedCopy()).toBe(false);
    unsubscribe();
  });

  it("says nothing for a slow read without a saved copy (the page's own loading state shows)", async () => {
    const unsubscribe = watch("never-seen", () => new Promise<string>(() => undefined));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isShowingSavedCopy()).toBe(false);
    unsubscribe();
  });

  it("keeps the copy and tries again when the slow read fails, and drops the notice when nobody shows it", async () => {
    client.setQueryData(["list"], "saved");
    const first = deferred<string>();
    const second = deferred<string>();
    const queryFn = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const unsubscribe = watch("list", queryFn);
    await vi.advanceTimersByTimeAsync(4100);
    expect(isShowingSavedCopy()).toBe(true);
    first.reject(new Error("The server could not be reached."));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData(["list"])).toBe("saved");
    expect(isShowingSavedCopy()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
    expect(isShowingSavedCopy()).toBe(false);
  });
});
