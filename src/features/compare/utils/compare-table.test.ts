import { describe, expect, it } from "vitest";
import type { Product } from "@/api/product";
import { compareRow, specRows, specValue, variationRows } from "./compare-table";

const p = (info: Record<string, string | null>, colours: Product["colours"] = []): Product =>
  ({
    specs: Object.entries(info).map(([code, value]) => ({ code, label: code, value })),
    colours,
  }) as unknown as Product;

describe("compare table", () => {
  it("reads a spec by code and shows a dash when it is missing", () => {
    expect(specValue(p({ frame: "Aluminium" }), "frame")).toBe("Aluminium");
    expect(specValue(p({ frame: null }), "frame")).toBe("—");
    expect(specValue(p({}), "gears")).toBe("—");
  });

  it("flags the rows where the bicycles differ", () => {
    const rows = specRows([p({ frame: "Aluminium", brake: "Disc" }), p({ frame: "Carbon", brake: "Disc" })]);
    const frame = rows.find((r) => r.key === "frame");
    const brake = rows.find((r) => r.key === "brake");
    expect(frame).toEqual({ key: "frame", values: ["Aluminium", "Carbon"], differs: true });
    expect(brake?.differs).toBe(false);
    expect(rows.map((r) => r.key)).toEqual([
      "gender",
      "age",
      "tyre_size",
      "frame_size",
      "frame",
      "suspension",
      "brake",
      "gears",
    ]);
  });

  it("never flags a single product", () => {
    expect(compareRow("x", ["a"]).differs).toBe(false);
  });

  it("lists colours and sizes", () => {
    const rows = variationRows([
      p({}, [
        {
          color: "red",
          image: "",
          swatch: null,
          sizes: [
            { name: "m", stock: 1 },
            { name: "xl", stock: 1 },
          ],
        },
        { color: "blue", image: "", swatch: null, sizes: [{ name: "m", stock: 1 }] },
      ]),
      p({}),
    ]);
    expect(rows[0]).toEqual({ key: "colors", values: ["red, blue", "—"], differs: true });
    expect(rows[1]?.values).toEqual(["M, XL", "—"]);
  });
});
