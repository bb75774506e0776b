import { describe, expect, it } from "vitest";
import { frameGeometryOf, type FrameSize } from "@/api/geometry";
import { cleanFit, recommendSize, sizeLabel } from "./size-rule";

const row = (
  size: string,
  rider: [number, number],
  inseam: [number, number],
  standover: number | null,
): FrameSize => ({ size, rider, inseam, standover });

/** A mountain bike: adjacent sizes overlap by a centimetre or two. */
const mountain = [
  row("x", [152, 165], [68, 75], 66),
  row("m", [163, 176], [74, 81], 71),
  row("xl", [174, 186], [80, 87], 76),
  row("xxl", [184, 198], [86, 94], 80),
];

/** A kids' bike: small riders, low top tubes. */
const kids = [
  row("x", [95, 107], [42, 49], 39),
  row("m", [103, 115], [45, 53], 42),
  row("xl", [111, 123], [49, 57], 46),
  row("xxl", [119, 131], [52, 60], 49),
];

describe("recommendSize", () => {
  it("recommends the size whose inseam range holds the rider's, and says stand-over fits", () => {
    expect(recommendSize(mountain, { height: null, inseam: 78 })).toEqual({
      kind: "fit",
      by: "inseam",
      value: 78,
      size: "m",
      between: null,
      standover: "fits",
    });
  });

  it("goes by height when no inseam is given, saying nothing of stand-over", () => {
    expect(recommendSize(mountain, { height: 180, inseam: null })).toMatchObject({
      kind: "fit",
      by: "height",
      size: "xl",
      between: null,
      standover: null,
    });
  });

  it("lets the inseam decide when both are given and they disagree", () => {
    expect(recommendSize(mountain, { height: 195, inseam: 77 })).toMatchObject({
      by: "inseam",
      size: "m",
    });
  });

  it("between two overlapping sizes, the height breaks the tie", () => {
    expect(recommendSize(mountain, { height: 160, inseam: 74.5 })).toMatchObject({
      size: "x",
      between: "m",
    });
    expect(recommendSize(mountain, { height: 172, inseam: 74.5 })).toMatchObject({
      size: "m",
      between: "x",
    });
  });

  it("between two sizes without a height, a size whose top tube is too high loses", () => {
    // 74 cm is in X (stand-over 66: fits) and M (stand-over 71: 3 cm clearance, fits); 80 in M and XL, where
    // XL's 76 cm leaves 4: both fit, so the one the inseam sits nearer the middle of wins, else the smaller.
    const tall = [row("s", [150, 170], [70, 80], 60), row("l", [160, 180], [75, 85], 74)];
    expect(recommendSize(tall, { height: null, inseam: 75 })).toMatchObject({
      size: "s",
      between: "l",
      standover: "fits",
    });
    expect(recommendSize(mountain, { height: null, inseam: 81 })).toMatchObject({ size: "xl", between: "m" });
  });

  it("in a gap between two sizes, recommends the nearer one and names the other", () => {
    const gapped = [row("s", [150, 165], [66, 72], 64), row("l", [170, 185], [78, 86], 74)];
    expect(recommendSize(gapped, { height: null, inseam: 73 })).toMatchObject({
      kind: "fit",
      size: "s",
      between: "l",
    });
    expect(recommendSize(gapped, { height: null, inseam: 77 })).toMatchObject({ size: "l", between: "s" });
    // Exactly half way: the smaller one.
    expect(recommendSize(gapped, { height: null, inseam: 75 })).toMatchObject({ size: "s", between: "l" });
  });

  it("says stand-over is tight when the top tube leaves less than 2 cm", () => {
    const low = [row("m", [160, 175], [70, 80], 69)];
    expect(recommendSize(low, { height: null, inseam: 70 })).toMatchObject({
      size: "m",
      standover: "tight",
    });
    expect(recommendSize(low, { height: null, inseam: 71 })).toMatchObject({ standover: "fits" });
  });

  it("recommends nothing below the smallest or above the largest size, naming its limit", () => {
    expect(recommendSize(mountain, { height: null, inseam: 60 })).toEqual({
      kind: "below",
      by: "inseam",
      value: 60,
      size: "x",
      limit: 68,
    });
    expect(recommendSize(mountain, { height: 205, inseam: null })).toEqual({
      kind: "above",
      by: "height",
      value: 205,
      size: "xxl",
      limit: 198,
    });
  });

  it("fits a child on a kids' bike, and an adult is above its largest size", () => {
    expect(recommendSize(kids, { height: 100, inseam: 44 })).toMatchObject({
      kind: "fit",
      size: "x",
      standover: "fits",
    });
    expect(recommendSize(kids, { height: 180, inseam: 82 })).toMatchObject({ kind: "above", size: "xxl" });
    expect(recommendSize(mountain, { height: 110, inseam: 48 })).toMatchObject({ kind: "below", size: "x" });
  });

  it("a model sold in one size: it fits or it does not", () => {
    const one = [row("M (50 cm)", [160, 175], [72, 80], 66)];
    expect(recommendSize(one, { height: 168, inseam: null })).toMatchObject({
      kind: "fit",
      size: "M (50 cm)",
      between: null,
    });
    expect(recommendSize(one, { height: 150, inseam: null })).toMatchObject({ kind: "below" });
  });

  it("without geometry or measurements there is no advice; nonsense measurements do not count", () => {
    expect(recommendSize(null, { height: 180, inseam: 80 })).toEqual({ kind: "none" });
    expect(recommendSize([], { height: 180, inseam: 80 })).toEqual({ kind: "none" });
    expect(recommendSize(mountain, { height: null, inseam: null })).toEqual({ kind: "none" });
    expect(recommendSize(mountain, { height: Number.NaN, inseam: -3 })).toEqual({ kind: "none" });
    // An inseam out of any human range is ignored; the height still counts.
    expect(recommendSize(mountain, { height: 170, inseam: 800 })).toMatchObject({ by: "height", size: "m" });
    expect(cleanFit({ height: 49, inseam: 121 })).toEqual({ height: null, inseam: null });
  });
});

