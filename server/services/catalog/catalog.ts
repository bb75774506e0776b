import type { ProductListQuery } from "../../../src/api/contract/product";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locale";
import type { ProductTable } from "../../db/schema";
import type { Store } from "../../db/store";
import { CatalogCategories, type CategoryRow } from "./categories";
import { detailBody, type CacheStats } from "./detail-bytes";
import { DetailReplies } from "./details";
import { CatalogFacets, type FacetStats } from "./facets";
import { CatalogGenerations, type CatalogReads } from "./generations";
import type { NameIndexStats } from "./name-index";
import { ProductLists } from "./lists";
import { additionalInformation, configurableConfig, type ProductView } from "./product-view";
import { ProductRows } from "./product-rows";
import { ByIds } from "./statements";
import { StockLog, type OwnStockRows } from "./stock-log";
import { StoredViews } from "./stored-views";

/**
 * The catalogue: builds the storefront's Product resource (contract/product.ts) from rows and keeps what it
 * built until the catalogue changes. The parts, one file each:
 * - `generations.ts`: the list and stock generations every cache is checked by, what a reply reads;
 * - `categories.ts`: the categories, held in memory;
 * - `stock-log.ts`: other instances' stock writes (migration 0015), stock writes and their row locks;
 * - `product-rows.ts`, `product-view.ts`: rows and the views built from them;
 * - `stored-views.ts`: view bytes kept in process and stored for every instance (migration 0008);
 * - `details.ts`: detail replies, plain or compressed (migration 0011);
 * - `lists.ts`, `search-plan.ts`: filter sets' ordered ids and counts, kept list replies;
 * - `facets.ts`, `change-log.ts`: facet counts, moved per changed product (the facet log, migration 0023);
 *   the stock and facet logs' reading;
 * - `name-index.ts`: searches by name alone, answered from memory and moved by the facet log as well.
 * This class holds them together and decides, per change, which of them forget what (`refresh`, `touch`).
 */
