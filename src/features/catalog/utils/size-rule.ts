import type { FrameSize } from "@/api/geometry";

/** A rider's measurements in cm; null where not given. */
export interface RiderFit {
  height: number | null;
  inseam: number | null;
}

/** Stand-over fits when the inseam clears the top tube by at least this much (cm). */
export const STANDOVER_CLEARANCE_CM = 2;

/** Measurements the finder accepts (cm); anything else is not a measurement. */
export const HEIGHT_RANGE = [50, 230] as const;
export const INSEAM_RANGE = [20, 120] as const;

export type Measure = "inseam" | "height";

export type SizeAdvice =
  /** nothing to go on: no measurement, or the model has no size table */
  | { kind: "none" }
  | {
      kind: "fit";
      /** what decided: the inseam when given (it decides stand-over too), else the height */
      by: Measure;
      value: number;
      size: string;
      /** the neighbouring size when the measurement lies between two sizes (in both, or in neither) */
      between: string | null;
      /** null without an inseam or without the size's stand-over height */
      standover: "fits" | "tight" | null;
    }
  /** smaller than the smallest size: `size` is the smallest, `limit` where it starts */
  | { kind: "below"; by: Measure; value: number; size: string; limit: number }
  /** larger than the largest size: `size` is the largest, `limit` where it ends */
  | { kind: "above"; by: Measure; value: number; size: string; limit: number };

function measurement(value: number | null, [lo, hi]: readonly [number, number]): number | null {
  return value !== null && Number.isFinite(value) && value >= lo && value <= hi ? value : null;
}

/** The rider's measurements that count: each within its range, else null. */
export function cleanFit(fit: RiderFit): RiderFit {
  return { height: measurement(fit.height, HEIGHT_RANGE), inseam: measurement(fit.inseam, INSEAM_RANGE) };
}

const rangeOf = (s: FrameSize, by: Measure) => (by === "inseam" ? s.inseam : s.rider);
const within = (v: number, [lo, hi]: readonly [number, number]) => v >= lo && v <= hi;
/** How far a value is from a range (0 inside it). */
const distance = (v: number, [lo, hi]: readonly [number, number]) => (v < lo ? lo - v : v > hi ? v - hi : 0);
/** How far a value is from a range's middle, as a share of its width. */
const offCentre = (v: number, [lo, hi]: readonly [number, number]) =>
  Math.abs(v - (lo + hi) / 2) / Math.max(1, hi - lo);

function standoverOf(size: FrameSize, inseam: number | null): "fits" | "tight" | null {
  if (inseam === null || size.standover === null) return null;
  return inseam - size.standover >= STANDOVER_CLEARANCE_CM ? "fits" : "tight";
}

/**
 * The size to recommend for a rider from a model's geometry. The inseam decides when given, else the height.
 * Between two sizes (the measurement in both ranges, or in the gap between them) the other measurement breaks
 * the tie when it fits only one of them, then stand-over (a size whose top tube is too high loses), then the
 * size whose range the measurement sits nearer the middle of, then the smaller one (easier to handle). Below
 * the smallest or above the largest size nothing is recommended: the advice names the nearest size's limit.
 */
export function recommendSize(geometry: readonly FrameSize[] | null, rider: RiderFit): SizeAdvice {
  const fit = cleanFit(rider);
  if (!geometry?.length) return { kind: "none" };
  const by: Measure | null = fit.inseam !== null ? "inseam" : fit.height !== null ? "height" : null;
  if (by === null) return { kind: "none" };
  const value = (by === "inseam" ? fit.inseam : fit.height)!;
  const other: Measure = by === "inseam" ? "height" : "inseam";
  const otherValue = by === "inseam" ? fit.height : fit.inseam;
  const sizes = [...geometry].sort((a, b) => rangeOf(a, by)[0] - rangeOf(b, by)[0]);
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  if (value < rangeOf(first, by)[0])
    return { kind: "below", by, value, size: first.size, limit: rangeOf(first, by)[0] };
  if (value > Math.max(...sizes.map((s) => rangeOf(s, by)[1])))
    return { kind: "above", by, value, size: last.size, limit: rangeOf(last, by)[1] };

  let candidates = sizes.filter((s) => within(value, rangeOf(s, by)));
  if (candidates.length === 0) {
    // In a gap: the two sizes on either side of it.
    const below = sizes.filter((s) => rangeOf(s, by)[1] < value).at(-1);
    const above = sizes.find((s) => rangeOf(s, by)[0] > value);
    candidates = [below, above].filter((s): s is FrameSize => s !== undefined);
  }
  const ranked = [...candidates].sort((a, b) => {
    if (otherValue !== null) {
      const d = distance(otherValue, rangeOf(a, other)) - distance(otherValue, rangeOf(b, other));
      if (d !== 0) return d;
    }
    const tight = (s: FrameSize) => (standoverOf(s, fit.inseam) === "tight" ? 1 : 0);
    if (tight(a) !== tight(b)) return tight(a) - tight(b);
    const gap = distance(value, rangeOf(a, by)) - distance(value, rangeOf(b, by));
    if (gap !== 0) return gap;
    const centre = offCentre(value, rangeOf(a, by)) - offCentre(value, rangeOf(b, by));
    if (centre !== 0) return centre;
    return rangeOf(a, by)[0] - rangeOf(b, by)[0];
  });
  const best = ranked[0]!;
  const neighbour = ranked[1] ?? null;
  return {
    kind: "fit",
    by,
    value,
    size: best.size,
    between: neighbour && neighbour.size !== best.size ? neighbour.size : null,
    standover: standoverOf(best, fit.inseam),
  };
}

/** The size names of the product's size option, as shown ("m" → "M"); other names as they are. */
export function sizeLabel(size: string): string {
  return /^(x{0,3}[sml]|x{1,3})$/.test(size) ? size.toUpperCase() : size;
}
