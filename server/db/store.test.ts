import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { makeStore, testDialect } from "../test-utils";

describe(`Store.insertRows (${testDialect})`, () => {
  it("stores and answers the rows, compiling each shape (table, columns, row count) once", async () => {
    const store = await makeStore();
    const compile = vi.spyOn(store, "compile");
    const row = (email: string, created_at: string) => ({ email, created_at, confirmed_at: null });
    const first = await store.insertRows("subscribers", [row("a@example.com", "2026-01-01")]);
    const second = await store.insertRows("subscribers", [row("b@example.com", "2026-01-02")]);
    expect(compile).toHaveBeenCalledTimes(1);
    expect([first[0]!.email, second[0]!.email]).toEqual(["a@example.com", "b@example.com"]);
    expect(second[0]!.id).toBeGreaterThan(first[0]!.id);
    // Another number of rows is another shape; the rows come back in the order given.
    const two = await store.insertRows("subscribers", [
      row("c@example.com", "2026-01-03"),
      row("d@example.com", "2026-01-04"),
    ]);
    expect(compile).toHaveBeenCalledTimes(2);
    expect(two.map((r) => r.email)).toEqual(["c@example.com", "d@example.com"]);
    // Without `returning`, nothing is answered and the row is stored all the same.
    expect(await store.insertRows("subscribers", [row("e@example.com", "2026-01-05")], false)).toEqual([]);
    // A value that is SQL, not a parameter (the type allows none; a cast could), is built every time.
    const upper = (email: string) =>
      ({ email: sql<string>`upper(${email})`, created_at: "2026-01-06", confirmed_at: null }) as never;
    await store.insertRows("subscribers", [upper("f@example.com")]);
    await store.insertRows("subscribers", [upper("g@example.com")]);
    expect(compile).toHaveBeenCalledTimes(5);
    const stored = await store.raw<{ email: string; created_at: string }>(
      "select email, created_at from subscribers where email like '%@EXAMPLE.COM' or email like '%@example.com' order by id",
    );
    expect(stored.map((r) => r.email)).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
      "d@example.com",
      "e@example.com",
      "F@EXAMPLE.COM",
      "G@EXAMPLE.COM",
    ]);
  });
});
