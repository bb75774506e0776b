import { describe, expect, it } from "vitest";
import { parseRecent, recordRecent, type RecentProduct } from "./recent-list";

const p = (id: number): RecentProduct => ({ id, urlKey: `bike-${id}`, name: `Bike ${id}`, image: null });

describe("the recently viewed list", () => {
  it("puts the opened product first, once, and keeps the last 20", () => {
    let list: RecentProduct[] = [];
    for (let id = 1; id <= 25; id++) list = recordRecent(list, p(id));
    expect(list).toHaveLength(20);
    expect(list[0]!.id).toBe(25);
    expect(list.at(-1)!.id).toBe(6);
    list = recordRecent(list, p(10));
    expect(list.map((x) => x.id).slice(0, 3)).toEqual([10, 25, 24]);
    expect(list.filter((x) => x.id === 10)).toHaveLength(1);
    expect(list).toHaveLength(20);
  });

  it("reads back only well-formed entries", () => {
    expect(parseRecent("nope")).toEqual([]);
    expect(
      parseRecent([p(1), { id: "2", urlKey: "x", name: "y", image: null }, null, { ...p(3), image: 7 }]),
    ).toEqual([p(1)]);
  });
});
