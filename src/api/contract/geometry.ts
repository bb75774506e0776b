import { z } from "zod/mini";

/**
 * The additional-information entry (a text attribute, as a Bagisto shop can add one) that carries a model's
 * frame geometry: its value is JSON, one row per size (`frameGeometrySchema`). Optional: a product without it
 * has no size table (the size finder says nothing), and a value that does not parse is treated as absent.
 */
export const FRAME_GEOMETRY_CODE = "frame_geometry";

/** One size of a model: the rider heights and inseams it fits (cm, inclusive) and its stand-over height. */
export const frameGeometrySchema = /* @__PURE__ */ z.lazy(() =>
  z.array(
    z.looseObject({
      /** the size option's name ("m"), or the frame size of a model sold in one size */
      size: z.string(),
      rider_cm: z.tuple([z.number(), z.number()]),
      inseam_cm: z.tuple([z.number(), z.number()]),
      standover_cm: z.optional(z.nullable(z.number())),
    }),
  ),
);
export type FrameGeometryWire = z.infer<typeof frameGeometrySchema>;
