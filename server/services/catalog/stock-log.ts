import { sql } from "kysely";
import type { Store } from "../../db/store";
import { STOCK_LOG_KEEP_MS } from "../../db/migrations/0015-stock-writes-lock-their-rows";
import { compiled } from "./statements";

/**
 * The stock log rows (migration 0015) a transaction's stock writes made (`Catalog.stockWrites`): this
 * instance drops what they changed at once (`touch`), and `refresh` does not take them for another's.
 */
export type OwnStockRows = number[];

/** The most stock log rows `refresh` reads the changed products of; past that, every product counts as changed. */
const STOCK_CHANGES_READ = 1000;

/**
 * This instance's reading of the stock log (migration 0015): which products' stock or sale counts other
 * writers changed since the last read, and the stock writes themselves (a transaction that answers its own
 * log rows, and the product row locks every stock writer takes first).
 */
export class StockLog {
  /**
   * How far this instance has read the stock log: on PostgreSQL the oldest transaction still running at
   * the last read (`watermark`, rows of transactions from it on are read again) and the rows that read
   * returned (`seen`); on SQLite the last row's id. `readAt`: when, in epoch ms.
   */
  private position: { watermark: string | null; seen: Set<number>; lastId: number; readAt: number } | null =
    null;
  /**
   * Stock log rows this instance's own committed writes made (`noteOwn`), with when they were noted: what
   * they changed was dropped here at once, so `read` does not answer it again.
   */
  private own = new Map<number, number>();

  constructor(private readonly store: Store) {}

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
   *
   * On PostgreSQL the rows are read by the writing transaction: every row of a transaction from the oldest
   * one still running at the last read on. A transaction that was running then, whatever its rows' ids,
   * is read once it has committed; one that had ended was read then. SQLite writes one transaction at a
   * time, so its rows' ids are in commit order.
   */
  async read(start: boolean): Promise<number[] | null> {
    const log = this.position;
    const now = Date.now();
    const missed = log === null || now - log.readAt > STOCK_LOG_KEEP_MS / 2;
    const limit = STOCK_CHANGES_READ + 1;
    let rows: { id: number; product_id: number }[];
    let watermark: string | null = null;
    if (this.store.dialect === "postgres") {
      const from = start || missed ? null : log!.watermark;
      const got = await this.store.all<{ xmin: string; id: string | null; product_id: number | null }>(
        compiled(
          sql`select x.xmin::text as xmin, s.id, s.product_id
            from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) x
            left join lateral (select id, product_id from stock_log
              where xid >= coalesce(cast(${from} as xid8), x.xmin) order by id limit ${limit}) s on true`,
          this.store,
        ),
      );
      watermark = got[0]?.xmin ?? null;
      rows = got.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), product_id: r.product_id! }));
    } else {
      const after = start || missed ? null : log!.lastId;
      rows =
        after === null
          ? await this.store.all(
              this.store.qb
                .selectFrom("stock_log")
                .select(["id", "product_id"])
                .orderBy("id", "desc")
                .limit(1),
            )
          : await this.store.all(
              this.store.qb
                .selectFrom("stock_log")
                .select(["id", "product_id"])
                .where("id", ">", after)
                .orderBy("id")
                .limit(limit),
            );
    }
    const seen = log?.seen ?? new Set<number>();
    const fresh = rows.filter((r) => !seen.has(r.id) && !this.own.has(r.id));
    this.position = {
      watermark,
      seen: new Set(watermark === null ? [] : rows.map((r) => r.id)),
      lastId: rows.reduce((m, r) => Math.max(m, r.id), log?.lastId ?? 0),
      readAt: now,
    };
    for (const [id, at] of this.own) if (now - at > STOCK_LOG_KEEP_MS) this.own.delete(id);
    if (start) return [];
    if (missed || rows.length === limit) return null;
    return [...new Set(fresh.map((r) => r.product_id))];
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
