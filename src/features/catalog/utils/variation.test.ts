import { describe, expect, it } from "vitest";
import type { ProductColour } from "@/api/product";
import { defaultSelection, selectColor } from "./variation";

const variation: ProductColour[] = [
  {
    color: "red",
    image: "/red.svg",
    swatch: null,
    sizes: [
      { name: "m", stock: 0 },
      { name: "xl", stock: 0 },
    ],
  },
  {
    color: "blue",
    image: "/blue.svg",
    swatch: null,
    sizes: [
      { name: "m", stock: 0 },
      { name: "xl", stock: 3 },
    ],
  },
  {
    color: "green",
    image: "/green.svg",
    swatch: null,
    sizes: [
      { name: "m", stock: 2 },
      { name: "xl", stock: 1 },
    ],
  },
];

describe("variant selection", () => {
  it("starts on the first colour and size that can be bought", () => {
    expect(defaultSelection(variation)).toEqual({ color: "blue", size: "xl" });
  });

  it("has nothing to choose for a plain product", () => {
    expect(defaultSelection([])).toEqual({ color: null, size: null });
  });

  it("keeps the chosen size when the new colour has it in stock", () => {
    expect(selectColor(variation, { color: "blue", size: "xl" }, "green")).toEqual({
      color: "green",
      size: "xl",
    });
  });

  it("moves to a size in stock when the new colour lacks the chosen one", () => {
    expect(selectColor(variation, { color: "green", size: "m" }, "blue")).toEqual({
      color: "blue",
      size: "xl",
    });
  });

  it("ignores an unknown colour", () => {
    expect(selectColor(variation, { color: "blue", size: "xl" }, "pink")).toEqual({
      color: "blue",
      size: "xl",
    });
  });
});
