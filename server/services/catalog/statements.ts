import { AsyncResource } from "node:async_hooks";
import type { Compilable, RawBuilder } from "kysely";
import type { Param, Store } from "../../db/store";

export type CompiledSql = { sql: string; params: Param[] };

/** A raw statement as something the store runs. */
export function compiled<T>(query: RawBuilder<T>, store: Store): Compilable<T> {
  return { compile: () => query.compile(store.qb) };
}

/** The same bytes as a Buffer (what the stores bind as a blob), not copied. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Runs a function outside any request's context (so outside its transaction, see `Store.tx`). */
export const outsideRequests = new AsyncResource("catalog-outside-requests");

/**
 * Queries over a list of ids, compiled once per kind and list length (building and compiling the SQL
 * cost more than running it: a product's detail runs four of these).
 */
export class ByIds {
  private known = new Map<string, { sql: string; rest: Param[] }>();

  constructor(private readonly store: Store) {}

  async all<T>(kind: string, ids: number[], build: (ids: number[]) => Compilable<T>): Promise<T[]> {
    const key = `${kind}:${ids.length}`;
    const known = this.known.get(key);
    if (known) return await this.store.allCompiled<T>({ sql: known.sql, params: [...ids, ...known.rest] });
    const compiled = this.store.compile(build(ids));
    // Kept only when the ids are the first parameters, so other ids can take their place.
    if (ids.every((id, i) => compiled.params[i] === id) && this.known.size < 1000)
      this.known.set(key, { sql: compiled.sql, rest: compiled.params.slice(ids.length) });
    return await this.store.allCompiled<T>(compiled);
  }
}
