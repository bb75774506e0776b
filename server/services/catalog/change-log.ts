import { sql } from "kysely";
import type { Store } from "../../db/store";
import { STOCK_LOG_KEEP_MS } from "../../db/migrations/0015-stock-writes-lock-their-rows";
import { compiled } from "./statements";

/** The most log rows one read answers; past that, every product counts as changed. */
const CHANGES_READ = 1000;

/** A row of a product log: its id and the product (null: every product). */
export interface LogRow {
  id: number;
  product_id: number | null;
}

/**
 * This instance's reading of one product log that triggers write (the stock log, migration 0015; the facet
 * log, migration 0023), rows older than `STOCK_LOG_KEEP_MS` being swept.
 *
 * On PostgreSQL the rows are read by the writing transaction: every row of a transaction from the oldest
 * one still running at the last read on. A transaction that was running then, whatever its rows' ids,
 * is read once it has committed; one that had ended was read then. SQLite writes one transaction at a
 * time, so its rows' ids are in commit order.
 */
export class ChangeLog {
  /**
   * How far this instance has read the log: on PostgreSQL the oldest transaction still running at the last
   * read (`watermark`, rows of transactions from it on are read again) and the rows that read returned
   * (`seen`); on SQLite the last row's id. `readAt`: when, in epoch ms.
   */
  private position: { watermark: string | null; seen: Set<number>; lastId: number; readAt: number } | null =
    null;

  constructor(
    private readonly store: Store,
    private readonly table: "stock_log" | "facet_log",
  ) {}

  /**
   * Nothing was written to the log since the last read, as of `at` (epoch ms; the caller knows it, e.g. from
   * a version every writer of the log moves, read at `at`): the position counts as read then, so a quiet
   * spell longer than the log keeps rows does not count as missed.
   */
  unchangedAt(at: number): void {
    if (this.position && at > this.position.readAt) this.position.readAt = at;
  }

  /**
   * The rows written since the last read and not answered by it; null when this instance may have missed
   * some (it has not read the log for longer than the log keeps rows, or too many to be worth reading).
   * `start`: only the log's position is taken (answers an empty list): what is written from now on is read
   * next time, and so is what a transaction still running now writes.
   */
  async read(start: boolean): Promise<LogRow[] | null> {
    const log = this.position;
    const now = Date.now();
    const missed = log === null || now - log.readAt > STOCK_LOG_KEEP_MS / 2;
    const limit = CHANGES_READ + 1;
    const table = sql.table(this.table);
    let rows: LogRow[];
    let watermark: string | null = null;
    if (this.store.dialect === "postgres") {
      const from = start || missed ? null : log!.watermark;
      const got = await this.store.all<{ xmin: string; id: string | null; product_id: number | null }>(
        compiled(
          sql`select x.xmin::text as xmin, s.id, s.product_id
            from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) x
            left join lateral (select id, product_id from ${table}
              where xid >= coalesce(cast(${from} as xid8), x.xmin) order by id limit ${limit}) s on true`,
          this.store,
        ),
      );
      watermark = got[0]?.xmin ?? null;
      rows = got.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), product_id: r.product_id }));
    } else {
      const after = start || missed ? null : log!.lastId;
      rows = await this.store.all<LogRow>(
        after === null
          ? compiled(sql`select id, product_id from ${table} order by id desc limit 1`, this.store)
          : compiled(
              sql`select id, product_id from ${table} where id > ${after} order by id limit ${limit}`,
              this.store,
            ),
      );
    }
    const seen = log?.seen ?? new Set<number>();
    const fresh = rows.filter((r) => !seen.has(r.id));
    this.position = {
      watermark,
      seen: new Set(watermark === null ? [] : rows.map((r) => r.id)),
      lastId: rows.reduce((m, r) => Math.max(m, r.id), log?.lastId ?? 0),
      readAt: now,
    };
    if (start) return [];
    if (missed || rows.length === limit) return null;
    return fresh;
  }
}
