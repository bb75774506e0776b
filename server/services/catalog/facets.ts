import { sql } from "kysely";
import type { Store } from "../../db/store";
import type { CategoryRow } from "./categories";
import { ChangeLog } from "./change-log";
import type { CatalogGenerations } from "./generations";
import { compiled } from "./statements";

/** How many of the most recently asked memos (facet counts) a catalogue change refills in the background. */
const MEMOS_REFILLED = 50;

/** How many times one ask brings the facet inputs up to date while the catalogue keeps changing. */
const SYNC_ROUNDS = 3;

/** One product's facet inputs as read: its categories, its variants' colour and size options, its tags, its price. */
interface Inputs {
  cats: number[];
  colors: number[];
  sizes: number[];
  /** indexes into `CatalogFacets.tagNames` */
  tags: number[];
  /** null: no product row (variants or links of a product being written) */
  price: number | null;
}

/**
 * The same, packed into one array to keep 100k products in a few MB rather than tens:
 * `[price (NaN: none), categories, colours, sizes, ...categories, ...colours, ...sizes, ...tags]`, the second
 * to fourth items being how many of each follow.
 */
type FacetEntry = number[];

/** The facet counts of a category (or of the whole catalogue), kept and updated product by product. */
interface Counts {
  colors: Map<number, number>;
  sizes: Map<number, number>;
  tags: Map<string, number>;
  /** the selling price range; undefined: to be found again (a product at one of its ends changed) */
  price: { min: number; max: number } | null | undefined;
}

/** What the facet counts were built from so far (read by tests and /metrics alike). */
export interface FacetStats {
  /** whole-catalogue reads of the facet inputs (the first ask, or a change too large to read product by product) */
  scans: number;
  /** products whose facet inputs were read again after a change */
  products: number;
}

/**
 * The filter panel's facet counts (`counts`), and values computed from the catalogue kept until it changes
 * (`memo`: the facet reply).
 *
 * Every product's facet inputs (categories, colour and size options, tags, selling price) are kept in
 * memory, read once with one scan per table. After a catalogue change (a new list generation) the first
 * ask reads the facet log (migration 0023): only the products a transaction wrote the facet inputs of are
 * read again, and each kept count moves by the product's old and new contribution. A change this instance
 * may have missed (too many products, a TRUNCATE, an instance that did not read the log for half an hour)
 * reads everything again. Counts therefore equal what a scan of the database would answer as soon as the
 * change that moved the list generation is seen, on every instance, without a scan per change.
 */
