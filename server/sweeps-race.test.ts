import type { Compilable } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Store } from "./db/store";
import { KEPT, SWEEP_LEASE, SWEEP_LEASE_MS, sweepOnce } from "./lib/sweeps";
import { makeStorePair, seeded, testDialect } from "./test-utils";

/**
 * Issue 36: the data-hygiene sweep runs in one instance at a time under its lease (lib/leases.ts), however
 * many instances start one at the same moment. Two instances on one database (two pools on one PostgreSQL
 * database in the `postgres` project; in the `unit` project one SQLite connection shared by both, as in
 * concurrency.test.ts) each start several sweeps at once, in an order shuffled by a seeded generator, over
 * several rounds of freshly seeded rows; what the database holds tells whether one holder ran each sweep.
 */

const ROUNDS = 4;
/** The sweeps each instance starts at once in a round. */
const CALLS = 8;
/** A small batch: each sweep is many short statements, between which the racing sweeps interleave. */
const BATCH = 4;
const DAY = 24 * 60 * 60 * 1000;

let stores: Store[] = [];
async function twoInstances(): Promise<[Store, Store]> {
  const [a, b] = await makeStorePair();
  stores.push(a);
  if (b !== a) stores.push(b);
  return [a, b];
}
afterAll(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

/** `store` with its `run` replaced (what a sweep and its lease go through); everything else as it is. */
function withRun(store: Store, run: (q: Compilable<unknown>) => Promise<{ changes: number }>): Store {
  return new Proxy(store, {
    get: (target, key) => {
      if (key === "run") return run;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const isClaim = (sql: string) => /^update "leases" set "holder"/.test(sql);
const isRelease = (sql: string) => /^update "leases" set "until_ms"/.test(sql);
const isDelete = (sql: string) => /^delete from/.test(sql);

/** The sweep's lease as the database holds it. */
async function leaseRow(store: Store): Promise<{ holder: string | undefined; until: number }> {
  const [row] = await store.raw<{ holder: string; until_ms: number | string }>(
    "select holder, until_ms from leases where name = ?",
    [SWEEP_LEASE],
  );
  return { holder: row?.holder, until: Number(row?.until_ms) };
}

/** What the racing sweeps of one round did, as their statements reached the database. */
interface Race {
  now: number;
  /** the holders whose claim took the lease, in the order they took it */
  winners: string[];
  /** sweeps between their claim and their release, now; `most`: the most at any moment */
  active: number;
  most: number;
  /** the deletes run while the lease row named another holder, or had run out */
  faults: string[];
}

/**
 * `store` as one sweep sees it, watched: before each of its deletes the lease row is read from the database,
 * and must name this sweep's holder (the one its claim wrote) with an expiry still to come.
 */
function watched(store: Store, race: Race): Store {
  let holder: string | undefined;
  let won = false;
  return withRun(store, async (q) => {
    const { sql, parameters } = q.compile();
    if (isClaim(sql)) holder = String(parameters[0]);
    if (isRelease(sql) && won) race.active--;
    if (isDelete(sql)) {
      const lease = await leaseRow(store);
      if (lease.holder !== holder || !(lease.until > race.now))
        race.faults.push(
          `${holder} deleted while the lease was ${JSON.stringify(lease)}: ${sql.slice(0, 30)}…`,
        );
    }
    const result = await store.run(q);
    if (isClaim(sql) && result.changes === 1) {
      won = true;
      race.winners.push(holder!);
      race.most = Math.max(race.most, ++race.active);
    }
    return result;
  });
}

/** Rows past their keeping, `old` of each kind a sweep deletes here, and `kept` of each that it keeps. */
async function seedRows(store: Store, now: number, tag: string, old: number, kept: number) {
  const at = (ms: number) => new Date(now + ms).toISOString();
  const rows = Array.from({ length: old + kept }, (_, i) => i < old);
  const values = (n: number) =>
    Array.from({ length: rows.length }, () => `(${"?, ".repeat(n - 1)}?)`).join(", ");
  await store.rawRun(
    `insert into otp_codes (phone, code_hash, attempts, expires_at, consumed_at, created_at) values ${values(6)}`,
    rows.flatMap((expired, i) => {
      const expires = expired ? at(-2 * DAY) : at(10 * 60_000);
      return [`+44770${tag}${String(i).padStart(4, "0")}`, "x", 0, expires, null, at(-3 * DAY)];
    }),
  );
  await store.rawRun(
    `insert into contact_requests (name, email, phone, subject, message, created_at) values ${values(6)}`,
    rows.flatMap((expired, i) => [
      `Rider ${tag}-${i}`,
      "rider@example.com",
      null,
      null,
      "hello",
      at(expired ? -400 * DAY : -DAY),
    ]),
  );
  await store.rawRun(
    `insert into stock_log (product_id, at) values ${values(2)}`,
    rows.flatMap((expired) => [36, now - (expired ? 2 * 60 * 60_000 : 60_000)]),
  );
}

/** How many rows of each seeded kind a sweep at `now` deletes, and how many rows those tables hold. */
async function tally(store: Store, now: number) {
  const count = async (sql: string, params: (string | number)[] = []) =>
    Number((await store.raw<{ n: number | string }>(sql, params))[0]!.n);
  const before = (ms: number) => new Date(now - ms).toISOString();
  return {
    codes: await count("select count(*) as n from otp_codes where expires_at <= ?", [before(KEPT.codesMs)]),
    contact: await count("select count(*) as n from contact_requests where created_at <= ?", [
      before(KEPT.contactMs),
    ]),
    stockLog: await count("select count(*) as n from stock_log where at < ?", [now - KEPT.stockLogMs]),
    rows:
      (await count("select count(*) as n from otp_codes")) +
      (await count("select count(*) as n from contact_requests")) +
      (await count("select count(*) as n from stock_log")),
  };
}

type Tally = Awaited<ReturnType<typeof tally>>;

/** Starts a sweep at `now` in each instance of `order` (an index into `instances`), all at once. */
async function raceSweeps(instances: Store[], order: number[], now: number) {
  const race: Race = { now, winners: [], active: 0, most: 0, faults: [] };
  const settled = await Promise.allSettled(
    order.map((i) => sweepOnce(watched(instances[i]!, race), now, BATCH)),
  );
  return { race, settled };
}

/**
 * One holder ran each sweep: no sweep failed, only those whose claim took the lease swept, never two at
 * once, each delete ran while the database named its holder, every row past its keeping went once (the
 * sweeps' counts add up to what there was) and every other row is still there; the lease row names the last
 * holder and was given back.
 */
async function expectOneHolderAtATime(
  db: Store,
  raced: Awaited<ReturnType<typeof raceSweeps>>,
  before: Tally,
) {
  const { race, settled } = raced;
  expect(settled.filter((s) => s.status === "rejected")).toEqual([]);
  const swept = settled.flatMap((s) => (s.status === "fulfilled" && s.value ? [s.value] : []));
  expect(race.faults).toEqual([]);
  expect(race.most).toBe(1);
  expect(race.winners.length).toBeGreaterThan(0);
  expect(swept).toHaveLength(race.winners.length);
  expect(new Set(race.winners).size).toBe(race.winners.length);
  const total = (key: "codes" | "contact" | "stockLog") => swept.reduce((n, counts) => n + counts[key]!, 0);
  expect({ codes: total("codes"), contact: total("contact"), stockLog: total("stockLog") }).toEqual({
    codes: before.codes,
    contact: before.contact,
    stockLog: before.stockLog,
  });
  expect(await tally(db, race.now)).toEqual({
    codes: 0,
    contact: 0,
    stockLog: 0,
    rows: before.rows - before.codes - before.contact - before.stockLog,
  });
  expect(await leaseRow(db)).toEqual({ holder: race.winners.at(-1), until: 0 });
}

describe(`the sweep's lease under two instances (${testDialect})`, () => {
  it("lets one sweep run at a time when two instances start many at the same moment, and each old row goes once", async () => {
    const instances = await twoInstances();
    const rng = seeded(36_101);
    const start = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const now = start + round * 1000;
      await seedRows(instances[0], now, `1${round}`, rng.pick([6, 9, 13, 17]), rng.pick([2, 3, 5]));
      const before = await tally(instances[0], now);
      expect(before.codes).toBeGreaterThan(BATCH);
      const order = rng.shuffle([...Array<number>(CALLS).fill(0), ...Array<number>(CALLS).fill(1)]);
      await expectOneHolderAtATime(instances[1], await raceSweeps(instances, order, now), before);
    }
  });

  it("leaves a lease held by a stopped instance alone until it runs out, then one sweep of the other takes it over", async () => {
    const [stopping, other] = await twoInstances();
    const now = Date.now();
    await seedRows(other, now, "20", 10, 3);
    // The stopping instance takes the lease and stops in the middle of its sweep: nothing after its claim
    // comes back (its first delete never answers), and it never gives the lease back.
    let stopped!: () => void;
    const atStop = new Promise<void>((resolve) => (stopped = resolve));
    const frozen = withRun(stopping, async (q) => {
      if (!isDelete(q.compile().sql)) return await stopping.run(q);
      stopped();
      return await new Promise<never>(() => {});
    });
    void sweepOnce(frozen, now, BATCH);
    await atStop;
    const held = await leaseRow(other);
    expect(held.until).toBe(now + SWEEP_LEASE_MS);
    expect(held.holder).toBeTruthy();
    const untouched = await tally(other, now);

    // Before it runs out, every sweep of the other instance skips its turn, and nothing is deleted.
    const early = await raceSweeps([other], Array<number>(CALLS).fill(0), now + SWEEP_LEASE_MS - 1);
    expect(early.settled).toEqual(Array(CALLS).fill({ status: "fulfilled", value: null }));
    expect(early.race.winners).toEqual([]);
    expect(await tally(other, now)).toEqual(untouched);
    expect(await leaseRow(other)).toEqual(held);

    // Once it has run out, one sweep at a time of the other instance takes it over and sweeps.
    const later = now + SWEEP_LEASE_MS;
    const before = await tally(other, later);
    expect(before.codes).toBeGreaterThanOrEqual(10);
    const late = await raceSweeps([other], Array<number>(CALLS).fill(0), later);
    expect(late.race.winners).not.toContain(held.holder);
    await expectOneHolderAtATime(other, late, before);
  });
});
