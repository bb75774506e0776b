import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { sql, type Compilable, type Kysely, type RawBuilder } from "kysely";
import {
  ADDITIONAL_INFO_CODES,
  COLOR_ATTRIBUTE_ID,
  SIZE_ATTRIBUTE_ID,
  type ProductListQuery,
} from "../../src/api/contract/product";
import { FRAME_GEOMETRY_CODE } from "../../src/api/contract/geometry";
import type { DB } from "../db/schema";
import type { Param, Store } from "../db/store";

type CompiledSql = { sql: string; params: Param[] };
import type { ProductTable, ProductVariantTable } from "../db/schema";
import { COLORS, INFO_LABELS, ROOT_CATEGORY, SIZES } from "../reference/attributes";
import { compressBody, GZIP_MIN_BYTES } from "./compress";
import { INT4_MAX } from "./http";
import { STOCK_LOG_KEEP_MS } from "../db/migrations/0015-stock-writes-lock-their-rows";
import { formatMoney, SERVER_MONEY_FORMAT } from "../../src/api/contract/money";

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  position: number;
  status: number;
  description: string | null;
  image: string | null;
  created_at: string;
  updated_at: string;
}

export function imageSet(bodyType: string, color: string) {
  const base = `/api/images/products/${bodyType}-${color}`;
  return {
    small_image_url: `${base}-small.svg`,
    medium_image_url: `${base}-medium.svg`,
    large_image_url: `${base}-large.svg`,
    original_image_url: `${base}-large.svg`,
  };
}

const DETAIL_OPEN = Buffer.from('{"data":');
const DETAIL_CLOSE = Buffer.from("}");

const colorByName = new Map<string, (typeof COLORS)[number]>(COLORS.map((c) => [c.name, c]));
const sizeOrder = new Map<string, number>(SIZES.map((s, i) => [s.name, i]));

interface ReviewStat {
  total: number;
  sum: number;
  counts: Record<string, number>;
}

export type ProductView = Record<string, unknown> & { id: number };

/**
 * What a reply or a page was built from (`Catalog.collect`): the catalogue's list generation and stock
 * generation when it started, the products it showed, and whether it read sale counts (a bestseller
 * filter or sort, whose members and order any order may change). `Catalog.isCurrent` says whether it
 * still is what it would be built from now.
 */
export interface CatalogReads {
  list: number;
  stock: number;
  ids: Set<number>;
  sales: boolean;
}

/**
 * The stock log rows (migration 0015) a transaction's stock writes made (`Catalog.stockWrites`): this
 * instance drops what they changed at once (`touch`), and `refresh` does not take them for another's.
 */
export type OwnStockRows = number[];

/** What a product's view reads of each variant. */
type VariantRow = Pick<
  ProductVariantTable,
  "id" | "product_id" | "color" | "size" | "size_option_id" | "stock"
>;

/** How many of the most recently asked memos (facet counts) a catalogue change refills in the background. */
const MEMOS_REFILLED = 50;

