import type { Store } from "../../db/store";
import { ChangeLog } from "./change-log";
import type { CatalogGenerations } from "./generations";

/** Past this many products changed at once, the index is built again rather than patched. */
const PATCH_MAX = 256;

/** Products indexed per turn of the event loop while the index is built (other requests go in between). */
const BUILD_SLICE = 4096;

/** How many times one search brings the index up to date while the catalogue keeps changing. */
const SYNC_ROUNDS = 3;

/** Up to this many results before the page's end, the page is picked from the matches; past it, all are sorted. */
const PICK_MAX = 256;

/** What the index was built from so far (read by tests). */
export interface NameIndexStats {
  /** whole-catalogue reads (the first search, or a change too large to patch) */
  builds: number;
  /** products read again after a change */
  products: number;
}

/** A search's page of ids and its total; undefined: the index does not answer it (the database does). */
export type IndexedSearch = { ids: number[]; total: number } | undefined;

/**
 * Search by name from memory (issue 38 item 4, decision 058). A search with no other filter, in the list's
 * default order (newest first, or its reverse), is Bagisto's `name LIKE %term%`: any substring of the name,
 * case-insensitive, `%` and `_` literal. Counting the matches of a common term is what cost the database
 * (PostgreSQL's trigram index cannot count without reading every match's row); this index answers the count
 * and the page without a statement.
 *
 * Every product's name (in lower case) and creation time are kept, with a list of product ids per trigram of
 * the names. A term's candidates are the ids on the lists of its trigrams (two shortest intersected); each is
 * then tested with `includes`, so the answer is exactly the substring rule, whatever the trigrams say. The
 * order is the database's: `created_at` compared as text (ISO times, the "C" order), then id.
 *
 * Kept up to date as the facet counts are (`CatalogFacets`): after a catalogue change, the products the
 * facet log names (migration 0024 adds name and creation time to what it watches) are read again. The
 * index is built by the first search (or `warm`), and again after a change this instance may have missed or
 * one too large to patch; while it is being built the database answers, so no search waits for it.
 *
 * Left to the database: terms of fewer than three characters (no trigram), terms with any character outside
 * printable ASCII (where the databases' case folding may differ from JavaScript's), and catalogues whose ids
 * are too sparse for arrays by id.
 */
export class NameIndex {
  /** by product id: the name in lower case, undefined for no product */
  private names: (string | undefined)[] = [];
  /** by product id: `created_at` as stored */
  private created: (string | undefined)[] = [];
  /** trigram (three 7-bit codes) → ids of the products whose name holds it, ascending */
  private postings = new Map<number, number[]>();
  /** by product id: its position in (created_at, id) ascending order; ranks of removed products stay holes */
  private rank = new Int32Array(0);
  /** by rank: the product id (0: a hole); `ranks` of its slots are in use */
  private byRank = new Int32Array(0);
  private ranks = 0;
  /** the ranks are to be computed again (a creation time changed, or a product came in before the newest) */
  private ranksStale = true;
  private size = 0;
  private maxId = 0;
  private built = false;
  /** the list generation the index was brought up to date at */
  private syncedAt = -1;
  private syncing: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  private readonly log: ChangeLog;
  readonly stats: NameIndexStats = { builds: 0, products: 0 };

  constructor(
    private readonly store: Store,
    private readonly gen: CatalogGenerations,
  ) {
    this.log = new ChangeLog(store, "facet_log");
  }

  /** Whether the index answers a search for this text (see the class comment). */
  static answers(text: string): boolean {
    return text.length >= 3 && /^[\x20-\x7e]+$/.test(text);
  }

