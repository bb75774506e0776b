import { describe, expect, it } from "vitest";
import { makeStore, testDialect } from "../test-utils";

/** Foreign keys (table.column) that no index starts with: each read or cascade through one scans its table. */
async function unindexedForeignKeys(): Promise<string[]> {
  const store = await makeStore();
  try {
    if (testDialect === "postgres")
      return (
        await store.raw<{ fk: string }>(
          `select c.conrelid::regclass::text || '.' || a.attname as fk
             from pg_constraint c
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
            where c.contype = 'f'
              and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
            order by 1`,
        )
      ).map((r) => r.fk);
    const missing: string[] = [];
    const tables = await store.raw<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    );
    for (const { name } of tables) {
      const leading = new Set<string>();
      for (const index of await store.raw<{ name: string }>(
        `select name from pragma_index_list('${name}')`,
      )) {
        const [first] = await store.raw<{ name: string }>(
          `select name from pragma_index_info('${index.name}') order by seqno limit 1`,
        );
        if (first) leading.add(first.name);
      }
      for (const fk of await store.raw<{ from: string }>(
        `select "from" from pragma_foreign_key_list('${name}')`,
      ))
        if (!leading.has(fk.from)) missing.push(`${name}.${fk.from}`);
    }
    return missing.sort();
  } finally {
    await store.close();
  }
}

describe("schema", () => {
  it("has an index starting with every foreign key (carts' addresses, a customer's tokens, cascades)", async () => {
    expect(await unindexedForeignKeys()).toEqual([]);
  });
});
