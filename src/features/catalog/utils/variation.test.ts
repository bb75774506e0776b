import { describe, expect, it } from "vitest";
import type { ProductColour } from "@/api/product";
import { defaultSelection, preferSize, selectColor } from "./variation";

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

  it("takes the recommended size in the first colour that has it in stock", () => {
    // blue is the default (its xl in stock); m is in stock in green only.
    expect(preferSize(variation, { color: "blue", size: "xl" }, "m", false)).toEqual({
      color: "green",
      size: "m",
    });
  });

  it("keeps a colour the shopper picked, with the recommended size even when it is out", () => {
    expect(preferSize(variation, { color: "red", size: "m" }, "xl", true)).toEqual({
      color: "red",
      size: "xl",
    });
  });

  it("takes the recommended size out of stock when no colour has it in stock", () => {
    const none = variation.map((v) => ({ ...v, sizes: v.sizes.map((s) => ({ ...s, stock: 0 })) }));
    expect(preferSize(none, { color: "blue", size: "m" }, "xl", false)).toEqual({
      color: "blue",
      size: "xl",
    });
  });

  it("changes nothing when the product has no such size", () => {
    expect(preferSize(variation, { color: "blue", size: "xl" }, "xxl", false)).toEqual({
      color: "blue",
      size: "xl",
    });
  });
});
