import { describe, expect, it } from "vitest";
import { addToList, isInList, missingFrom, removeFromList } from "./wishlist-rules";

describe("wishlist rules", () => {
  it("adds a product once; adding it again is ignored", () => {
    const once = addToList([], { id: 1 });
    expect(once).toEqual([{ id: 1 }]);
    expect(addToList(once, { id: 1 })).toEqual([{ id: 1 }]);
    expect(addToList(once, { id: 2 })).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("removes by id and leaves the others", () => {
    expect(removeFromList([{ id: 1 }, { id: 2 }], 1)).toEqual([{ id: 2 }]);
    expect(removeFromList([{ id: 1 }], 3)).toEqual([{ id: 1 }]);
  });

  it("tells presence and what a guest list adds to the server list", () => {
    expect(isInList([{ id: 4 }], 4)).toBe(true);
    expect(isInList([], 4)).toBe(false);
    expect(missingFrom([{ id: 1 }, { id: 2 }], [{ id: 2 }])).toEqual([{ id: 1 }]);
  });
});
