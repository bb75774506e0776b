/*
 * A model's frame geometry (size finder, issue 40 item 3), read from its specs. Its own module: only the
 * product page loads it.
 */
import { FRAME_GEOMETRY_CODE, frameGeometrySchema } from "./contract/geometry";
import type { ProductSpec } from "./product";

/** One size of a model's frame geometry (cm): who it fits and how high its top tube stands. */
export interface FrameSize {
  /** the size option's name ("m"), or the frame size of a model sold in one size */
  size: string;
  /** rider heights it fits, inclusive */
  rider: readonly [number, number];
  /** inseams it fits, inclusive */
  inseam: readonly [number, number];
  /** stand-over height; null when the shop does not tell it */
  standover: number | null;
}

/**
 * A model's frame geometry from its specs (the `frame_geometry` entry, JSON), sizes from the smallest inseam
 * up; null when the product has none or its value does not parse (unknown, never guessed).
 */
export function frameGeometryOf(specs: readonly ProductSpec[]): FrameSize[] | null {
  const value = specs.find((s) => s.code === FRAME_GEOMETRY_CODE)?.value;
  if (typeof value !== "string" || value === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = frameGeometrySchema.safeParse(json);
  if (!parsed.success) return null;
  const sizes = parsed.data
    .filter((r) => r.rider_cm[0] <= r.rider_cm[1] && r.inseam_cm[0] <= r.inseam_cm[1])
    .map((r) => ({
      size: r.size,
      rider: r.rider_cm,
      inseam: r.inseam_cm,
      standover: r.standover_cm ?? null,
    }))
    .sort((a, b) => a.inseam[0] - b.inseam[0] || a.rider[0] - b.rider[0]);
  return sizes.length ? sizes : null;
}