/** Builds the storefront's Product resource (contract/product.ts) from rows. */
export class Catalog {
  private categories = new Map<number, CategoryRow>();
  private countCache = new Map<string, { n: number; sales: boolean }>();
  private plans = new Map<string, SearchPlan>();
  private pagePlans = new Map<string, CompiledSql>();
  /**
   * The ordered ids of each filter set (filters and sort, not the page) at this catalogue version: any page,
   * however deep, is a slice and the total is the length, so a list request runs no SQL once its filter set
   * was seen. Bounded by `maxListIds` per set and `LIST_ID_BUDGET` in all (oldest sets go first).
   */
  private idLists = new Map<string, { ids: Int32Array; sales: boolean }>();
  private idListTotal = 0;
  /** filter sets found to match more than `maxListIds` products */
  private largeSets = new Set<string>();
  /** Values computed from the catalogue (facet counts), kept until it changes. */
  private memos = new Map<string, unknown>();
  /** How each recently asked memo is built, most recent last: refilled in the background after a change. */
  private memoBuilders = new Map<string, () => Promise<unknown>>();
  /**
   * Cache fills under way, per key and catalogue generation (single-flight): requests that miss the same
   * entry at once wait for one fill instead of each running its scan (a change would otherwise make every
   * concurrent request scan again).
   */
  private fills = new Map<string, Promise<unknown>>();
  private byIdsSql = new Map<string, { sql: string; rest: Param[] }>();
  /** Products whose stored compressed reply is asked for, read together at the end of this turn. */
  private gzipWanted = new Map<
    number,
    { resolve: (stored: StoredDetail | null) => void; reject: (e: unknown) => void }[]
  >();
  /**
   * The list generation: bumped when anything but stock and sale counts changes (here, or anywhere: see
   * `refresh`); what filter sets, counts, facet counts and plans are built from.
   */
  private version = 0;
  /** The stock generation: bumped whenever some products' stock or sale counts change. */
  private stockGen = 0;
  /** The stock generation of each product's last stock change (since the last list change). */
  private changedAt = new Map<number, number>();
  /** The stock generation at which every product's stock counts as changed (a change this instance missed). */
  private allChangedAt = 0;
  /** The reads of the reply or page being built in this async context (`collect`). */
  private reading = new AsyncLocalStorage<CatalogReads>();
  private listCache = new Map<
    string,
    { reads: CatalogReads; body: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }
  >();
  private jsonCache = new Map<number, Buffer>();
  /** Products' compressed detail replies (`detail`), as stored with their views. */
  private gzipCache = new Map<number, Uint8Array<ArrayBuffer>>();
  private primaryCategories = new Set<number>();
  /**
   * Lookups of the caches above so far (plain counts, read by /metrics at scrape time): `json` per product
   * view, `list` per kept list reply, `gzip` per compressed detail reply.
   */
  readonly cacheStats = {
    json: { hits: 0, misses: 0 },
    list: { hits: 0, misses: 0 },
    gzip: { hits: 0, misses: 0 },
  };
  /** The database's catalogue version (bumped by a trigger on every catalogue change) the caches hold. */
  private sharedVersion: number | null = null;
  /** The database's list version (migration 0012) the caches hold. */
  private shared: { list: number } | null = null;
  /**
   * How far this instance has read the stock log (migration 0015): on PostgreSQL the oldest transaction
   * still running at the last read (`watermark`, rows of transactions from it on are read again) and the
   * rows that read returned (`seen`); on SQLite the last row's id. `readAt`: when, in epoch ms.
   */
  private stockLog: { watermark: string | null; seen: Set<number>; lastId: number; readAt: number } | null =
    null;
  /**
   * Stock log rows this instance's own committed writes made (`touch`), with when they were noted: what
   * they changed was dropped here at once, so `refresh` does not drop it again.
   */
  private ownStock = new Map<number, number>();
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /** Stored views being written (see `saveViews`). */
  private saving = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly listCacheSize = 1000,
    /** how often a request may look at the database's catalogue version (a change shows within this) */
    private readonly versionCheckMs = 1000,
    /** a filter set with more matches than this is counted and paged with OFFSET instead (0: always) */
    private readonly maxListIds = 50_000,
  ) {}

  /** The query builder, with the stored views' table (migration 0008). */
  private get viewsDb(): Kysely<DB & { product_views: ProductViewTable }> {
    return this.store.qb as unknown as Kysely<DB & { product_views: ProductViewTable }>;
  }

  /**
   * Called per request: at most once per `versionCheckMs`, reads the database's catalogue versions
   * (migration 0012) and the stock log (migration 0015). When anything but stock and sale counts was changed
   * anywhere (another instance, an admin tool, SQL), every cache of this instance goes; when only stock or
   * sale counts were, what showed those products goes (see `stockChanged`), and the filter sets, facet
   * counts and plans stay.
   */
  async refresh(now = Date.now()): Promise<void> {
    if (now - this.checkedAt < this.versionCheckMs) return;
    this.checking ??= (async () => {
      try {
        const row = await this.store.first(
          this.store.qb.selectFrom("catalog_version").select(["version", "list_version"]).where("id", "=", 1),
        );
        const shared = { list: Number(row?.list_version ?? 0) };
        const listChanged = this.shared !== null && shared.list !== this.shared.list;
        // Read on every check (the log's position moves on), after the version: a stock write committed
        // in between shows in both, and is dropped twice at worst.
        const stock = await this.readStockLog(this.shared === null || listChanged);
        if (listChanged) {
          this.touch();
          this.plans.clear();
          this.pagePlans.clear();
          await this.reloadCategories();
        } else if (stock === null || stock.length) this.stockChanged(stock);
        this.shared = shared;
        this.sharedVersion = Number(row?.version ?? 0);
        this.checkedAt = Date.now();
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }

  async reloadCategories(): Promise<void> {
    this.primaryCategories = new Set(
      (
        await this.store.all(
          this.store.qb
            .selectFrom("products")
            .select("category_id")
            .distinct()
            .where("category_id", "is not", null),
        )
      ).map((r) => r.category_id as number),
    );
    this.categories = new Map(
      (await this.store.all(this.store.qb.selectFrom("categories").selectAll().orderBy("position"))).map(
        (c) => [c.id, c],
      ),
    );
  }

  allCategories(): CategoryRow[] {
    return [...this.categories.values()];
  }

  categoryBySlug(slug: string): CategoryRow | undefined {
    for (const c of this.categories.values()) if (c.slug === slug) return c;
    return undefined;
  }

  category(id: number): CategoryRow | undefined {
    return this.categories.get(id);
  }

  /**
   * The products whose stock or sale counts were written since the last read of the stock log (migration
   * 0015), leaving out this instance's own writes (`ownStock`); null when this instance may have missed
   * some (it has not read the log for longer than the log keeps rows, or too many to be worth reading: then
   * all count as changed). `start`: only the log's position is taken (nothing here is older than now).
   *
   * On PostgreSQL the rows are read by the writing transaction: every row of a transaction from the oldest
   * one still running at the last read on. A transaction that was running then, whatever its rows' ids,
   * is read once it has committed; one that had ended was read then. SQLite writes one transaction at a
   * time, so its rows' ids are in commit order.
   */
  private async readStockLog(start: boolean): Promise<number[] | null> {
    const log = this.stockLog;
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
    const fresh = rows.filter((r) => !seen.has(r.id) && !this.ownStock.has(r.id));
    this.stockLog = {
      watermark,
      seen: new Set(watermark === null ? [] : rows.map((r) => r.id)),
      lastId: rows.reduce((m, r) => Math.max(m, r.id), log?.lastId ?? 0),
      readAt: now,
    };
    for (const [id, at] of this.ownStock) if (now - at > STOCK_LOG_KEEP_MS) this.ownStock.delete(id);
    if (start) return [];
    if (missed || rows.length === limit) return null;
    return [...new Set(fresh.map((r) => r.product_id))];
  }

  /**
   * Runs `write` (stock writes: an order, a cancellation) in a transaction and answers the stock log rows
   * its writes made, for `touch` once the transaction has committed. Nothing shared is locked: only the
   * rows the writes change (migration 0015).
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

  /**
   * The catalogue changed here (an order, a cancellation): with `productIds`, only those products' stock and
   * sale counts (see `stockChanged`); without, anything (every cache goes). `own`: the stock log rows the
   * committed change made (`stockWrites`), which `refresh` then does not take for another's.
   */
  touch(productIds?: number[], own?: OwnStockRows): void {
    if (productIds) {
      this.stockChanged(productIds);
      const now = Date.now();
      for (const id of own ?? []) this.ownStock.set(id, now);
      return;
    }
    this.version++;
    this.countCache.clear();
    this.idLists.clear();
    this.idListTotal = 0;
    this.memos.clear();
    this.refillMemos();
    this.listCache.clear();
    this.changedAt.clear();
    this.stockChanged(null);
  }

  /**
   * Some products' stock or sale counts changed (null: any product's may have). Their views and detail
   * replies go; a kept list reply or page that shows one of them is stale (`isCurrent`); the filter sets
   * that read sale counts (bestseller filter or sort) go. The other filter sets, counts and facet counts
   * read neither stock nor sale counts (no filter, sort or facet does), so they stay.
   */
  private stockChanged(productIds: number[] | null): void {
    const gen = ++this.stockGen;
    if (productIds === null || this.changedAt.size + productIds.length > CHANGED_PRODUCTS_KEPT) {
      this.allChangedAt = gen;
      this.changedAt.clear();
      this.jsonCache.clear();
      this.gzipCache.clear();
    } else
      for (const id of productIds) {
        this.changedAt.set(id, gen);
        this.jsonCache.delete(id);
        this.gzipCache.delete(id);
      }
    for (const [key, list] of this.idLists)
      if (list.sales) {
        this.idLists.delete(key);
        this.idListTotal -= list.ids.length;
      }
    for (const [key, count] of this.countCache) if (count.sales) this.countCache.delete(key);
  }

  /**
   * Runs `build` (a reply's or a page's), noting what it reads of the catalogue: the generations it starts
   * at, the products whose views, details or rows it reads, whether it reads sale counts. Nested: a list
   * reply built while a page renders adds its reads to the page's.
   */
  async collect<T>(build: () => Promise<T>): Promise<{ value: T; reads: CatalogReads }> {
    const reads: CatalogReads = { list: this.version, stock: this.stockGen, ids: new Set(), sales: false };
    const parent = this.reading.getStore();
    try {
      return { value: await this.reading.run(reads, build), reads };
    } finally {
      if (parent) {
        for (const id of reads.ids) parent.ids.add(id);
        parent.sales ||= reads.sales;
      }
    }
  }

  /** Whether what was built from `reads` is still what would be built now. */
  isCurrent(reads: CatalogReads): boolean {
    // No stock change since: only the list generation can have moved.
    if (reads.stock === this.stockGen) return reads.list === this.version;
    if (reads.sales || !this.unchangedSince(reads.list, reads.stock)) return false;
    for (const id of reads.ids) if (!this.unchanged(id, reads.list, reads.stock)) return false;
    return true;
  }

  /** Whether nothing changed after list generation `list` and no change of every product's stock after `stock`. */
  private unchangedSince(list: number, stock: number): boolean {
    return list === this.version && stock >= this.allChangedAt;
  }

  /** Whether the product's stock did not change after stock generation `stock`, nor anything after list generation `list`. */
  private unchanged(id: number, list: number, stock: number): boolean {
    return this.unchangedSince(list, stock) && (this.changedAt.get(id) ?? 0) <= stock;
  }

  private noteReads(ids: Iterable<number>, sales = false): void {
    const reads = this.reading.getStore();
    if (!reads) return;
    for (const id of ids) reads.ids.add(id);
    if (sales) reads.sales = true;
  }

  /**
   * Anonymous product JSON, cached per product as UTF-8 bytes. A product this instance does not hold is
   * read from its stored view (`product_views`, migration 0008: deleted by triggers whenever what it is
   * built from changes, whoever changes it); only the products without one are built, and their views
   * stored for every instance.
   */
  async viewsBytes(ids: number[]): Promise<Buffer[]> {
    this.noteReads(ids);
    // Every id's bytes are taken now: the misses' queries may await while other requests evict.
    const found = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const id of ids) {
      const bytes = this.jsonCache.get(id);
      if (bytes) found.set(id, bytes);
      else missing.push(id);
    }
    this.cacheStats.json.hits += found.size;
    this.cacheStats.json.misses += missing.length;
    if (missing.length) {
      const got = new Map<number, Buffer>();
      const [list, stock] = [this.version, this.stockGen];
      const stored = await this.storedViews(missing);
      for (const [id, bytes] of stored.views) got.set(id, bytes);
      const unbuilt = missing.filter((id) => !stored.views.has(id));
      if (unbuilt.length) {
        const built: StoredView[] = [];
        // Read before anything the views are built from: a stock write committed after it moves it.
        const revs = await this.stockRevs(unbuilt);
        for (const v of await this.views(unbuilt)) {
          const json = JSON.stringify(v);
          built.push([v.id, json, null, revs.get(v.id) ?? -1]);
          got.set(v.id, Buffer.from(json));
        }
        // Stored only when this instance's categories (held in memory, not read per build) are those of
        // the catalogue version the build started at; `saveViews` then checks that version is still current.
        if (built.length && stored.version === this.sharedVersion) this.saveViews(built, stored.version);
      }
      // Kept only when built from the current catalogue (a change made meanwhile makes them stale).
      const current = new Map([...got].filter(([id]) => this.unchanged(id, list, stock)));
      if (current.size) keepNewest(this.jsonCache, current, JSON_CACHE_SIZE);
      for (const [id, bytes] of got) found.set(id, bytes);
    }
    const out: Buffer[] = [];
    for (const id of ids) {
      const bytes = found.get(id);
      if (bytes) out.push(bytes);
    }
    return out;
  }

  /**
   * The stored views of these products (those that have one) and the database's catalogue version, read in
   * one statement (so the version is the one the views are current at, and the one a build that starts now
   * starts at).
   */
  private async storedViews(ids: number[]): Promise<{ version: number; views: Map<number, Buffer> }> {
    // SQLite hands a blob over as bytes: the stored UTF-8 as it is, not decoded into a string and encoded
    // again (half the read's cost).
    const json = sql<
      Buffer | string | null
    >`${sql.raw(this.store.dialect === "sqlite" ? "cast(pv.json as blob)" : "pv.json")}`;
    const rows = await this.byIds("stored", ids, (list) =>
      this.viewsDb
        .selectFrom("catalog_version as cv")
        .leftJoin("product_views as pv", (join) => join.on("pv.product_id", "in", list))
        .select(["cv.version", "pv.product_id", json.as("json")])
        .where("cv.id", "=", 1),
    );
    const views = new Map<number, Buffer>();
    for (const r of rows)
      if (r.product_id !== null && r.json !== null)
        views.set(r.product_id, typeof r.json === "string" ? Buffer.from(r.json) : r.json);
    return { version: Number(rows[0]?.version ?? -1), views };
  }

  /** The products' stock revisions (migration 0015), as `saveViews` checks them. */
  private async stockRevs(ids: number[]): Promise<Map<number, number>> {
    const rows = await this.store.all<{ id: number; rev: number | string }>(
      compiled(sql`select id, stock_rev as rev from products where id in (${sql.join(ids)})`, this.store),
    );
    return new Map(rows.map((r) => [r.id, Number(r.rev)]));
  }

  /**
   * Stores built views, if the catalogue is still at `version` (the one read before building them) and
   * each product's stock revision is still the one read before its build (`stockRevs`): a change committed
   * since may have deleted views that were read before it. On PostgreSQL the version row is read in share
   * mode, which waits for a transaction changing the catalogue's other columns (its triggers lock that row
   * before deleting views, migration 0008) and then sees its new version; a product's row is taken in share
   * mode too, skipping one a transaction holds (a stock write in progress: its view is not stored, and is
   * built again next time), and read as committed (a stock write committed since has moved its revision).
   * Stock writes lock nothing shared, so no order waits for this, and this waits for no order. SQLite runs
   * one writer at a time, so the checks and the insert see every committed change. Outside the request's
   * context (never in its transaction: a reply does not wait for it, and the insert holds no lock of the
   * request's); a view that fails to be stored is built again next time. `settled()` waits for the pending
   * ones.
   */
  private saveViews(views: StoredView[], version: number): void {
    const pg = this.store.dialect === "postgres";
    const check = pg
      ? sql`exists (select 1 from catalog_version where id = 1 and version = ${version} for share)
          and exists (select 1 from products p where p.id = v.column1 and p.stock_rev = v.column4
            for share skip locked)`
      : sql`(select version from catalog_version where id = 1) = ${version}
          and (select stock_rev from products p where p.id = v.column1) = v.column4`;
    const bytes = sql.raw(pg ? "bytea" : "blob");
    const values = sql.join(
      views.map(
        ([id, json, gzip, rev]) =>
          sql`(cast(${id} as integer), ${json}, cast(${gzip && asBuffer(gzip)} as ${bytes}), cast(${rev} as bigint))`,
      ),
    );
    const query = sql`insert into product_views (product_id, json, gzip)
      select column1, column2, column3 from (values ${values}) as v where ${check}
      on conflict (product_id) do nothing`;
    this.outside(query);
  }

  /**
   * Keeps a detail reply compressed here with the product's stored view, if that view is still these bytes
   * (the compression is a function of them) and has none yet; outside the request, as `saveViews`.
   */
  private saveGzip(id: number, json: Buffer, gzip: Uint8Array): void {
    this.outside(
      sql`update product_views set gzip = ${asBuffer(gzip)}
        where product_id = ${id} and gzip is null and json = ${json.toString("utf8")}`,
    );
  }

  /** Runs a write outside any request's context; `settled()` waits for it. */
  private outside(query: RawBuilder<unknown>): void {
    const compiled = { compile: () => query.compile(this.store.qb) };
    const saving: Promise<void> = outsideRequests
      .runInAsyncScope(() => this.store.run(compiled))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.saving.delete(saving));
    this.saving.add(saving);
  }

  /** Waits for the views being stored (tests; a shutdown may). */
  async settled(): Promise<void> {
    while (this.saving.size) await Promise.all(this.saving);
  }

  /**
   * Builds and stores the view of every product that has none (after a bulk load: a fresh shop starts with
   * every view stored), `batch` products at a time.
   */
  async storeAllViews(batch = 500): Promise<void> {
    for (let after = 0; ;) {
      const ids = (
        await this.store.all(
          this.viewsDb
            .selectFrom("products as p")
            .leftJoin("product_views as pv", "pv.product_id", "p.id")
            .select("p.id")
            .where("p.id", ">", after)
            .where("pv.product_id", "is", null)
            .orderBy("p.id")
            .limit(batch),
        )
      ).map((r) => r.id);
      if (!ids.length) return;
      after = ids.at(-1)!;
      const { version } = await this.storedViews(ids);
      if (version !== this.sharedVersion) await this.refresh(Infinity);
      const revs = await this.stockRevs(ids);
      this.saveViews(
        (await this.views(ids)).map((v) => {
          const json = JSON.stringify(v);
          return [v.id, json, compressedDetail(Buffer.from(json)), revs.get(v.id) ?? -1];
        }),
        this.sharedVersion ?? version,
      );
      await this.settled();
    }
  }

  async viewsJson(ids: number[]): Promise<string[]> {
    return (await this.viewsBytes(ids)).map((b) => b.toString("utf8"));
  }

  /**
   * A kept list reply of the current catalogue; gzip: compressed, once per kept reply (browsers always ask,
   * and compressing a list costs about as much CPU as serving it).
   */
  cachedList(key: string, gzip = false): { body: Uint8Array<ArrayBuffer>; gzip: boolean } | undefined {
    const hit = this.listCache.get(key);
    if (!hit || !this.isCurrent(hit.reads)) {
      this.cacheStats.list.misses++;
      if (hit) this.listCache.delete(key);
      return undefined;
    }
    this.cacheStats.list.hits++;
    this.noteReads(hit.reads.ids, hit.reads.sales);
    if (!gzip || hit.body.length <= GZIP_MIN_BYTES) return { body: hit.body, gzip: false };
    hit.gzip ??= compressBody(hit.body, "gzip", "kept");
    return { body: hit.gzip, gzip: true };
  }

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
    this.noteReads([id]);
    if (!gzip) {
      const [view] = await this.viewsBytes([id]);
      return view && { body: Buffer.concat([DETAIL_OPEN, view, DETAIL_CLOSE]), gzip: false };
    }
    const kept = this.gzipCache.get(id);
    if (kept) {
      this.cacheStats.gzip.hits++;
      return { body: kept, gzip: true };
    }
    this.cacheStats.gzip.misses++;
    const held = this.jsonCache.get(id);
    // A reply too small to be sent compressed has no compressed one to read: sent as it is.
    if (held && !compressible(held))
      return { body: Buffer.concat([DETAIL_OPEN, held, DETAIL_CLOSE]), gzip: false };
    const [list, stock] = [this.version, this.stockGen];
    const stored = await this.storedGzip(id);
    // Bytes read from the database own their memory (an ArrayBuffer, never a shared one).
    let body = (stored?.gzip ?? null) as Uint8Array<ArrayBuffer> | null;
    if (!body) {
      // The view as held here, else as read with the (missing) compressed reply, else built.
      let view = held ?? stored?.json;
      if (view && !held && this.unchanged(id, list, stock))
        keepNewest(this.jsonCache, new Map([[id, view]]), JSON_CACHE_SIZE);
      view ??= (await this.viewsBytes([id]))[0];
      if (!view) return undefined;
      body = compressedDetail(view);
      if (!body) return { body: Buffer.concat([DETAIL_OPEN, view, DETAIL_CLOSE]), gzip: false };
      this.saveGzip(id, view, body);
    }
    // Kept only when read at the current catalogue version (a change made meanwhile makes it stale).
    if (this.unchanged(id, list, stock)) keepNewest(this.gzipCache, new Map([[id, body]]), DETAIL_CACHE_SIZE);
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
      const rows = await this.byIds("gzip", [...wanted.keys()], (list) =>
        this.viewsDb
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

  /** Keeps a list reply built from `reads` (see `collect`: a change made meanwhile makes it stale at once). */
  storeList(key: string, body: Uint8Array<ArrayBuffer>, reads: CatalogReads): void {
    if (this.listCacheSize <= 0) return;
    if (this.listCache.size >= this.listCacheSize) this.listCache.clear();
    this.listCache.set(key, { reads, body });
  }

  async productRows(ids: number[]): Promise<ProductTable[]> {
    if (!ids.length) return [];
    this.noteReads(ids);
    return await this.byIds("products", ids, (list) =>
      this.store.qb.selectFrom("products").selectAll().where("id", "in", list),
    );
  }

  /**
   * A query over a list of ids, compiled once per kind and list length (building and compiling the SQL
   * cost more than running it: a product's detail runs four of these).
   */
  private async byIds<T>(kind: string, ids: number[], build: (ids: number[]) => Compilable<T>): Promise<T[]> {
    const key = `${kind}:${ids.length}`;
    const known = this.byIdsSql.get(key);
    if (known) return await this.store.allCompiled<T>({ sql: known.sql, params: [...ids, ...known.rest] });
    const compiled = this.store.compile(build(ids));
    // Kept only when the ids are the first parameters, so other ids can take their place.
    if (ids.every((id, i) => compiled.params[i] === id) && this.byIdsSql.size < 1000)
      this.byIdsSql.set(key, { sql: compiled.sql, rest: compiled.params.slice(ids.length) });
    return await this.store.allCompiled<T>(compiled);
  }

  async views(ids: number[], opts: { wishlisted?: Set<number> } = {}): Promise<ProductView[]> {
    if (!ids.length) return [];
    this.noteReads(ids);
    const rows = new Map((await this.productRows(ids)).map((r) => [r.id, r]));
    const variants = new Map<number, VariantRow[]>();
    // Only the columns the view reads: each row becomes an object, and on a product's first view (most
    // views of a large catalogue) building them costs more than finding them.
    for (const v of await this.byIds("variants", ids, (list) =>
      this.store.qb
        .selectFrom("product_variants")
        .select(["id", "product_id", "color", "size", "size_option_id", "stock"])
        .where("product_id", "in", list)
        .orderBy("product_id")
        .orderBy("position"),
    )) {
      let list = variants.get(v.product_id);
      if (!list) variants.set(v.product_id, (list = []));
      list.push(v);
    }
    const cats = new Map<number, number[]>();
    for (const pc of await this.byIds("categories", ids, (list) =>
      this.store.qb
        .selectFrom("product_categories")
        .select(["product_id", "category_id"])
        .where("product_id", "in", list)
        .orderBy("position"),
    )) {
      let list = cats.get(pc.product_id);
      if (!list) cats.set(pc.product_id, (list = []));
      list.push(pc.category_id);
    }
    const reviews = new Map<number, ReviewStat>();
    for (const r of await this.byIds("reviews", ids, (list) =>
      this.store.qb
        .selectFrom("reviews")
        .select(["product_id", "rating", (eb) => eb.fn.countAll<number>().as("n")])
        .where("product_id", "in", list)
        .where("status", "=", "approved")
        .groupBy(["product_id", "rating"]),
    )) {
      let s = reviews.get(r.product_id);
      if (!s) reviews.set(r.product_id, (s = { total: 0, sum: 0, counts: {} }));
      s.total += r.n;
      s.sum += r.n * r.rating;
      s.counts[String(r.rating)] = r.n;
    }
    const out: ProductView[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      out.push(
        this.view(
          row,
          variants.get(id) ?? [],
          cats.get(id) ?? [],
          reviews.get(id),
          opts.wishlisted?.has(id) ?? false,
        ),
      );
    }
    return out;
  }

  view(
    row: ProductTable,
    variants: VariantRow[],
    categoryIds: number[],
    reviews: ReviewStat | undefined,
    wishlisted: boolean,
  ): ProductView {
    const colors: string[] = [];
    const byColor = new Map<string, VariantRow[]>();
    for (const v of variants) {
      let list = byColor.get(v.color);
      if (!list) {
        byColor.set(v.color, (list = []));
        colors.push(v.color);
      }
      list.push(v);
    }
    if (!colors.length) colors.push(row.default_color);
    const images = colors.map((c) => imageSet(row.body_type, c));
    const stock = variants.length
      ? variants.reduce((s, v) => s + Math.max(0, v.stock), 0)
      : Math.max(0, row.stock);
    const categories = categoryIds
      .map((cid) => this.categories.get(cid))
      .filter((c): c is CategoryRow => !!c)
      .map((c) => ({ id: c.id, name: c.name, slug: c.slug }));
    const info = JSON.parse(row.info_json) as Record<string, string>;
    const additional = ADDITIONAL_INFO_CODES.map((code, i) => ({
      id: 100 + i,
      code,
      label: INFO_LABELS[code],
      value: info[code] ?? null,
      admin_name: INFO_LABELS[code],
      type: "text",
    }));
    const variation = [...byColor.entries()].map(([color, list]) => {
      const c = colorByName.get(color);
      return {
        color,
        swatch_value: c?.hex ?? null,
        option_id: c?.id,
        image: imageSet(row.body_type, color).medium_image_url,
        size: [...list]
          .sort((a, b) => (sizeOrder.get(a.size) ?? 0) - (sizeOrder.get(b.size) ?? 0))
          .map((v) => ({
            name: v.size,
            stock: Math.max(0, v.stock),
            variant_id: v.id,
            option_id: v.size_option_id,
          })),
      };
    });
    const configurable_options = variants.length
      ? [
          ...colors.map((color) => {
            const c = colorByName.get(color);
            return {
              id: c?.id ?? 0,
              label: c?.label ?? color,
              swatch_value: c?.hex ?? null,
              attribute: "color",
            };
          }),
          ...SIZES.filter((s) => variants.some((v) => v.size === s.name)).map((s) => ({
            id: s.id,
            label: s.label,
            swatch_value: null,
            attribute: "size",
          })),
        ]
      : [];
    const discounted = row.discount > 0;
    const percentage: Record<string, number> = {};
    if (reviews && reviews.total > 0) {
      for (const star of ["5", "4", "3", "2", "1"])
        percentage[star] = Math.round(((reviews.counts[star] ?? 0) / reviews.total) * 100);
    }
    return {
      id: row.id,
      sku: row.sku,
      type: row.type,
      name: row.name,
      url_key: row.url_key,
      price: row.price,
      formated_price: formatMoney(row.price, SERVER_MONEY_FORMAT),
      ...(discounted
        ? {
            special_price: row.final_price,
            formated_special_price: formatMoney(row.final_price, SERVER_MONEY_FORMAT),
            regular_price: row.price,
            formated_regular_price: formatMoney(row.price, SERVER_MONEY_FORMAT),
          }
        : {}),
      discount: row.discount,
      short_description: row.short_description,
      description: row.description,
      new: row.is_new === 1,
      featured: row.featured === 1,
      rating: row.rating,
      saleCount: row.sale_count,
      stock,
      in_stock: stock > 0,
      offerEnd: row.offer_end,
      affiliateLink: row.affiliate_link,
      categories,
      tags: JSON.parse(row.tags_json) as string[],
      images,
      base_image: images[0],
      variation,
      basic_info: {
        name: row.name,
        url_key: row.url_key,
        images,
        cat: categories.map((c) => ({ name: c.name, slug: c.slug })),
        additional_info: additional.map(({ code, label, value }) => ({ code, label, value })),
      },
      configurable_options,
      reviews: reviews
        ? {
            total: reviews.total,
            total_rating: String(reviews.sum),
            average_rating: (reviews.sum / reviews.total).toFixed(1),
            percentage: JSON.stringify(percentage),
          }
        : { total: 0, total_rating: 0, average_rating: 0, percentage: [] },
      is_wishlisted: wishlisted,
      is_item_in_cart: false,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * The specs in their fixed order; with `geometry`, then the model's frame geometry when it has one (a text
   * attribute holding JSON, `FRAME_GEOMETRY_CODE`): the product page's reply carries it, the home page's list
   * (`product-with-additional-information`, read by position) does not.
   */
  additionalInformation(row: ProductTable, { geometry = false } = {}) {
    const info = JSON.parse(row.info_json) as Record<string, string>;
    const entries = ADDITIONAL_INFO_CODES.map((code, i) => ({
      id: 100 + i,
      code: code as string,
      label: INFO_LABELS[code],
      value: info[code] ?? null,
      admin_name: INFO_LABELS[code],
      type: "text",
    }));
    const frameGeometry = info[FRAME_GEOMETRY_CODE];
    if (geometry && frameGeometry)
      entries.push({
        id: 100 + ADDITIONAL_INFO_CODES.length,
        code: FRAME_GEOMETRY_CODE,
        label: "Frame geometry",
        value: frameGeometry,
        admin_name: "Frame geometry",
        type: "text",
      });
    return entries;
  }

  async configurableConfig(row: ProductTable) {
    const variants = await this.store.all(
      this.store.qb
        .selectFrom("product_variants")
        .selectAll()
        .where("product_id", "=", row.id)
        .orderBy("position"),
    );
    const saleable = variants.filter((v) => v.stock > 0);
    const colorOpts = COLORS.filter((c) => variants.some((v) => v.color_option_id === c.id)).map((c) => ({
      id: c.id,
      label: c.label,
      admin_name: c.label,
      swatch_value: c.hex,
      products: saleable.filter((v) => v.color_option_id === c.id).map((v) => v.id),
    }));
    const sizeOpts = SIZES.filter((s) => variants.some((v) => v.size_option_id === s.id)).map((s) => ({
      id: s.id,
      label: s.label,
      admin_name: s.label,
      swatch_value: null,
      products: saleable.filter((v) => v.size_option_id === s.id).map((v) => v.id),
    }));
    const price = {
      price: row.final_price,
      formated_price: formatMoney(row.final_price, SERVER_MONEY_FORMAT),
    };
    const regular = { price: row.price, formated_price: formatMoney(row.price, SERVER_MONEY_FORMAT) };
    return {
      attributes: variants.length
        ? [
            {
              id: COLOR_ATTRIBUTE_ID,
              code: "color",
              label: "Color",
              swatch_type: "color",
              options: colorOpts,
            },
            { id: SIZE_ATTRIBUTE_ID, code: "size", label: "Size", swatch_type: null, options: sizeOpts },
          ]
        : [],
      index: Object.fromEntries(
        saleable.map((v) => [
          String(v.id),
          { [COLOR_ATTRIBUTE_ID]: v.color_option_id, [SIZE_ATTRIBUTE_ID]: v.size_option_id },
        ]),
      ),
      variant_prices: Object.fromEntries(
        saleable.map((v) => [String(v.id), { regular_price: regular, final_price: price }]),
      ),
      variant_images: Object.fromEntries(
        saleable.map((v) => [String(v.id), [imageSet(row.body_type, v.color)]]),
      ),
      variant_stock: Object.fromEntries(variants.map((v) => [String(v.id), v.stock])),
      chooseText: "Choose an option",
      regular_price: regular,
    };
  }

  /**
   * Query → matching ids (one page) and the total. Unknown filter values are ignored, as Bagisto does.
   * The compiled SQL of a filter set is kept (it depends only on the query and the categories, which are
   * loaded once). The first request for a filter set at a catalogue version reads its ordered ids once
   * (one walk of the sort's index, the count included); every page after that, deep or not, is a slice of
   * them, so a page costs the same at 100k products as at 1k. Sets larger than `maxListIds` are counted
   * once per version and paged with OFFSET (an index walk that stops at the page).
   */
  async search(q: ProductListQuery, page: number, limit: number): Promise<{ ids: number[]; total: number }> {
    const key = q.url_key
      ? undefined
      : JSON.stringify([
          q.category_id,
          q.cat_slug,
          q.tag,
          q.color,
          q.size,
          q.new,
          q.featured,
          q.sale,
          q.bestseller,
          q.search,
          q.name,
          q.price,
          q.sort,
          q.order,
        ]);
    let plan = key === undefined ? undefined : this.plans.get(key);
    if (!plan) {
      plan = await this.plan(q);
      if (key !== undefined) {
        if (this.plans.size >= 5000) this.plans.clear();
        this.plans.set(key, plan);
      }
    }
    const offset = (page - 1) * limit;
    if (plan.sales) this.noteReads([], true);
    const list = await this.idList(plan);
    if (list) return { ids: Array.from(list.subarray(offset, offset + limit)), total: list.length };

    const [version, stock] = [this.version, this.stockGen];
    let total = this.countCache.get(plan.countKey)?.n;
    if (total === undefined) {
      total =
        (
          await this.singleFlight(
            `count\n${plan.countKey}`,
            () => this.store.firstCompiled<{ n: number }>(plan.count),
            plan.sales,
          )
        )?.n ?? 0;
      if (version === this.version && (!plan.sales || stock === this.stockGen)) {
        if (this.countCache.size > 5000) this.countCache.clear();
        this.countCache.set(plan.countKey, { n: total, sales: plan.sales });
      }
    }
    const pageKey = `${plan.allKey}\n${offset}\n${limit}`;
    let paged = this.pagePlans.get(pageKey);
    if (!paged) {
      paged = plan.page(offset, limit);
      if (this.pagePlans.size >= 5000) this.pagePlans.clear();
      this.pagePlans.set(pageKey, paged);
    }
    const ids = (await this.store.allCompiled<{ id: number }>(paged)).map((r) => r.id);
    return { ids, total };
  }

  /**
   * Bagisto's `name LIKE %text%` (any substring, case-insensitive, `%` and `_` literal), from the trigram
   * indexes of migration 0018. PostgreSQL: on the narrow copy (`narrow`), its lower-case name with LIKE,
   * else `products.name` with ILIKE. SQLite: a text of three or more characters is a phrase query on the
   * FTS5 trigram table, which matches the same substrings. Shorter texts have no trigram and are read from
   * the names on both.
   */
  private nameContains(text: string, narrow: boolean) {
    if (this.store.dialect === "sqlite" && [...text].length >= 3)
      return sql<boolean>`p.id in (select rowid from product_name_search
        where product_name_search match ${`"${text.replaceAll('"', '""')}"`})`;
    const pattern = "%" + escapeLike(text) + "%";
    if (narrow) return sql<boolean>`p.search_name like lower(${pattern}) escape '\\'`;
    const like = sql.raw(this.store.likeOperator);
    return sql<boolean>`p.name ${like} ${pattern} escape '\\'`;
  }

  /** The filter set's ordered ids at this catalogue version, or undefined when there are too many to keep. */
  private async idList(plan: SearchPlan): Promise<Int32Array | undefined> {
    const hit = this.idLists.get(plan.allKey);
    if (hit) return hit.ids;
    if (this.maxListIds <= 0 || this.largeSets.has(plan.allKey)) return undefined;
    const [version, stock] = [this.version, this.stockGen];
    const rows = await this.singleFlight(
      `ids\n${plan.allKey}`,
      () => this.store.allCompiled<{ id: number }>(plan.all(this.maxListIds + 1)),
      plan.sales,
    );
    if (rows.length > this.maxListIds) {
      // Too many to keep: counted and paged with OFFSET from now on, at this version and the next ones
      // (a set this large rarely shrinks; remembering it saves reading its ids after every change).
      if (this.largeSets.size >= 5000) this.largeSets.clear();
      this.largeSets.add(plan.allKey);
      return undefined;
    }
    const list = Int32Array.from(rows, (r) => r.id);
    // Built from the catalogue as it was when the query started: a change made meanwhile makes it stale.
    // (Requests that shared one fill each arrive here: the first keeps it.)
    const kept = this.idLists.get(plan.allKey);
    if (kept) return kept.ids;
    if (version === this.version && (!plan.sales || stock === this.stockGen)) {
      while (
        (this.idListTotal + list.length > LIST_ID_BUDGET || this.idLists.size >= 5000) &&
        this.idLists.size
      ) {
        const [oldest, kept] = this.idLists.entries().next().value as [string, { ids: Int32Array }];
        this.idLists.delete(oldest);
        this.idListTotal -= kept.ids.length;
      }
      this.idLists.set(plan.allKey, { ids: list, sales: plan.sales });
      this.idListTotal += list.length;
    }
    return list;
  }

  /**
   * A value computed from the catalogue (facet counts), built once per catalogue version: any catalogue
   * change, made here or anywhere (see `refresh`), drops it.
   */
  async memo<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    this.memoBuilders.delete(key);
    this.memoBuilders.set(key, build);
    if (this.memoBuilders.size > MEMOS_REFILLED)
      this.memoBuilders.delete(this.memoBuilders.keys().next().value!);
    const version = this.version;
    return await this.singleFlight(`memo\n${key}`, async () => {
      const value = await build();
      if (version === this.version) {
        if (this.memos.size >= 1000) this.memos.clear();
        this.memos.set(key, value);
      }
      return value;
    });
  }

  /** One fill per key and catalogue generation at a time; whoever asks meanwhile gets that fill's value. */
  private singleFlight<T>(key: string, fill: () => Promise<T>, stock = false): Promise<T> {
    const k = `${this.version}/${stock ? this.stockGen : ""}\n${key}`;
    const running = this.fills.get(k);
    if (running) return running as Promise<T>;
    const p = fill().finally(() => {
      if (this.fills.get(k) === p) this.fills.delete(k);
    });
    this.fills.set(k, p);
    return p;
  }

  /**
   * After a catalogue change, the most recently asked memos (facet counts) are built again at once, in the
   * background, so the requests that follow find them built or being built (`singleFlight`) instead of
   * waiting for their own scan.
   */
  private refillMemos(): void {
    if (!this.memoBuilders.size) return;
    const builders = [...this.memoBuilders];
    setImmediate(() => {
      for (const [key, build] of builders) void this.memo(key, build).catch(() => {});
    });
  }

  private async plan(q: ProductListQuery): Promise<SearchPlan> {
    const db = this.store.qb;
    const on = (v: string | undefined) => v === "1" || v === "true";
    const text = q.search ?? q.name;
    // A search on PostgreSQL reads the narrow copy of the list's columns (migration 0018), which has every
    // column the filters and sorts below name as `p.…` but sale counts and url keys.
    const narrow =
      this.store.dialect === "postgres" &&
      !!text &&
      !q.url_key &&
      !on(q.bestseller) &&
      sortOf(q).column !== "p.sale_count";
    let query = db.selectFrom((narrow ? "product_search as p" : "products as p") as "products as p");
    const list = (v: string | undefined) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    const catIds = new Set<number>();
    // A number beyond the ids the database stores (int4, which PostgreSQL would refuse to compare) names no
    // category, as an unknown slug does.
    for (const s of list(q.category_id))
      if (/^\d+$/.test(s)) catIds.add(s.length <= 10 && Number(s) <= INT4_MAX ? Number(s) : -1);
    if (q.cat_slug) {
      const c = this.categoryBySlug(q.cat_slug);
      catIds.add(c ? c.id : -1);
    }
    if (catIds.size && !catIds.has(ROOT_CATEGORY.id)) {
      const ids = [...catIds];
      if (ids.every((id) => this.primaryCategories.has(id))) query = query.where("p.category_id", "in", ids);
      else
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom("product_categories as pc")
              .select("pc.product_id")
              .whereRef("pc.product_id", "=", "p.id")
              .where("pc.category_id", "in", ids),
          ),
        );
    }
    const tags = list(q.tag)
      .map((t) => t.charAt(0).toUpperCase() + t.slice(1).toLowerCase())
      .filter((t) => ["Kids", "Men", "Women"].includes(t));
    if (tags.length)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("product_tags as t")
            .select("t.product_id")
            .whereRef("t.product_id", "=", "p.id")
            .where("t.tag", "in", tags),
        ),
      );
    const colorIds = list(q.color)
      .map((v) => (/^\d+$/.test(v) ? Number(v) : colorByName.get(v.toLowerCase())?.id))
      .filter((v): v is number => v !== undefined && COLORS.some((c) => c.id === v));
    const sizeIds = list(q.size)
      .map((v) => (/^\d+$/.test(v) ? Number(v) : SIZES.find((s) => s.name === v.toLowerCase())?.id))
      .filter((v): v is number => v !== undefined && SIZES.some((s) => s.id === v));
    if (colorIds.length || sizeIds.length) {
      query = query.where((eb) => {
        let sub = eb
          .selectFrom("product_variants as v")
          .select("v.product_id")
          .whereRef("v.product_id", "=", "p.id");
        if (colorIds.length) sub = sub.where("v.color_option_id", "in", colorIds);
        if (sizeIds.length) sub = sub.where("v.size_option_id", "in", sizeIds);
        return eb.exists(sub);
      });
    }
    if (on(q.new)) query = query.where("p.is_new", "=", 1);
    if (on(q.featured)) query = query.where("p.featured", "=", 1);
    if (on(q.sale)) query = query.where("p.discount", ">", 0);
    if (on(q.bestseller)) query = query.where("p.sale_count", ">=", BESTSELLER_MIN_SALES);
    // Case-insensitive on both databases: SQLite's `like` is (for ASCII), PostgreSQL's `ilike` is.
    const like = sql.raw(this.store.likeOperator);
    if (text) query = query.where(this.nameContains(text, narrow));
    if (q.price) {
      const [min, max] = q.price.split(",").map((s) => Number(s));
      if (min !== undefined && Number.isFinite(min)) query = query.where("p.final_price", ">=", min);
      if (max !== undefined && Number.isFinite(max) && max > 0)
        query = query.where("p.final_price", "<=", max);
    }
    if (q.url_key) {
      const exact = await this.store.first(
        db.selectFrom("products").select("id").where("url_key", "=", q.url_key),
      );
      if (exact) query = query.where("p.id", "=", exact.id);
      else
        query = query.where(sql<boolean>`p.url_key ${like} ${"%" + escapeLike(q.url_key) + "%"} escape '\\'`);
    }

    const count = this.store.compile(query.select((eb) => eb.fn.countAll<number>().as("n")));
    const { column, direction } = sortOf(q);
    const sales = column === "p.sale_count" || on(q.bestseller);
    const ordered = query.select("p.id").orderBy(column, direction).orderBy("p.id", direction);
    const all = (max: number) => this.store.compile(ordered.limit(max));
    const probe = all(1);
    return {
      count,
      countKey: count.sql + JSON.stringify(count.params),
      all,
      allKey: probe.sql + JSON.stringify(probe.params.slice(0, -1)),
      page: (offset, limit) => this.store.compile(ordered.limit(limit).offset(offset)),
      sales,
    };
  }
}