export class CatalogFacets {
  /** Values computed from the catalogue (facet counts), kept until it changes. */
  private memos = new Map<string, unknown>();
  /** How each recently asked memo is built, most recent last: refilled in the background after a change. */
  private memoBuilders = new Map<string, () => Promise<unknown>>();
  private readonly log: ChangeLog;
  /** every product's facet inputs, by id; null until the first ask */
  private entries: Map<number, FacetEntry> | null = null;
  /** counts per category id ("all": the whole catalogue), built from `entries` on first ask */
  private kept = new Map<number | "all", Counts>();
  /** the list generation `entries` were brought up to date at */
  private syncedAt = -1;
  private syncing: Promise<void> | null = null;
  /** the tags products carry, each once (entries name them by index) */
  private tagNames: string[] = [];
  private tagIndex = new Map<string, number>();
  readonly stats: FacetStats = { scans: 0, products: 0 };

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
  ) {
    this.log = new ChangeLog(store, "facet_log");
  }

  /** The catalogue changed: every memo goes, and the most recently asked are built again. */
  clear(): void {
    this.memos.clear();
    this.refill();
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
    const version = this.gen.version;
    return await this.gen.singleFlight(`memo\n${key}`, async () => {
      const value = await build();
      if (version === this.gen.version) {
        if (this.memos.size >= 1000) this.memos.clear();
        this.memos.set(key, value);
      }
      return value;
    });
  }

  /**
   * After a catalogue change, the most recently asked memos (facet counts) are built again at once, in the
   * background, so the requests that follow find them built or being built (`singleFlight`).
   */
  private refill(): void {
    if (!this.memoBuilders.size) return;
    const builders = [...this.memoBuilders];
    setImmediate(() => {
      for (const [key, build] of builders) void this.memo(key, build).catch(() => {});
    });
  }

  /**
   * A category's facet counts (the whole catalogue's for the root, a top-level category or none): products
   * per colour and per size option, products per tag, and the selling price range.
   */
  async counts(cat: CategoryRow | undefined) {
    await this.sync();
    const key = cat && cat.parent_id !== null ? cat.id : "all";
    let counts = this.kept.get(key);
    if (!counts) {
      counts = { colors: new Map(), sizes: new Map(), tags: new Map(), price: undefined };
      for (const entry of this.entries!.values())
        if (inCategory(entry, key)) add(counts, entry, 1, this.tagNames);
      this.kept.set(key, counts);
    }
    if (counts.price === undefined) {
      counts.price = null;
      for (const entry of this.entries!.values())
        if (inCategory(entry, key) && !Number.isNaN(entry[0]!)) widen(counts, entry[0]!);
    }
    return {
      colorCounts: counts.colors,
      sizeCounts: counts.sizes,
      tags: [...counts.tags].map(([tag, n]) => ({ tag, n })),
      price: counts.price ?? undefined,
    };
  }

  /**
   * The list generation did not move, as the database's list version read at `at` (epoch ms) says: every
   * write of a facet input moves it, so when these inputs are up to date with the current generation the
   * facet log holds nothing new as of then (`ChangeLog.unchangedAt`).
   */
  unchangedAt(at: number): void {
    if (this.entries && this.syncedAt === this.gen.version && !this.syncing) this.log.unchangedAt(at);
  }

  /**
   * Brings the facet inputs up to date with the list generation this instance has seen (one sync at a
   * time; whoever asks meanwhile waits for it).
   */
  private async sync(): Promise<void> {
    for (let round = 0; round < SYNC_ROUNDS && this.syncedAt !== this.gen.version; round++) {
      this.syncing ??= this.syncOnce().finally(() => (this.syncing = null));
      await this.syncing;
    }
  }

  private async syncOnce(): Promise<void> {
    const version = this.gen.version;
    if (this.entries === null) await this.scan();
    else {
      // Read after the list generation moved: the change that moved it is in the log by now.
      const rows = await this.log.read(false);
      if (rows === null || rows.some((r) => r.product_id === null)) await this.scan();
      else if (rows.length) await this.update([...new Set(rows.map((r) => r.product_id!))]);
    }
    this.syncedAt = version;
  }

  /**
   * Reads every product's facet inputs. The log's position is taken first: a transaction this scan does
   * not see is read from the log next time (updates read current rows, so reading one twice is harmless).
   */
  private async scan(): Promise<void> {
    this.stats.scans++;
    await this.log.read(true);
    this.entries = await this.read();
    this.kept.clear();
  }

  /** The products' facet inputs are read again; each kept count moves by their old and new contribution. */
  private async update(ids: number[]): Promise<void> {
    this.stats.products += ids.length;
    const fresh = await this.read(ids);
    const entries = this.entries!;
    for (const id of ids) {
      const before = entries.get(id);
      const after = fresh.get(id);
      for (const [key, counts] of this.kept) {
        if (before && inCategory(before, key)) {
          add(counts, before, -1, this.tagNames);
          // A product at one end of the range leaves it: the range is found again at the next ask.
          if (counts.price && [counts.price.min, counts.price.max].includes(before[0]!))
            counts.price = undefined;
        }
        if (after && inCategory(after, key)) {
          add(counts, after, 1, this.tagNames);
          if (counts.price !== undefined && !Number.isNaN(after[0]!)) widen(counts, after[0]!);
        }
      }
      if (after) entries.set(id, after);
      else entries.delete(id);
    }
  }

  /** The facet inputs of these products (all: every product), one query per table. */
  private async read(ids?: number[]): Promise<Map<number, FacetEntry>> {
    const { store } = this;
    const db = store.qb;
    const read = new Map<number, Inputs>();
    const entry = (id: number) => {
      let e = read.get(id);
      if (!e) read.set(id, (e = { cats: [], colors: [], sizes: [], tags: [], price: null }));
      return e;
    };
    const products = db
      .selectFrom("products")
      .select(["id", "final_price"])
      .$if(!!ids, (q) => q.where("id", "in", ids!));
    for (const p of await store.all(products)) entry(p.id).price = p.final_price;
    // One row per product (about 15 variants each in the sample generator): the distinct options are
    // gathered by the database, not sent variant by variant.
    const agg =
      store.dialect === "postgres"
        ? sql`string_agg(distinct color_option_id::text, ',') as colors, string_agg(distinct size_option_id::text, ',') as sizes`
        : sql`group_concat(distinct color_option_id) as colors, group_concat(distinct size_option_id) as sizes`;
    const variants = await store.all<{ product_id: number; colors: string | null; sizes: string | null }>(
      compiled(
        sql`select product_id, ${agg} from product_variants
          ${ids ? sql`where product_id in (${sql.join(ids)})` : sql``} group by product_id`,
        store,
      ),
    );
    for (const v of variants) {
      const e = entry(v.product_id);
      e.colors = (v.colors ?? "").split(",").filter(Boolean).map(Number);
      e.sizes = (v.sizes ?? "").split(",").filter(Boolean).map(Number);
    }
    const links = db
      .selectFrom("product_categories")
      .select(["product_id", "category_id"])
      .$if(!!ids, (q) => q.where("product_id", "in", ids!));
    for (const c of await store.all(links)) entry(c.product_id).cats.push(c.category_id);
    const tags = db
      .selectFrom("product_tags")
      .select(["product_id", "tag"])
      .$if(!!ids, (q) => q.where("product_id", "in", ids!));
    for (const t of await store.all(tags)) {
      let i = this.tagIndex.get(t.tag);
      if (i === undefined) {
        this.tagIndex.set(t.tag, (i = this.tagNames.length));
        this.tagNames.push(t.tag);
      }
      entry(t.product_id).tags.push(i);
    }
    const entries = new Map<number, FacetEntry>();
    for (const [id, e] of read) {
      // Allocated at its size (a literal with spreads keeps spare room: half as much memory again).
      const parts = [e.cats, e.colors, e.sizes, e.tags];
      const packed: FacetEntry = new Array<number>(4 + parts.reduce((n, p) => n + p.length, 0));
      packed[0] = e.price ?? NaN;
      packed[1] = e.cats.length;
      packed[2] = e.colors.length;
      packed[3] = e.sizes.length;
      let at = 4;
      for (const part of parts) for (const n of part) packed[at++] = n;
      entries.set(id, packed);
    }
    return entries;
  }
}

function inCategory(entry: FacetEntry, key: number | "all"): boolean {
  if (key === "all") return true;
  for (let i = 4, end = 4 + entry[1]!; i < end; i++) if (entry[i] === key) return true;
  return false;
}

/** Adds (`by` 1) or takes away (-1) a product's counts; a count that reaches none goes, as a scan would not name it. */
function add(counts: Counts, entry: FacetEntry, by: 1 | -1, tagNames: string[]): void {
  const bump = <K>(map: Map<K, number>, k: K) => {
    const n = (map.get(k) ?? 0) + by;
    if (n > 0) map.set(k, n);
    else map.delete(k);
  };
  const colors = 4 + entry[1]!;
  const sizes = colors + entry[2]!;
  const tags = sizes + entry[3]!;
  for (let i = colors; i < sizes; i++) bump(counts.colors, entry[i]!);
  for (let i = sizes; i < tags; i++) bump(counts.sizes, entry[i]!);
  for (let i = tags; i < entry.length; i++) bump(counts.tags, tagNames[entry[i]!]!);
}

function widen(counts: Counts, price: number): void {
  counts.price = counts.price
    ? { min: Math.min(counts.price.min, price), max: Math.max(counts.price.max, price) }
    : { min: price, max: price };
}
