import type { FrameGeometryWire } from "../../src/api/contract/geometry";
import type { BodyType } from "../reference/attributes";

/** [rider min, rider max, inseam min, inseam max, stand-over] in cm, for sizes x, m, xl, xxl. */
type Row = readonly [number, number, number, number, number];

/**
 * Sample frame geometry by bicycle type, for the size option's four sizes. Adjacent sizes overlap by a
 * centimetre or two, as makers' charts do. Stand-over: mountain and fat frames leave more clearance than
 * road frames; city/hybrid frames (step-through among them) stand lowest.
 */
const ADULT: Record<Exclude<BodyType, "kids">, readonly Row[]> = {
  mountain: [
    [152, 165, 68, 75, 65],
    [163, 176, 74, 81, 70],
    [174, 186, 80, 87, 75],
    [184, 198, 86, 94, 79],
  ],
  road: [
    [154, 166, 71, 77, 69],
    [165, 175, 76, 82, 74],
    [174, 185, 81, 87, 79],
    [184, 196, 86, 93, 83],
  ],
  fat: [
    [155, 168, 70, 77, 67],
    [166, 178, 76, 83, 72],
    [177, 189, 82, 89, 77],
    [187, 199, 88, 95, 81],
  ],
  city: [
    [150, 163, 67, 74, 60],
    [161, 174, 73, 80, 65],
    [172, 185, 79, 86, 70],
    [183, 196, 85, 92, 75],
  ],
};

/** Kids/BMX: the smallest rider a wheel size suits (cm); each size up fits riders 8 cm taller. */
const KIDS_RIDER_BY_WHEEL: Record<string, number> = { '12"': 85, '14"': 95, '16"': 105, '20"': 118 };

function kidsRow(wheel: string, i: number): Row {
  const lo = (KIDS_RIDER_BY_WHEEL[wheel] ?? 105) + 8 * i;
  const hi = lo + 12;
  const inseamLo = Math.round(lo * 0.44);
  return [lo, hi, inseamLo, Math.round(hi * 0.46), inseamLo - 3];
}

const wire = (size: string, [a, b, c, d, e]: Row, shift: number) => ({
  size,
  rider_cm: [a + shift, b + shift] as [number, number],
  inseam_cm: [c + shift, d + shift] as [number, number],
  standover_cm: e + shift,
});

/**
 * A model's geometry: its type's chart moved by `shift` cm (−1, 0 or +1 per model), one row per size of its
 * size option (`sizes`), or a single row named after its frame size when it is sold in one size.
 */
export function sampleGeometry(
  shift: number,
  bodyType: BodyType,
  sizes: readonly string[],
  info: { frame_size?: string; tyre_size?: string },
): FrameGeometryWire {
  const rowOf = (i: number): Row =>
    bodyType === "kids" ? kidsRow(info.tyre_size ?? "", i) : ADULT[bodyType][i]!;
  if (sizes.length === 0) {
    // One size: a kids' bike by its wheel (the smallest row), an adult's as the type's M.
    return [wire(info.frame_size ?? "One size", rowOf(bodyType === "kids" ? 0 : 1), shift)];
  }
  return sizes.map((size, i) => wire(size, rowOf(Math.min(i, 3)), shift));
}
