import { sql, type Kysely, type RawBuilder } from "kysely";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locale";
import type { DB } from "../../db/schema";
import type { Store } from "../../db/store";
import { compressedDetail, JSON_CACHE_SIZE, keepNewest, type CacheStats } from "./detail-bytes";
import type { CatalogGenerations } from "./generations";
import type { ProductRows } from "./product-rows";
import { asBuffer, compiled, outsideRequests, type ByIds } from "./statements";

export interface ProductViewTable {
  product_id: number;
  /** migration 0011: the compressed detail reply */
  gzip: Buffer | null;
  json: string;
}

/** A built view to store: the product, its JSON, its compressed reply, the stock revision it was built at. */
type StoredView = [id: number, json: string, gzip: Uint8Array | null, stockRev: number];

/**
 * Products' anonymous views as JSON bytes: kept in process per product (`jsonCache`), stored in the
 * database for every instance (`product_views`, migration 0008) and built from the rows only when neither
 * holds them. Stored views are written outside the request (`outside`, `settled`).
 */
export class StoredViews {
  /** Products' view bytes, until their stock or the catalogue changes. */
  readonly jsonCache = new Map<number, Buffer>();
  /**
   * Products' views in the other languages (decision 051), per language: built from the rows and kept in
   * process only (the stored views are the default language's), dropped with `jsonCache`'s (`forget`).
   */
  private readonly localeCaches = new Map<Locale, Map<number, Buffer>>();
  /** Stored views being written (see `saveViews`). */
  private saving = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
    private readonly rows: ProductRows,
    private readonly byIds: ByIds,
    private readonly stats: CacheStats,
  ) {}

  /** The query builder, with the stored views' table (migration 0008). */
  get viewsDb(): Kysely<DB & { product_views: ProductViewTable }> {
    return this.store.qb as unknown as Kysely<DB & { product_views: ProductViewTable }>;
  }

  /**
   * Anonymous product JSON, cached per product as UTF-8 bytes. A product this instance does not hold is
   * read from its stored view (`product_views`, migration 0008: deleted by triggers whenever what it is
   * built from changes, whoever changes it); only the products without one are built, and their views
   * stored for every instance.
   */
  async viewsBytes(ids: number[], locale: Locale = DEFAULT_LOCALE): Promise<Buffer[]> {
    if (locale !== DEFAULT_LOCALE) return this.localeViewsBytes(ids, locale);
    this.gen.noteReads(ids);
    // Every id's bytes are taken now: the misses' queries may await while other requests evict.
    const found = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const id of ids) {
      const bytes = this.jsonCache.get(id);
      if (bytes) found.set(id, bytes);
      else missing.push(id);
    }
    this.stats.json.hits += found.size;
    this.stats.json.misses += missing.length;
    if (missing.length) {
      const got = new Map<number, Buffer>();
      const [list, stock] = [this.gen.version, this.gen.stockGen];
      const stored = await this.storedViews(missing);
      for (const [id, bytes] of stored.views) got.set(id, bytes);
      const unbuilt = missing.filter((id) => !stored.views.has(id));
      if (unbuilt.length) {
        const built: StoredView[] = [];
        // Read before anything the views are built from: a stock write committed after it moves it.
        const revs = await this.stockRevs(unbuilt);
        for (const v of await this.rows.views(unbuilt)) {
          const json = JSON.stringify(v);
          built.push([v.id, json, null, revs.get(v.id) ?? -1]);
          got.set(v.id, Buffer.from(json));
        }
        // Stored only when this instance's categories (held in memory, not read per build) are those of
        // the catalogue version the build started at; `saveViews` then checks that version is still current.
        if (built.length && stored.version === this.gen.sharedVersion) this.saveViews(built, stored.version);
      }
      // Kept only when built from the current catalogue (a change made meanwhile makes them stale).
      const current = new Map([...got].filter(([id]) => this.gen.unchanged(id, list, stock)));
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
   * Products' view bytes in another language than the default: kept in process per language, else built
   * from the rows (and kept when built from the current catalogue, as `viewsBytes` keeps its own).
   */
  private async localeViewsBytes(ids: number[], locale: Locale): Promise<Buffer[]> {
    this.gen.noteReads(ids);
    let cache = this.localeCaches.get(locale);
    if (!cache) this.localeCaches.set(locale, (cache = new Map()));
    const found = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const id of ids) {
      const bytes = cache.get(id);
      if (bytes) found.set(id, bytes);
      else missing.push(id);
    }
    this.stats.json.hits += found.size;
    this.stats.json.misses += missing.length;
    if (missing.length) {
      const [list, stock] = [this.gen.version, this.gen.stockGen];
      const built = new Map<number, Buffer>();
      for (const v of await this.rows.views(missing, { locale }))
        built.set(v.id, Buffer.from(JSON.stringify(v)));
      const current = new Map([...built].filter(([id]) => this.gen.unchanged(id, list, stock)));
      if (current.size) keepNewest(cache, current, JSON_CACHE_SIZE);
      for (const [id, bytes] of built) found.set(id, bytes);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Drops these products' views in every language (null: every product's). */
  forget(ids: number[] | null): void {
    for (const cache of [this.jsonCache, ...this.localeCaches.values()]) {
      if (ids === null) cache.clear();
      else for (const id of ids) cache.delete(id);
    }
  }

  /**
   * The stored views of these products (those that have one) and the database's catalogue version, read in
   * one statement (so the version is the one the views are current at, and the one a build that starts now
   * starts at).
   */
  async storedViews(ids: number[]): Promise<{ version: number; views: Map<number, Buffer> }> {
    // SQLite hands a blob over as bytes: the stored UTF-8 as it is, not decoded into a string and encoded
    // again (half the read's cost).
    const json = sql<
      Buffer | string | null
    >`${sql.raw(this.store.dialect === "sqlite" ? "cast(pv.json as blob)" : "pv.json")}`;
    const rows = await this.byIds.all("stored", ids, (list) =>
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
  async stockRevs(ids: number[]): Promise<Map<number, number>> {
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
  saveViews(views: StoredView[], version: number): void {
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
  saveGzip(id: number, json: Buffer, gzip: Uint8Array): void {
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

  async viewsJson(ids: number[], locale: Locale = DEFAULT_LOCALE): Promise<string[]> {
    return (await this.viewsBytes(ids, locale)).map((b) => b.toString("utf8"));
  }

  /**
   * The next `batch` products after id `after` that have no stored view (a bulk load stores them all,
   * `Catalog.storeAllViews`).
   */
  async withoutView(after: number, batch: number): Promise<number[]> {
    return (
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
  }

  /** Builds these products' views with their compressed replies and stores them at catalogue `version()` (read once they are built). */
  async storeBuilt(ids: number[], version: () => number): Promise<void> {
    const revs = await this.stockRevs(ids);
    this.saveViews(
      (await this.rows.views(ids)).map((v) => {
        const json = JSON.stringify(v);
        return [v.id, json, compressedDetail(Buffer.from(json)), revs.get(v.id) ?? -1];
      }),
      version(),
    );
  }
}