describe("frameGeometryOf", () => {
  const spec = (value: string | number | null) => [
    { code: "frame", label: "Frame", value: "Aluminium" },
    { code: "frame_geometry", label: "Frame geometry", value },
  ];

  it("reads the frame_geometry entry, smallest size first", () => {
    const value = JSON.stringify([
      { size: "xl", rider_cm: [174, 186], inseam_cm: [80, 87], standover_cm: 76 },
      { size: "m", rider_cm: [163, 176], inseam_cm: [74, 81] },
    ]);
    expect(frameGeometryOf(spec(value))).toEqual([
      { size: "m", rider: [163, 176], inseam: [74, 81], standover: null },
      { size: "xl", rider: [174, 186], inseam: [80, 87], standover: 76 },
    ]);
  });

  it("is unknown (null) when absent, empty, not JSON or not a size table", () => {
    expect(frameGeometryOf([{ code: "frame", label: "Frame", value: "Steel" }])).toBeNull();
    expect(frameGeometryOf(spec(null))).toBeNull();
    expect(frameGeometryOf(spec(""))).toBeNull();
    expect(frameGeometryOf(spec(42))).toBeNull();
    expect(frameGeometryOf(spec("S, M, L"))).toBeNull();
    expect(frameGeometryOf(spec('[{"size":"m"}]'))).toBeNull();
    expect(frameGeometryOf(spec("[]"))).toBeNull();
    // A row whose range runs backwards is dropped.
    expect(frameGeometryOf(spec('[{"size":"m","rider_cm":[180,160],"inseam_cm":[70,80]}]'))).toBeNull();
  });
});

describe("sizeLabel", () => {
  it("writes the size option's names in capitals, other sizes as they are", () => {
    expect(["x", "m", "xl", "xxl", "s", "xs"].map(sizeLabel)).toEqual(["X", "M", "XL", "XXL", "S", "XS"]);
    expect(sizeLabel('BMX 20.5" top tube')).toBe('BMX 20.5" top tube');
  });
});
