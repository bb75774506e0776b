import type { ProductListQuery } from "../../../src/api/contract/product";
import type { Store } from "../../db/store";
import { compressBody, GZIP_MIN_BYTES } from "../../lib/compress";
import type { CatalogCategories } from "./categories";
import type { CacheStats } from "./detail-bytes";
import type { CatalogGenerations, CatalogReads } from "./generations";
import { NameIndex } from "./name-index";
import { nameOnly, searchPlan, type SearchPlan } from "./search-plan";
import type { CompiledSql } from "./statements";

/** Matches from which a search's page is read by walking the sort's index (`SearchPlan.walk`, SQLite). */
const WALK_MIN_MATCHES = 500;

/** How many ids the ordered lists of all filter sets may hold together (4 bytes each). */
const LIST_ID_BUDGET = 2_000_000;

/**
 * Product lists: which products a filter set matches, in its order (`search`), and the kept list replies
 * (`cachedList`, `storeList`). Filter sets' plans, ordered ids and counts are kept per list generation;
 * those that read sale counts go with any stock change (`dropSales`).
 */
export class ProductLists {
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
  /** searches asked for once at this catalogue version (counted and paged; the second time, listed) */
  private searchedOnce = new Set<string>();
  /** searches by name alone, answered from memory (decision 058); null: every search asks the database */
  readonly names: NameIndex | null;
  private listCache = new Map<
    string,
    { reads: CatalogReads; body: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }
  >();

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
    private readonly categories: CatalogCategories,
    private readonly stats: CacheStats,
    private readonly listCacheSize: number,
    /** a filter set with more matches than this is counted and paged with OFFSET instead (0: always) */
    private readonly maxListIds: number,
    /** matches from which a search's page walks the sort's index (`SearchPlan.walk`) */
    private readonly walkMinMatches = WALK_MIN_MATCHES,
    /** whether searches by name alone are answered from memory (`NameIndex`) */
    nameIndex = true,
  ) {
    this.names = nameIndex ? new NameIndex(store, gen) : null;
  }

  /** The catalogue changed (anything but stock): every count, filter set and kept reply goes. */
  clear(): void {
    this.countCache.clear();
    this.idLists.clear();
    this.idListTotal = 0;
    this.searchedOnce.clear();
    this.listCache.clear();
  }

  /** The categories changed: the compiled plans (which name them) go. */
  clearPlans(): void {
    this.plans.clear();
    this.pagePlans.clear();
  }

  /** Some stock or sale counts changed: the filter sets and counts that read sale counts go. */
  dropSales(): void {
    for (const [key, list] of this.idLists)
      if (list.sales) {
        this.idLists.delete(key);
        this.idListTotal -= list.ids.length;
      }
    for (const [key, count] of this.countCache) if (count.sales) this.countCache.delete(key);
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
    const byName = this.names && nameOnly(q);
    if (byName) {
      const found = await this.names!.search(byName.text, byName.desc, (page - 1) * limit, limit);
      if (found) return found;
    }
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
      plan = await searchPlan(this.store, this.categories, q);
      if (key !== undefined) {
        if (this.plans.size >= 5000) this.plans.clear();
        this.plans.set(key, plan);
      }
    }
    const offset = (page - 1) * limit;
    if (plan.sales) this.gen.noteReads([], true);
    const list = this.firstSearch(plan) ? undefined : await this.idList(plan);
    if (list) return { ids: Array.from(list.subarray(offset, offset + limit)), total: list.length };

    const [version, stock] = [this.gen.version, this.gen.stockGen];
    let total = this.countCache.get(plan.countKey)?.n;
    if (total === undefined) {
      total =
        (
          await this.gen.singleFlight(
            `count\n${plan.countKey}`,
            () => this.store.firstCompiled<{ n: number }>(plan.count),
            plan.sales,
          )
        )?.n ?? 0;
      if (version === this.gen.version && (!plan.sales || stock === this.gen.stockGen)) {
        if (this.countCache.size > 5000) this.countCache.clear();
        this.countCache.set(plan.countKey, { n: total, sales: plan.sales });
      }
    }
    const walk = plan.walk && total >= this.walkMinMatches ? plan.walk : undefined;
    const pageKey = `${plan.allKey}\n${offset}\n${limit}\n${walk ? "walk" : ""}`;
    let paged = this.pagePlans.get(pageKey);
    if (!paged) {
      paged = (walk ?? plan.page)(offset, limit);
      if (this.pagePlans.size >= 5000) this.pagePlans.clear();
      this.pagePlans.set(pageKey, paged);
    }
    const ids = (await this.store.allCompiled<{ id: number }>(paged)).map((r) => r.id);
    return { ids, total };
  }

  /**
   * True the first time a search (a text term) is asked for at this catalogue version: it is then counted
   * (from the text's index alone where it can) and its page read with LIMIT, the database's top-N, instead of
   * reading and ordering every match to keep them. Most terms are asked for once (issue 38: a term matching a
   * tenth of the catalogue cost a sort of all its matches); a term asked for again is listed and kept.
   */
  private firstSearch(plan: SearchPlan): boolean {
    if (!plan.text || this.idLists.has(plan.allKey) || this.searchedOnce.has(plan.allKey)) return false;
    if (this.searchedOnce.size >= 20_000) this.searchedOnce.clear();
    this.searchedOnce.add(plan.allKey);
    return true;
  }

  /** The filter set's ordered ids at this catalogue version, or undefined when there are too many to keep. */
  private async idList(plan: SearchPlan): Promise<Int32Array | undefined> {
    const hit = this.idLists.get(plan.allKey);
    if (hit) return hit.ids;
    if (this.maxListIds <= 0 || this.largeSets.has(plan.allKey)) return undefined;
    const [version, stock] = [this.gen.version, this.gen.stockGen];
    const rows = await this.gen.singleFlight(
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
    if (version === this.gen.version && (!plan.sales || stock === this.gen.stockGen)) {
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
   * A kept list reply of the current catalogue; gzip: compressed, once per kept reply (browsers always ask,
   * and compressing a list costs about as much CPU as serving it).
   */
  cachedList(key: string, gzip = false): { body: Uint8Array<ArrayBuffer>; gzip: boolean } | undefined {
    const hit = this.listCache.get(key);
    if (!hit || !this.gen.isCurrent(hit.reads)) {
      this.stats.list.misses++;
      if (hit) this.listCache.delete(key);
      return undefined;
    }
    this.stats.list.hits++;
    this.gen.noteReads(hit.reads.ids, hit.reads.sales);
    if (!gzip || hit.body.length <= GZIP_MIN_BYTES) return { body: hit.body, gzip: false };
    hit.gzip ??= compressBody(hit.body, "gzip", "kept");
    return { body: hit.gzip, gzip: true };
  }

  /** Keeps a list reply built from `reads` (see `collect`: a change made meanwhile makes it stale at once). */
  storeList(key: string, body: Uint8Array<ArrayBuffer>, reads: CatalogReads): void {
    if (this.listCacheSize <= 0) return;
    if (this.listCache.size >= this.listCacheSize) this.listCache.clear();
    this.listCache.set(key, { reads, body });
  }
}