interface SearchPlan {
  count: CompiledSql;
  countKey: string;
  /** every matching id in the list's order, at most `max` */
  all: (max: number) => CompiledSql;
  /** the filter set and sort (the SQL of `all` without its limit) */
  allKey: string;
  page: (offset: number, limit: number) => CompiledSql;
  /** it reads sale counts (bestseller filter or sort), which every order changes */
  sales: boolean;
}

interface ProductViewTable {
  product_id: number;
  /** migration 0011: the compressed detail reply */
  gzip: Buffer | null;
  json: string;
}

/** A product's stored compressed detail reply, or (when it has none) its stored view. */
type StoredDetail = { gzip: Buffer; json: null } | { gzip: null; json: Buffer | null };

/** A view to store: product id, JSON, compressed detail reply (or null: compressed on its first request). */
/** A built view to store: the product, its JSON, its compressed reply, the stock revision it was built at. */
type StoredView = [id: number, json: string, gzip: Uint8Array | null, stockRev: number];

/** The same bytes as a Buffer (what the stores bind as a blob), not copied. */
/** A raw statement as something the store runs. */
function compiled<T>(query: RawBuilder<T>, store: Store): Compilable<T> {
  return { compile: () => query.compile(store.qb) };
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether a product's detail reply `{"data":<view>}` is large enough to be sent compressed. */
function compressible(view: Buffer): boolean {
  return DETAIL_OPEN.length + view.length + DETAIL_CLOSE.length > GZIP_MIN_BYTES;
}

/** A detail reply `{"data":<view>}` compressed to be kept, or null when it is too small to be sent compressed. */
function compressedDetail(view: Buffer): Uint8Array<ArrayBuffer> | null {
  if (!compressible(view)) return null;
  return compressBody(Buffer.concat([DETAIL_OPEN, view, DETAIL_CLOSE]), "gzip", "kept");
}

/** Runs a function outside any request's context (so outside its transaction, see `Store.tx`). */
const outsideRequests = new AsyncResource("catalog-outside-requests");

/** How many products' JSON is kept (about 5 kB each). */
const JSON_CACHE_SIZE = 20_000;
/** How many products' compressed detail replies are kept (about 1.4 kB each). */
const DETAIL_CACHE_SIZE = 20_000;
/** How many of the oldest go at once when a cache of products is full. */
const EVICTION_BATCH = 256;

/**
 * Adds `entries` to a cache of products, the oldest going first when it holds `size` (not the whole cache at
 * once: a large catalogue keeps its most recently read products instead of starting again from none every
 * `size` misses). They go a batch at a time, in one walk: a Map keeps a deleted entry's slot until it grows,
 * and each new walk from its start steps over every slot freed before (one oldest entry per miss cost 25–55 µs
 * at 100k products, more than the rest of a detail request; a batch costs < 1 µs per entry).
 */
function keepNewest<V>(cache: Map<number, V>, entries: Map<number, V>, size: number): void {
  const over = cache.size + entries.size - size;
  if (over > 0) {
    let drop = over + EVICTION_BATCH;
    for (const id of cache.keys()) {
      if (drop-- <= 0) break;
      cache.delete(id);
    }
  }
  for (const [id, value] of entries) cache.set(id, value);
}

/** The most stock log rows `refresh` reads the changed products of; past that, every product counts as changed. */
const STOCK_CHANGES_READ = 1000;
/** How many products' last stock change is remembered; past that, every product counts as changed. */
const CHANGED_PRODUCTS_KEPT = 100_000;

/** How many ids the ordered lists of all filter sets may hold together (4 bytes each). */
const LIST_ID_BUDGET = 2_000_000;

export const BESTSELLER_MIN_SALES = 60;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => "\\" + m);
}

