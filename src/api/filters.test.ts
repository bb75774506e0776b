import { describe, expect, it } from "vitest";
import { sampleAttributes } from "../../tests/msw/catalog-handlers";
import { reshapeFilters } from "./catalog";
import { attributesReplySchema } from "./contract/content";

describe("a category's list filters, as the storefront reads them", () => {
  it("names each choice by its admin name, else its label, with its swatch, count and the price range", () => {
    const filters = reshapeFilters(attributesReplySchema.parse(sampleAttributes));
    expect(filters.priceRange).toEqual({ min: 1000, max: 90000 });
    expect(filters.groups.map((g) => g.code)).toEqual(["color", "size", "tag"]);
    expect(filters.groups[0]!.options[1]).toEqual({
      id: 2,
      label: "Blue",
      name: "blue",
      swatch: "#1976d2",
      count: 2,
    });
  });

  it("reads a stock Bagisto's reply: no admin name (or an empty one), no counts, no price range", () => {
    const filters = reshapeFilters(
      attributesReplySchema.parse({
        data: [
          {
            id: 23,
            code: "color",
            name: "Color",
            type: "select",
            swatch_type: "color",
            options: [
              { id: 1, label: "Red", swatch_value: "#f00" },
              { id: 2, label: "Dark Blue", admin_name: "", swatch_value: null },
            ],
          },
        ],
      }),
    );
    expect(filters.priceRange).toBeUndefined();
    expect(filters.groups[0]!.options).toEqual([
      { id: 1, label: "Red", name: "Red", swatch: "#f00" },
      { id: 2, label: "Dark Blue", name: "Dark Blue", swatch: null },
    ]);
  });
});
