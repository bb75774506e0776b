// @vitest-environment happy-dom
import { dehydrate, hydrate, queryOptions } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { server } from "../../tests/msw/server";
import { sampleProduct } from "../../tests/msw/shopping-handlers";
import { apiFetch } from "@/api/client";
import { catalogQueries } from "@/api/catalog";
import { dehydrateOptions } from "@/offline/cache/persister";
import { readServerHandoff, serverHandoffBlock, undatedQueries } from "@/render/handoff";
import { createQueryClient } from "./query-client";

// "As of" dates: a public query is dated by when the server produced its reply (the `Date` header a cached copy
// keeps), not by when the page read it.

const DAY = 24 * 60 * 60 * 1000;
/** HTTP dates have whole seconds. */
const toSecond = (time: number) => Math.floor(time / 1000) * 1000;

const params = { categorySlug: "mountain-bikes" };

/** The category's list replies with this product name, dated `date`. */
function listReply(name: string, date: number) {
  server.use(
    http.get("*/api/products", () =>
      HttpResponse.json(
        { data: [sampleProduct({ name })] },
        { headers: { Date: new Date(date).toUTCString() } },
      ),
    ),
  );
}

async function readList(client: ReturnType<typeof createQueryClient>) {
  await client.fetchQuery({ ...catalogQueries.list(params, "en"), staleTime: 0 });
  const state = client.getQueryState(catalogQueries.list(params, "en").queryKey)!;
  return {
    name: client.getQueryData(catalogQueries.list(params, "en").queryKey)?.data[0]?.name,
    at: state.dataUpdatedAt,
  };
}

describe("the date of a query's data", () => {
  it("is when the server produced the reply, also for a copy days old", async () => {
    const client = createQueryClient();
    const twoDaysAgo = toSecond(Date.now() - 2 * DAY);
    listReply("Trail Blazer 29", twoDaysAgo);
    expect(await readList(client)).toEqual({ name: "Trail Blazer 29", at: twoDaysAgo });
  });

  it("moves on with a fresher reply, and never back to an older copy than the one held", async () => {
    const client = createQueryClient();
    const twoDaysAgo = toSecond(Date.now() - 2 * DAY);
    const oneDayAgo = toSecond(Date.now() - DAY);
    listReply("Old name", twoDaysAgo);
    await readList(client);
    listReply("New name", oneDayAgo);
    expect(await readList(client)).toEqual({ name: "New name", at: oneDayAgo });
    // A saved pack's copy from before it (the network gone): the newer copy stays, with its date.
    listReply("Old name", twoDaysAgo);
    expect(await readList(client)).toEqual({ name: "New name", at: oneDayAgo });
  });

  it("is the oldest of the replies a query reads", async () => {
    const client = createQueryClient();
    const older = toSecond(Date.now() - 3 * DAY);
    const newer = toSecond(Date.now() - DAY);
    const schema = z.object({ data: z.number() });
    server.use(
      http.get("*/api/a", () =>
        HttpResponse.json({ data: 1 }, { headers: { Date: new Date(newer).toUTCString() } }),
      ),
      http.get("*/api/b", () =>
        HttpResponse.json({ data: 2 }, { headers: { Date: new Date(older).toUTCString() } }),
      ),
    );
    const both = queryOptions({
      queryKey: ["both"],
      queryFn: async ({ signal }) =>
        (await apiFetch("a", { schema, signal })).data + (await apiFetch("b", { schema, signal })).data,
    });
    await client.fetchQuery(both);
    expect(client.getQueryState(both.queryKey)?.dataUpdatedAt).toBe(older);
  });

  it("is the time of the read for a reply without a date, and for personal data", async () => {
    const client = createQueryClient();
    const schema = z.object({ data: z.number() });
    server.use(
      http.get("*/api/undated", () => HttpResponse.json({ data: 1 })),
      http.get("*/api/mine", () =>
        HttpResponse.json({ data: 2 }, { headers: { Date: new Date(Date.now() - 2 * DAY).toUTCString() } }),
      ),
    );
    const undated = queryOptions({
      queryKey: ["undated"],
      queryFn: async ({ signal }) => (await apiFetch("undated", { schema, signal })).data,
    });
    const mine = queryOptions({
      queryKey: ["mine"],
      queryFn: async ({ signal }) => (await apiFetch("mine", { schema, signal })).data,
      meta: { personal: true },
    });
    const before = Date.now();
    await client.fetchQuery(undated);
    await client.fetchQuery(mine);
    expect(client.getQueryState(undated.queryKey)!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(client.getQueryState(mine.queryKey)!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it("is kept by the persisted cache, and a fresher reply replaces the restored copy", async () => {
    const first = createQueryClient();
    const twoDaysAgo = toSecond(Date.now() - 2 * DAY);
    listReply("Old name", twoDaysAgo);
    await readList(first);
    // What offline/cache/persister.ts writes to IndexedDB, read back by the next page (JSON on the way).
    const stored = JSON.parse(JSON.stringify(dehydrate(first, dehydrateOptions))) as ReturnType<
      typeof dehydrate
    >;
    const next = createQueryClient();
    hydrate(next, stored);
    expect(next.getQueryState(catalogQueries.list(params, "en").queryKey)?.dataUpdatedAt).toBe(twoDaysAgo);
    const now = toSecond(Date.now());
    listReply("New name", now);
    expect(await readList(next)).toEqual({ name: "New name", at: now });
    expect(
      (dehydrate(next, dehydrateOptions).queries[0]?.state as { dataUpdatedAt: number }).dataUpdatedAt,
    ).toBe(now);
  });
});

describe("the date of a server-rendered page's data", () => {
  it("is the page's arrival: the server hands its queries over undated, the same bytes at any time", () => {
    // What src/entry-server.tsx writes: no dehydratedAt, no read times (a page rendered by any instance, at any
    // moment, is the same bytes, so its ETag is too).
    const onServer = createQueryClient();
    onServer.setQueryData(["handed-over"], { name: "Cub" });
    const block = serverHandoffBlock({ locale: "en", queries: undatedQueries(dehydrate(onServer)) });
    expect(block).not.toMatch(/dehydratedAt|"(data|error)UpdatedAt":[1-9]/);
    document.body.innerHTML = block;
    const before = Date.now();
    const handoff = readServerHandoff(document)!;
    const browser = createQueryClient();
    hydrate(browser, handoff.queries as ReturnType<typeof dehydrate>);
    const query = browser.getQueryCache().find({ queryKey: ["handed-over"] })!;
    expect(query.state.data).toEqual({ name: "Cub" });
    expect(query.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(query.state.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    // Fresh for its staleTime from then: hydration reads none of it again (tests/e2e/server-render-handoff.spec.ts).
    expect(query.isStaleByTime(60 * 1000)).toBe(false);
  });
});