  /**
   * The ids of page `offset`/`limit` of the products whose name contains `text`, newest first (`desc`) or
   * oldest first, and how many there are.
   */
  async search(text: string, desc: boolean, offset: number, limit: number): Promise<IndexedSearch> {
    if (!NameIndex.answers(text)) return undefined;
    if (this.built) await this.sync();
    // Not built yet, or being built again after a large change: the database answers meanwhile.
    if (!this.built) {
      void this.warm();
      return undefined;
    }
    if (this.maxId > 4 * this.size + 65_536) return undefined;
    if (this.ranksStale) this.computeRanks();
    const term = text.toLowerCase();
    const lists: number[][] = [];
    for (let i = 0; i + 3 <= term.length; i++) {
      const list = this.postings.get(trigram(term, i));
      if (!list) return { ids: [], total: 0 };
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    // A three-character term is its one trigram: every id on its list holds it.
    const exact = term.length === 3;
    const first = lists[0]!;
    const second = lists.length > 1 ? lists[1]! : null;
    const want = offset + limit;
    const picked = new Picked(want <= PICK_MAX ? want : 0, desc);
    // The shortest list, walked alongside the second (an id on both may hold the term, then `includes`
    // says), in the order's direction: ranks mostly follow ids, so the page fills first and the rest of
    // the matches are only counted.
    let total = 0;
    const n = first.length;
    const m = second?.length ?? 0;
    for (let x = 0, j = desc ? m - 1 : 0; x < n; x++) {
      const id = first[desc ? n - 1 - x : x]!;
      if (second) {
        if (desc) while (j >= 0 && second[j]! > id) j--;
        else while (j < m && second[j]! < id) j++;
        if (j < 0 || j >= m) break;
        if (second[j] !== id) continue;
      }
      if (!exact && !this.names[id]!.includes(term)) continue;
      total++;
      picked.add(this.rank[id]!);
    }
    const ranks = picked.ranks();
    const ids: number[] = [];
    for (let i = offset; i < Math.min(want, ranks.length); i++) ids.push(this.byRank[ranks[i]!]!);
    return { ids, total };
  }

  /**
   * The list generation did not move, as the database's list version read at `at` says: the facet log holds
   * nothing new for this index as of then (see `CatalogFacets.unchangedAt`).
   */
  unchangedAt(at: number): void {
    if (this.built && this.syncedAt === this.gen.version && !this.syncing) this.log.unchangedAt(at);
  }

  /** Builds the index unless it is built or being built (in the background of the searches that start it). */
  warm(): Promise<void> {
    if (this.built) return Promise.resolve();
    this.building ??= this.build()
      .catch(() => {})
      .finally(() => (this.building = null));
    return this.building;
  }

  /** Brings the built index up to date with the list generation this instance has seen. */
  private async sync(): Promise<void> {
    for (let round = 0; round < SYNC_ROUNDS && this.built && this.syncedAt !== this.gen.version; round++) {
      this.syncing ??= this.syncOnce().finally(() => (this.syncing = null));
      await this.syncing;
    }
  }

  private async syncOnce(): Promise<void> {
    const version = this.gen.version;
    // Read after the list generation moved: the change that moved it is in the log by now.
    const rows = await this.log.read(false);
    const ids = rows && [...new Set(rows.map((r) => r.product_id))];
    if (ids === null || ids.includes(null) || ids.length > PATCH_MAX) {
      this.built = false;
      void this.warm();
      return;
    }
    if (ids.length) await this.patch(ids as number[]);
    this.syncedAt = version;
  }

  /**
   * Reads every product's name and creation time (the log's position first, as `CatalogFacets.scan`: what a
   * transaction this read does not see is patched in from the log at the next search).
   */
  private async build(): Promise<void> {
    const version = this.gen.version;
    this.stats.builds++;
    this.built = false;
    await this.log.read(true);
    const rows = await this.store.all(
      this.store.qb.selectFrom("products").select(["id", "name", "created_at"]).orderBy("id"),
    );
    this.names = [];
    this.created = [];
    this.postings = new Map();
    this.size = 0;
    this.maxId = 0;
    for (let at = 0; at < rows.length; at += BUILD_SLICE) {
      if (at) await new Promise((resolve) => setImmediate(resolve));
      for (const row of rows.slice(at, at + BUILD_SLICE)) this.add(row.id, row.name, row.created_at, false);
    }
    this.computeRanks();
    this.syncedAt = version;
    this.built = true;
  }

  /** These products' rows are read again and their entries replaced. */
  private async patch(ids: number[]): Promise<void> {
    this.stats.products += ids.length;
    const rows = await this.store.all(
      this.store.qb.selectFrom("products").select(["id", "name", "created_at"]).where("id", "in", ids),
    );
    const fresh = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = fresh.get(id);
      const existed = this.names[id] !== undefined;
      const sameTime = existed && row !== undefined && this.created[id] === row.created_at;
      if (sameTime && this.names[id] === row.name.toLowerCase()) continue;
      this.remove(id);
      if (row) this.add(id, row.name, row.created_at, true);
      // Same creation time: the same rank. A new one, or none: its old rank becomes a hole.
      if (sameTime || this.ranksStale) continue;
      if (existed) this.byRank[this.rank[id]!] = 0;
      if (row) this.rankNew(id);
    }
  }

