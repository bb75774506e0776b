import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import {
  countEntries,
  describeQueue,
  noteEntries,
  type ChangeDescriber,
  type QueuedChange,
  type QueueEntry,
} from "./change-queue";

const change = (key: string, mutationKey: string[], submittedAt: number, undoable = true): QueuedChange => ({
  key,
  mutationKey,
  variables: {},
  submittedAt,
  undoable,
});

describe("the change queue's entries", () => {
  it("lists each feature's entries in the order the shopper made them, and a change nobody describes as 'A change'", () => {
    const cart: ChangeDescriber = {
      mutationKey: ["cart"],
      describe: (changes) => [{ keys: changes.map((c) => c.key), text: "cart entry" }],
    };
    const wishlist: ChangeDescriber = {
      mutationKey: ["wishlist"],
      describe: (changes) => changes.map((c) => ({ keys: [c.key], text: `wish ${c.key}` })),
    };
    const entries = describeQueue(
      [
        change("w1", ["wishlist", "mutation", "set"], 1),
        change("c1", ["cart", "mutation", "add"], 2),
        change("x1", ["other"], 3, false),
        change("c2", ["cart", "mutation", "add"], 4, false),
      ],
      [cart, wishlist],
      { queryClient: new QueryClient() },
      "A change",
    );
    expect(entries.map((e) => [e.text, e.keys, e.undoable])).toEqual([
      ["wish w1", ["w1"], true],
      ["cart entry", ["c1", "c2"], false],
      ["A change", ["x1"], false],
    ]);
  });
});

describe("countEntries (the summary counts what the queue showed)", () => {
  const entry = (...keys: string[]): QueueEntry => ({
    keys,
    text: keys.join(),
    submittedAt: 0,
    undoable: true,
  });

  it("counts an entry once however many of its changes were sent, also after it left the list", () => {
    const shownIn = new Map<string, string>();
    noteEntries(shownIn, [entry("add-a", "qty-a"), entry("wish-b"), entry("add-c")]);
    // The replay sends A first: the list then shows only what is left.
    noteEntries(shownIn, [entry("wish-b"), entry("add-c")]);
    noteEntries(shownIn, []);
    expect(countEntries(["add-a", "qty-a", "wish-b"], shownIn)).toBe(2);
    expect(countEntries(["qty-a"], shownIn)).toBe(1);
  });

  it("follows entries that coalescing merged, and counts a change never shown on its own", () => {
    const shownIn = new Map<string, string>();
    noteEntries(shownIn, [entry("add-a"), entry("qty-a")]);
    noteEntries(shownIn, [entry("add-a", "qty-a")]);
    expect(countEntries(["add-a", "qty-a"], shownIn)).toBe(1);
    expect(countEntries(["add-a", "elsewhere-1", "elsewhere-2"], shownIn)).toBe(3);
    expect(countEntries(["x"], new Map())).toBe(1);
    expect(countEntries([], shownIn)).toBe(0);
  });
});