export class Catalog {
  /**
   * Lookups of the caches so far (plain counts, read by /metrics at scrape time): `json` per product
   * view, `list` per kept list reply, `gzip` per compressed detail reply.
   */
  readonly cacheStats: CacheStats = {
    json: { hits: 0, misses: 0 },
    list: { hits: 0, misses: 0 },
    gzip: { hits: 0, misses: 0 },
  };
  private readonly gen = new CatalogGenerations();
  private readonly categories: CatalogCategories;
  private readonly stockLog: StockLog;
  private readonly rows: ProductRows;
  private readonly stored: StoredViews;
  private readonly details: DetailReplies;
  private readonly lists: ProductLists;
  private readonly facets: CatalogFacets;
  /** The database's list version (migration 0012) the caches hold. */
  private shared: { list: number } | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly store: Store,
    listCacheSize = 1000,
    /** how often a request may look at the database's catalogue version (a change shows within this) */
    private readonly versionCheckMs = 1000,
    /** a filter set with more matches than this is counted and paged with OFFSET instead (0: always) */
    maxListIds = 50_000,
    /** SQLite: matches from which a search's page walks the sort's index (lists.ts) */
    walkMinMatches?: number,
    /** whether searches by name alone are answered from memory (`NameIndex`; false: by the database) */
    nameIndex = true,
  ) {
    const byIds = new ByIds(store);
    this.categories = new CatalogCategories(store);
    this.stockLog = new StockLog(store);
    this.rows = new ProductRows(store, this.gen, this.categories, byIds);
    this.stored = new StoredViews(store, this.gen, this.rows, byIds, this.cacheStats);
    this.details = new DetailReplies(store, this.gen, this.stored, byIds, this.cacheStats);
    this.lists = new ProductLists(
      store,
      this.gen,
      this.categories,
      this.cacheStats,
      listCacheSize,
      maxListIds,
      walkMinMatches,
      nameIndex,
    );
    this.facets = new CatalogFacets(store, this.gen);
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
        const at = Date.now();
        const row = await this.store.first(
          this.store.qb.selectFrom("catalog_version").select(["version", "list_version"]).where("id", "=", 1),
        );
        const shared = { list: Number(row?.list_version ?? 0) };
        const listChanged = this.shared !== null && shared.list !== this.shared.list;
        // Read on every check (the log's position moves on), after the version: a stock write committed
        // in between shows in both, and is dropped twice at worst.
        const stock = await this.stockLog.read(this.shared === null || listChanged);
        if (listChanged) {
          this.touch();
          this.lists.clearPlans();
          await this.reloadCategories();
        } else {
          if (this.shared !== null) {
            this.facets.unchangedAt(at);
            this.lists.names?.unchangedAt(at);
          }
          if (stock === null || stock.length) this.stockChanged(stock);
        }
        this.shared = shared;
        this.gen.sharedVersion = Number(row?.version ?? 0);
        this.checkedAt = Date.now();
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }

  /**
   * The catalogue changed here (an order, a cancellation): with `productIds`, only those products' stock and
   * sale counts (see `stockChanged`); without, anything (every cache goes). `own`: the stock log rows the
   * committed change made (`stockWrites`), which `refresh` then does not take for another's.
   */
  touch(productIds?: number[], own?: OwnStockRows): void {
    if (productIds) {
      this.stockChanged(productIds);
      this.stockLog.noteOwn(own);
      return;
    }
    this.gen.listChanged();
    this.lists.clear();
    this.facets.clear();
    this.stockChanged(null);
  }

  /**
   * Some products' stock or sale counts changed (null: any product's may have). Their views and detail
   * replies go; a kept list reply or page that shows one of them is stale (`isCurrent`); the filter sets
   * that read sale counts (bestseller filter or sort) go. The other filter sets, counts and facet counts
   * read neither stock nor sale counts (no filter, sort or facet does), so they stay.
   */
  private stockChanged(productIds: number[] | null): void {
    if (this.gen.stockChanged(productIds)) {
      this.stored.forget(null);
      this.details.gzipCache.clear();
    } else {
      this.stored.forget(productIds);
      for (const id of productIds!) this.details.gzipCache.delete(id);
    }
    this.lists.dropSales();
  }

  async reloadCategories(): Promise<void> {
    await this.categories.reload();
  }

  allCategories(): CategoryRow[] {
    return this.categories.all();
  }

  categoryBySlug(slug: string): CategoryRow | undefined {
    return this.categories.bySlug(slug);
  }

  category(id: number): CategoryRow | undefined {
    return this.categories.get(id);
  }

  /** See `StockLog.stockWrites`: `write` in a transaction, with the stock log rows it made. */
  stockWrites<T>(write: () => Promise<T>): Promise<{ value: T; own: OwnStockRows }> {
    return this.stockLog.stockWrites(write);
  }

  /** See `StockLog.lockProducts`: the products' rows, locked in id order before their stock is written. */
  lockProducts(ids: number[]): Promise<void> {
    return this.stockLog.lockProducts(ids);
  }

  /** See `CatalogGenerations.collect`: runs `build`, noting what it reads of the catalogue. */
  collect<T>(build: () => Promise<T>): Promise<{ value: T; reads: CatalogReads }> {
    return this.gen.collect(build);
  }

  /** Whether what was built from `reads` is still what would be built now. */
  isCurrent(reads: CatalogReads): boolean {
    return this.gen.isCurrent(reads);
  }

  /** Anonymous product JSON as UTF-8 bytes, in `locale` (see `StoredViews.viewsBytes`). */
  viewsBytes(ids: number[], locale: Locale = DEFAULT_LOCALE): Promise<Buffer[]> {
    return this.stored.viewsBytes(ids, locale);
  }

  viewsJson(ids: number[], locale: Locale = DEFAULT_LOCALE): Promise<string[]> {
    return this.stored.viewsJson(ids, locale);
  }

  /** Waits for the views being stored (tests; a shutdown may). */
  settled(): Promise<void> {
    return this.stored.settled();
  }

  /**
   * Builds and stores the view of every product that has none (after a bulk load: a fresh shop starts with
   * every view stored), `batch` products at a time.
   */
  async storeAllViews(batch = 500): Promise<void> {
    for (let after = 0; ;) {
      const ids = await this.stored.withoutView(after, batch);
      if (!ids.length) return;
      after = ids.at(-1)!;
      const { version } = await this.stored.storedViews(ids);
      if (version !== this.gen.sharedVersion) await this.refresh(Infinity);
      await this.stored.storeBuilt(ids, () => this.gen.sharedVersion ?? version);
      await this.settled();
    }
  }

  /** A kept list reply of the current catalogue (see `ProductLists.cachedList`). */
  cachedList(key: string, gzip = false): { body: Uint8Array<ArrayBuffer>; gzip: boolean } | undefined {
    return this.lists.cachedList(key, gzip);
  }

  /** Keeps a list reply built from `reads` (see `collect`: a change made meanwhile makes it stale at once). */
  storeList(key: string, body: Uint8Array<ArrayBuffer>, reads: CatalogReads): void {
    this.lists.storeList(key, body, reads);
  }

  /** Query → matching ids (one page) and the total (see `ProductLists.search`). */
  search(q: ProductListQuery, page: number, limit: number): Promise<{ ids: number[]; total: number }> {
    return this.lists.search(q, page, limit);
  }

  /**
   * A product's anonymous detail reply (see `DetailReplies.detail`); in another language than the default,
   * its view's bytes as they are (kept per language, compressed per request as other replies are).
   */
  async detail(
    id: number,
    gzip = false,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<{ body: Uint8Array<ArrayBuffer>; gzip: boolean } | undefined> {
    if (locale === DEFAULT_LOCALE) return this.details.detail(id, gzip);
    const [view] = await this.stored.viewsBytes([id], locale);
    return view && { body: detailBody(view), gzip: false };
  }

  productRows(ids: number[]): Promise<ProductTable[]> {
    return this.rows.productRows(ids);
  }

  views(ids: number[], opts: { wishlisted?: Set<number>; locale?: Locale } = {}): Promise<ProductView[]> {
    return this.rows.views(ids, opts);
  }

  additionalInformation(row: ProductTable, opts: { geometry?: boolean; locale?: Locale } = {}) {
    return additionalInformation(row, opts);
  }

  configurableConfig(row: ProductTable, locale: Locale = DEFAULT_LOCALE) {
    return configurableConfig(this.store, row, locale);
  }

  /** A value computed from the catalogue, built once per catalogue version (see `CatalogFacets.memo`). */
  memo<T>(key: string, build: () => Promise<T>): Promise<T> {
    return this.facets.memo(key, build);
  }

  /** A category's facet counts, kept and updated per changed product (see `CatalogFacets.counts`). */
  facetCounts(cat: CategoryRow | undefined) {
    return this.facets.counts(cat);
  }

  /**
   * Builds the in-memory indexes the first requests would otherwise build: every product's facet inputs (the
   * first facet ask reads them all) and the name index (the first search starts it).
   */
  async warm(): Promise<void> {
    await Promise.all([this.facets.counts(undefined), this.warmNameIndex()]);
  }

  /** Builds the name index now (the first search starts it otherwise; the database answers until then). */
  warmNameIndex(): Promise<void> {
    return this.lists.names?.warm() ?? Promise.resolve();
  }

  /** How the name index was built so far (undefined: searches ask the database). */
  get nameIndexStats(): NameIndexStats | undefined {
    return this.lists.names?.stats;
  }

  /** How the facet counts were built so far: whole-catalogue scans, products read again after a change. */
  get facetStats(): FacetStats {
    return this.facets.stats;
  }
}
