import { describe, expect, it } from "vitest";
import { appProduct } from "../../../../tests/msw/shopping-handlers";
import { colourDots, readSpecs, toRecommendSlide } from "./recommend-slide";

const entry = (code: string, value: string | number | null) => ({ code, label: code, value });

const specsList = [
  entry("gender", "Men"),
  entry("age", "16+ years"),
  entry("tyre_size", '29"'),
  entry("frame_size", 'M (17")'),
  entry("frame", "Aluminium"),
  entry("suspension", "Hardtail"),
  entry("brake", "Hydraulic disc"),
  entry("gears", 21),
];

describe("reading the 'We Recommend' specs", () => {
  it("reads gender, age, tyre size, frame size, frame, suspension, brake and gears by position", () => {
    expect(readSpecs(specsList)).toEqual([
      { code: "gender", value: "Men" },
      { code: "age", value: "16+ years" },
      { code: "tyre_size", value: '29"' },
      { code: "frame_size", value: 'M (17")' },
      { code: "frame", value: "Aluminium" },
      { code: "suspension", value: "Hardtail" },
      { code: "brake", value: "Hydraulic disc" },
      { code: "gears", value: "21" },
    ]);
  });

  it("names a value by its position, whatever code the entry carries", () => {
    const specs = readSpecs([entry("x", "Women"), entry("y", "8-12 years")]);
    expect(specs).toEqual([
      { code: "gender", value: "Women" },
      { code: "age", value: "8-12 years" },
    ]);
  });

  it("leaves out empty positions and ignores entries beyond the eighth", () => {
    const list = [...specsList, entry("extra", "ignored")];
    list[1] = entry("age", null);
    list[3] = entry("frame_size", "  ");
    const codes = readSpecs(list).map((s) => s.code);
    expect(codes).toEqual(["gender", "tyre_size", "frame", "suspension", "brake", "gears"]);
    expect(readSpecs([])).toEqual([]);
  });
});

describe("colour dots", () => {
  it("keeps only options with a swatch value, once per colour", () => {
    const dots = colourDots([
      { label: "Red", swatch: "#d32f2f" },
      { label: "M", swatch: null },
      { label: "Blue", swatch: "#1976d2" },
      { label: "Red again", swatch: "#D32F2F" },
      { label: "Empty", swatch: "" },
    ]);
    expect(dots).toEqual([
      { label: "Red", swatch: "#d32f2f" },
      { label: "Blue", swatch: "#1976d2" },
    ]);
  });

  it("drops swatch values that are not a colour", () => {
    expect(colourDots([{ label: "Bad", swatch: "url(javascript:alert(1))" }])).toEqual([]);
  });
});

describe("a recommend slide", () => {
  it("shows the first category, the first image and falls back to basic_info specs", () => {
    const product = {
      ...appProduct({
        configurable_options: [
          { label: "Green", swatch_value: "#388e3c" },
          { label: "XL", swatch_value: null },
        ],
      }),
      additionalSpecs: [],
    };
    const slide = toRecommendSlide(product);
    expect(slide.category).toBe("Kids/BMX Bikes");
    expect(slide.image).toBe("/img/jumper-m.svg");
    expect(slide.urlKey).toBe("dirt-jumper-mini");
    expect(slide.specs).toEqual([
      { code: "gender", value: "Chromoly steel" },
      { code: "age", value: "V-brake" },
    ]);
    expect(slide.colours).toEqual([{ label: "Green", swatch: "#388e3c" }]);
  });

  it("prefers the product-additional-information list", () => {
    const slide = toRecommendSlide({ ...appProduct(), additionalSpecs: specsList });
    expect(slide.specs).toHaveLength(8);
    expect(slide.specs[7]).toEqual({ code: "gears", value: "21" });
  });
});
