import { sql } from "kysely";
import type { Store } from "../../db/store";
import { STOCK_LOG_KEEP_MS } from "../../db/migrations/0015-stock-writes-lock-their-rows";
import { ChangeLog } from "./change-log";
import { compiled } from "./statements";

/**
 * The stock log rows (migration 0015) a transaction's stock writes made (`Catalog.stockWrites`): this
 * instance drops what they changed at once (`touch`), and `refresh` does not take them for another's.
 */
export type OwnStockRows = number[];

/**
 * This instance's reading of the stock log (migration 0015, `ChangeLog`): which products' stock or sale
 * counts other writers changed since the last read, and the stock writes themselves (a transaction that
 * answers its own log rows, and the product row locks every stock writer takes first).
 */
export class StockLog {
  private readonly log: ChangeLog;
  /**
   * Stock log rows this instance's own committed writes made (`noteOwn`), with when they were noted: what
   * they changed was dropped here at once, so `read` does not answer it again.
   */
  private own = new Map<number, number>();

  constructor(private readonly store: Store) {
    this.log = new ChangeLog(store, "stock_log");
  }

  /** This instance's committed stock writes made these rows (`stockWrites`). */
  noteOwn(rows: OwnStockRows | undefined): void {
    const now = Date.now();
    for (const id of rows ?? []) this.own.set(id, now);
  }

  /**
   * The products whose stock or sale counts were written since the last read of the stock log, leaving
   * out this instance's own writes; null when this instance may have missed some (it has not read the log
   * for longer than the log keeps rows, or too many to be worth reading: then all count as changed).
   * `start`: only the log's position is taken (nothing here is older than now).
   */
  async read(start: boolean): Promise<number[] | null> {
    const rows = await this.log.read(start);
    const now = Date.now();
    for (const [id, at] of this.own) if (now - at > STOCK_LOG_KEEP_MS) this.own.delete(id);
    if (rows === null) return null;
    return [...new Set(rows.filter((r) => !this.own.has(r.id)).map((r) => r.product_id!))];
  }

  /**
   * Runs `write` (stock writes: an order, a cancellation) in a transaction and answers the stock log rows
   * its writes made, for `Catalog.touch` once the transaction has committed. Nothing shared is locked: only
   * the rows the writes change (migration 0015).
   */
  async stockWrites<T>(write: () => Promise<T>): Promise<{ value: T; own: OwnStockRows }> {
    return await this.store.tx(async () => {
      const before =
        this.store.dialect === "sqlite"
          ? Number(
              (
                await this.store.first(
                  this.store.qb.selectFrom("stock_log").select((eb) => eb.fn.max("id").as("id")),
                )
              )?.id ?? 0,
            )
          : 0;
      const value = await write();
      const own = await this.store.all<{ id: string | number }>(
        this.store.dialect === "postgres"
          ? compiled(sql`select id from stock_log where xid = pg_current_xact_id()`, this.store)
          : this.store.qb.selectFrom("stock_log").select("id").where("id", ">", before),
      );
      return { value, own: own.map((r) => Number(r.id)) };
    });
  }

  /**
   * Locks these products' rows (PostgreSQL; SQLite's transactions are exclusive) in id order, before a
   * transaction writes their or their variants' stock: every stock writer takes them first and in the same
   * order, so two orders of the same products wait for each other, never deadlock (a variant's write then
   * also writes its product's row, migration 0015). Orders of different products take no lock in common.
   */
  async lockProducts(ids: number[]): Promise<void> {
    if (this.store.dialect !== "postgres" || !ids.length) return;
    await this.store.all(
      this.store.qb
        .selectFrom("products")
        .select("id")
        .where("id", "in", [...new Set(ids)])
        .orderBy("id")
        .forNoKeyUpdate(),
    );
  }
}