type SortColumn =
  "p.final_price" | "p.name" | "p.created_at" | "p.rating" | "p.sale_count" | "p.id" | "p.discount";

const SORT_COLUMNS = new Map<string, SortColumn>([
  ["price", "p.final_price"],
  ["min_price", "p.final_price"],
  ["name", "p.name"],
  ["created_at", "p.created_at"],
  ["newest", "p.created_at"],
  ["rating", "p.rating"],
  ["salecount", "p.sale_count"],
  ["sale_count", "p.sale_count"],
  ["bestseller", "p.sale_count"],
  ["id", "p.id"],
  ["discount", "p.discount"],
]);

function sortOf(q: ProductListQuery): { column: SortColumn; direction: "asc" | "desc" } {
  const s = (q.sort ?? "").toLowerCase();
  if (s === "pricehightolow") return { column: "p.final_price", direction: "desc" };
  if (s === "pricelowtohigh") return { column: "p.final_price", direction: "asc" };
  // A Map, not an object literal: `constructor` or `__proto__` must not find a prototype member (review L1).
  const column =
    SORT_COLUMNS.get(s) ??
    (q.bestseller === "1" || q.bestseller === "true" ? "p.sale_count" : "p.created_at");
  const direction = q.order ?? (column === "p.name" || column === "p.final_price" ? "asc" : "desc");
  return { column, direction };
}