  /** `sorted`: the id may fall anywhere in the lists (a patch), not only after every id so far (a build). */
  private add(id: number, name: string, created: string, sorted: boolean): void {
    const lower = name.toLowerCase();
    this.names[id] = lower;
    this.created[id] = created;
    this.size++;
    this.maxId = Math.max(this.maxId, id);
    for (const k of trigrams(lower)) {
      let list = this.postings.get(k);
      if (!list) this.postings.set(k, (list = []));
      if (!sorted) list.push(id);
      else list.splice(lowerBound(list, id), 0, id);
    }
  }

  private remove(id: number): void {
    const lower = this.names[id];
    if (lower === undefined) return;
    for (const k of trigrams(lower)) {
      const list = this.postings.get(k)!;
      list.splice(lowerBound(list, id), 1);
      if (!list.length) this.postings.delete(k);
    }
    this.names[id] = undefined;
    this.created[id] = undefined;
    this.size--;
  }

  /**
   * A product added or rewritten by a patch: it takes the next rank when it sorts after every product (the
   * usual new product), else every rank is computed again at the next search.
   */
  private rankNew(id: number): void {
    let last = this.ranks - 1;
    while (last >= 0 && this.byRank[last] === 0) last--;
    if (last >= 0 && this.compare(this.byRank[last]!, id) > 0) {
      this.ranksStale = true;
      return;
    }
    if (this.ranks === this.byRank.length) {
      const more = new Int32Array(Math.max(16, this.ranks * 2));
      more.set(this.byRank);
      this.byRank = more;
    }
    if (id >= this.rank.length) {
      const more = new Int32Array(Math.max(id + 1, this.rank.length * 2)).fill(-1);
      more.set(this.rank);
      this.rank = more;
    }
    this.byRank[this.ranks] = id;
    this.rank[id] = this.ranks++;
  }

  private compare(a: number, b: number): number {
    const ca = this.created[a]!;
    const cb = this.created[b]!;
    return ca < cb ? -1 : ca > cb ? 1 : a - b;
  }

  private computeRanks(): void {
    const ids: number[] = [];
    for (let id = 0; id < this.names.length; id++) if (this.names[id] !== undefined) ids.push(id);
    ids.sort((a, b) => this.compare(a, b));
    this.rank = new Int32Array(this.maxId + 1).fill(-1);
    this.byRank = Int32Array.from(ids);
    this.ranks = ids.length;
    ids.forEach((id, i) => (this.rank[id] = i));
    this.ranksStale = false;
  }
}

/** The trigram at `i` as one number; -1 when it holds a character past 7 bits (no searched term has one). */
function trigram(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  const c = s.charCodeAt(i + 2);
  return (a | b | c) > 127 ? -1 : (a << 14) | (b << 7) | c;
}

/** A name's distinct trigrams that a searched term can have. */
function trigrams(s: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 3 <= s.length; i++) {
    const k = trigram(s, i);
    if (k >= 0) out.add(k);
  }
  return out;
}

function lowerBound(list: number[], id: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The first `want` ranks in the order (highest first when `desc`) of those added, kept in a small sorted
 * buffer; `want` 0: every rank is kept and sorted at the end (a deep page).
 */
export class Picked {
  private best: Int32Array;
  private size = 0;
  private all: number[] | null;

  constructor(
    private readonly want: number,
    private readonly desc: boolean,
  ) {
    this.best = new Int32Array(want);
    this.all = want ? null : [];
  }

  add(r: number): void {
    if (this.all) {
      this.all.push(r);
      return;
    }
    const { best, want } = this;
    // Two copies of one insertion, one per direction: no comparison function called per match.
    if (this.desc) {
      if (this.size === want && r <= best[want - 1]!) return;
      let at = this.size < want ? this.size++ : want - 1;
      for (; at > 0 && r > best[at - 1]!; at--) best[at] = best[at - 1]!;
      best[at] = r;
    } else {
      if (this.size === want && r >= best[want - 1]!) return;
      let at = this.size < want ? this.size++ : want - 1;
      for (; at > 0 && r < best[at - 1]!; at--) best[at] = best[at - 1]!;
      best[at] = r;
    }
  }

  ranks(): Int32Array {
    if (!this.all) return this.best.subarray(0, this.size);
    const all = Int32Array.from(this.all).sort();
    return this.desc ? all.reverse() : all;
  }
}
