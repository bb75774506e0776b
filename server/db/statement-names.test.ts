import { describe, expect, it } from "vitest";
import { makeStore, testDialect } from "../test-utils";
import { PostgresStore, postgresSettingsFromEnv } from "./postgres-store";
import { isResultTypeChange, StatementNames } from "./statement-names";

describe("which statements are prepared on PostgreSQL (decision 061)", () => {
  it("names a text the second time it is seen, each text its own name, up to the limit", () => {
    const names = new StatementNames(2);
    expect(names.name("select 1")).toBeUndefined();
    const one = names.name("select 1");
    expect(one).toBeDefined();
    expect(names.name("select 1")).toBe(one);
    names.name("select 2");
    const two = names.name("select 2");
    expect(two).toBeDefined();
    expect(two).not.toBe(one);
    // The limit is reached: a third text runs unnamed however often it comes; the named ones keep theirs.
    for (let i = 0; i < 5; i++) expect(names.name("select 3")).toBeUndefined();
    expect(names.name("select 2")).toBe(two);
    expect(names.size).toBe(2);
  });

  it("names nothing with a limit of 0", () => {
    const names = new StatementNames(0);
    for (let i = 0; i < 3; i++) expect(names.name("select 1")).toBeUndefined();
  });

  it("gives every text a name never used before after a reset", () => {
    const names = new StatementNames(10);
    names.name("select 1");
    const before = names.name("select 1");
    names.reset();
    expect(names.name("select 1")).toBeUndefined();
    const after = names.name("select 1");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it("reads PG_PREPARED_STATEMENTS, 0 included, and refuses what is not a count", () => {
    expect(postgresSettingsFromEnv({ PG_PREPARED_STATEMENTS: "0" })).toEqual({ preparedStatements: 0 });
    expect(postgresSettingsFromEnv({ PG_PREPARED_STATEMENTS: "64" })).toEqual({ preparedStatements: 64 });
    expect(() => postgresSettingsFromEnv({ PG_PREPARED_STATEMENTS: "many" })).toThrow(
      /PG_PREPARED_STATEMENTS/,
    );
  });

  it("knows PostgreSQL's refusal of a prepared statement whose result changed, and only that", () => {
    expect(isResultTypeChange({ code: "0A000", message: "cached plan must not change result type" })).toBe(
      true,
    );
    expect(
      isResultTypeChange({ code: "0A000", message: "FOR UPDATE is not allowed with GROUP BY clause" }),
    ).toBe(false);
    expect(isResultTypeChange(new Error("cached plan must not change result type"))).toBe(false);
  });
});

// The server's side: what each connection keeps prepared, and a migration made while an instance runs.
describe.runIf(testDialect === "postgres")("prepared statements on a PostgreSQL connection", () => {
  const open = async (preparedStatements: number) => {
    const probe = (await makeStore()) as PostgresStore;
    await probe.close();
    // One connection: every statement below runs on it, and pg_prepared_statements is that session's.
    return new PostgresStore(probe.url, { max: 1, preparedStatements });
  };
  const prepared = (store: PostgresStore) =>
    store.raw<{ statement: string }>("select statement from pg_prepared_statements");

  it("keeps a statement run twice prepared, and none when the limit is 0", async () => {
    const store = await open(200);
    const off = await open(0);
    try {
      for (const s of [store, off])
        for (let i = 0; i < 3; i++)
          expect(
            await s.raw<{ id: number }>("select id from categories where id = ? order by id", [1]),
          ).toEqual([{ id: 1 }]);
      expect((await prepared(store)).map((r) => r.statement)).toContain(
        "select id from categories where id = $1 order by id",
      );
      expect(await prepared(off)).toEqual([]);
    } finally {
      await store.close();
      await off.close();
    }
  });

  it("answers with the new columns after a migration adds one, on its own at once and in a transaction next time", async () => {
    const store = await open(200);
    try {
      await store.rawRun("create table prepared_probe (a integer, b integer)");
      await store.rawRun("insert into prepared_probe values (1, 2)");
      const read = () => store.raw("select * from prepared_probe where a = ?", [1]);
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ a: 1, b: 2 }]);
      expect((await prepared(store)).map((r) => r.statement)).toContain(
        "select * from prepared_probe where a = $1",
      );

      // Another instance migrates: a statement on its own is answered, with the column.
      await store.rawRun("alter table prepared_probe add column c integer");
      expect(await read()).toEqual([{ a: 1, b: 2, c: null }]);
      for (let i = 0; i < 3; i++) await read();

      // Inside a transaction the refusal ends it (PostgreSQL aborts it); the next one is prepared anew.
      await store.rawRun("alter table prepared_probe add column d integer");
      await expect(store.tx(() => read())).rejects.toMatchObject({ code: "0A000" });
      expect(await store.tx(() => read())).toEqual([{ a: 1, b: 2, c: null, d: null }]);
    } finally {
      await store.rawRun("drop table if exists prepared_probe");
      await store.close();
    }
  });
});
