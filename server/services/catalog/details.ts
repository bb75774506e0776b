import { sql } from "kysely";
import type { Store } from "../../db/store";
import {
  compressedDetail,
  compressible,
  DETAIL_CACHE_SIZE,
  detailBody,
  JSON_CACHE_SIZE,
  keepNewest,
  type CacheStats,
} from "./detail-bytes";
import type { CatalogGenerations } from "./generations";
import { outsideRequests, type ByIds } from "./statements";
import type { StoredViews } from "./stored-views";

/** A product's stored compressed detail reply, or (when it has none) its stored view. */
type StoredDetail = { gzip: Buffer; json: null } | { gzip: null; json: Buffer | null };

/** Products' detail replies, `{"data":<view>}`, plain or compressed (kept in process and stored, migration 0011). */
export class DetailReplies {
  /** Products' compressed detail replies (`detail`), as stored with their views. */
  readonly gzipCache = new Map<number, Uint8Array<ArrayBuffer>>();
  /** Products whose stored compressed reply is asked for, read together at the end of this turn. */
  private gzipWanted = new Map<
    number,
    { resolve: (stored: StoredDetail | null) => void; reject: (e: unknown) => void }[]
  >();

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
    private readonly views: StoredViews,
    private readonly byIds: ByIds,
    private readonly stats: CacheStats,
  ) {}

  /**
   * A product's anonymous detail reply, `{"data":<view>}` (undefined: no such product); gzip: compressed.
   * The compressed reply is stored with the product's view (migration 0011) and kept in process, as the
   * views are, until the catalogue changes: a product this instance does not hold is one indexed read of
   * the stored reply (≈ 1.4 kB, not the ≈ 5 kB view) and nothing to compress. Only a view with no stored
   * reply yet is compressed here, once, and its reply stored with it.
   */
  async detail(
    id: number,
    gzip = false,
  ): Promise<{ body: Uint8Array<ArrayBuffer>; gzip: boolean } | undefined> {
    this.gen.noteReads([id]);
    if (!gzip) {
      const [view] = await this.views.viewsBytes([id]);
      return view && { body: detailBody(view), gzip: false };
    }
    const kept = this.gzipCache.get(id);
    if (kept) {
      this.stats.gzip.hits++;
      return { body: kept, gzip: true };
    }
    this.stats.gzip.misses++;
    const held = this.views.jsonCache.get(id);
    // A reply too small to be sent compressed has no compressed one to read: sent as it is.
    if (held && !compressible(held)) return { body: detailBody(held), gzip: false };
    const [list, stock] = [this.gen.version, this.gen.stockGen];
    const stored = await this.storedGzip(id);
    // Bytes read from the database own their memory (an ArrayBuffer, never a shared one).
    let body = (stored?.gzip ?? null) as Uint8Array<ArrayBuffer> | null;
    if (!body) {
      // The view as held here, else as read with the (missing) compressed reply, else built.
      let view = held ?? stored?.json;
      if (view && !held && this.gen.unchanged(id, list, stock))
        keepNewest(this.views.jsonCache, new Map([[id, view]]), JSON_CACHE_SIZE);
      view ??= (await this.views.viewsBytes([id]))[0];
      if (!view) return undefined;
      body = compressedDetail(view);
      if (!body) return { body: detailBody(view), gzip: false };
      this.views.saveGzip(id, view, body);
    }
    // Kept only when read at the current catalogue version (a change made meanwhile makes it stale).
    if (this.gen.unchanged(id, list, stock))
      keepNewest(this.gzipCache, new Map([[id, body]]), DETAIL_CACHE_SIZE);
    return { body, gzip: true };
  }

  /**
   * A product's stored compressed detail reply (migration 0011), with its view when it has none (a view
   * stored without one, or too small to be sent compressed: no second read for it), or null when the
   * product has no stored view. The products asked for while the
   * event loop reads requests are read in one statement after them (`setImmediate`): under load several
   * detail requests arrive together, and on PostgreSQL each statement is a round trip whose cost in this
   * process (≈ 0.14 ms, most of it writing to the socket) is many times the database's (≈ 0.01 ms).
   */
  private storedGzip(id: number): Promise<StoredDetail | null> {
    return new Promise((resolve, reject) => {
      if (!this.gzipWanted.size) setImmediate(() => outsideRequests.runInAsyncScope(() => this.readGzips()));
      let waiting = this.gzipWanted.get(id);
      if (!waiting) this.gzipWanted.set(id, (waiting = []));
      waiting.push({ resolve, reject });
    });
  }

  private async readGzips(): Promise<void> {
    const wanted = this.gzipWanted;
    this.gzipWanted = new Map();
    try {
      // SQLite hands a blob over as bytes (see `storedViews`).
      const json = sql<Buffer | string | null>`case when gzip is null then ${sql.raw(
        this.store.dialect === "sqlite" ? "cast(json as blob)" : "json",
      )} end`;
      const rows = await this.byIds.all("gzip", [...wanted.keys()], (list) =>
        this.views.viewsDb
          .selectFrom("product_views")
          .select(["product_id", "gzip", json.as("json")])
          .where("product_id", "in", list),
      );
      const found = new Map<number, StoredDetail>(
        rows.map((r) => [
          r.product_id,
          r.gzip
            ? { gzip: r.gzip, json: null }
            : { gzip: null, json: typeof r.json === "string" ? Buffer.from(r.json) : r.json },
        ]),
      );
      for (const [id, waiting] of wanted) for (const w of waiting) w.resolve(found.get(id) ?? null);
    } catch (e) {
      for (const waiting of wanted.values()) for (const w of waiting) w.reject(e);
    }
  }
}
