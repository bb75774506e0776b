import { describe, expect, it } from "vitest";
import { addToCompareList, isCompared, removeFromCompareList } from "./compare-rules";

describe("compare rules", () => {
  it("ignores a duplicate add by id", () => {
    const list = addToCompareList(addToCompareList([], { id: 1, name: "a" }), { id: 1, name: "b" });
    expect(list).toEqual([{ id: 1, name: "a" }]);
  });

  it("removes by id", () => {
    expect(removeFromCompareList([{ id: 1 }, { id: 2 }], 2)).toEqual([{ id: 1 }]);
    expect(isCompared([{ id: 1 }], 1)).toBe(true);
    expect(isCompared([{ id: 1 }], 2)).toBe(false);
  });
});
