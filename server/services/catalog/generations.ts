import { AsyncLocalStorage } from "node:async_hooks";

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

/** How many products' last stock change is remembered; past that, every product counts as changed. */
const CHANGED_PRODUCTS_KEPT = 100_000;

/**
 * The catalogue's generations in this instance, which every cache of it is keyed or checked by: the list
 * generation (anything but stock and sale counts changed), the stock generation (some products' stock or
 * sale counts changed) with the generation of each product's last stock change, the database's catalogue
 * version the caches hold, what the reply being built reads (`collect`), and the fills under way per
 * generation (`singleFlight`).
 */
export class CatalogGenerations {
  /**
   * The list generation: bumped when anything but stock and sale counts changes (here, or anywhere: see
   * `Catalog.refresh`); what filter sets, counts, facet counts and plans are built from.
   */
  version = 0;
  /** The stock generation: bumped whenever some products' stock or sale counts change. */
  stockGen = 0;
  /** The database's catalogue version (bumped by a trigger on every catalogue change) the caches hold. */
  sharedVersion: number | null = null;
  /** The stock generation of each product's last stock change (since the last list change). */
  private changedAt = new Map<number, number>();
  /** The stock generation at which every product's stock counts as changed (a change this instance missed). */
  private allChangedAt = 0;
  /** The reads of the reply or page being built in this async context (`collect`). */
  private reading = new AsyncLocalStorage<CatalogReads>();
  /**
   * Cache fills under way, per key and catalogue generation (single-flight): requests that miss the same
   * entry at once wait for one fill instead of each running its scan (a change would otherwise make every
   * concurrent request scan again).
   */
  private fills = new Map<string, Promise<unknown>>();

  /** Anything but stock changed: a new list generation, and no product's stock change is remembered. */
  listChanged(): void {
    this.version++;
    this.changedAt.clear();
  }

  /**
   * Some products' stock or sale counts changed (null: any product's may have): a new stock generation.
   * Answers true when every product counts as changed (null, or more than are remembered).
   */
  stockChanged(productIds: number[] | null): boolean {
    const gen = ++this.stockGen;
    if (productIds === null || this.changedAt.size + productIds.length > CHANGED_PRODUCTS_KEPT) {
      this.allChangedAt = gen;
      this.changedAt.clear();
      return true;
    }
    for (const id of productIds) this.changedAt.set(id, gen);
    return false;
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
  unchanged(id: number, list: number, stock: number): boolean {
    return this.unchangedSince(list, stock) && (this.changedAt.get(id) ?? 0) <= stock;
  }

  noteReads(ids: Iterable<number>, sales = false): void {
    const reads = this.reading.getStore();
    if (!reads) return;
    for (const id of ids) reads.ids.add(id);
    if (sales) reads.sales = true;
  }

  /** One fill per key and catalogue generation at a time; whoever asks meanwhile gets that fill's value. */
  singleFlight<T>(key: string, fill: () => Promise<T>, stock = false): Promise<T> {
    const k = `${this.version}/${stock ? this.stockGen : ""}\n${key}`;
    const running = this.fills.get(k);
    if (running) return running as Promise<T>;
    const p = fill().finally(() => {
      if (this.fills.get(k) === p) this.fills.delete(k);
    });
    this.fills.set(k, p);
    return p;
  }
}
