import { type ADDITIONAL_INFO_CODES, SIZE_NAMES } from "../../src/api/contract/product";

/**
 * The catalogue's fixed vocabulary: the root category, the body types, the colour and size options and the
 * spec labels. Reference data the server reads at run time (views, filters, images), not sample content:
 * the sample catalogue in seed/ is built from it.
 */
export const ROOT_CATEGORY = { id: 1, name: "Root", slug: "root" };

export const BODY_TYPES = ["mountain", "road", "fat", "city", "kids"] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const COLORS = [
  { id: 1, name: "red", label: "Red", hex: "#d32f2f" },
  { id: 2, name: "blue", label: "Blue", hex: "#1976d2" },
  { id: 3, name: "black", label: "Black", hex: "#212121" },
  { id: 4, name: "green", label: "Green", hex: "#388e3c" },
  { id: 5, name: "white", label: "White", hex: "#f5f5f5" },
] as const;
export type ColorName = (typeof COLORS)[number]["name"];

export const SIZES = SIZE_NAMES.map((name, i) => ({ id: 6 + i, name, label: name.toUpperCase() }));

export const INFO_LABELS: Record<(typeof ADDITIONAL_INFO_CODES)[number], string> = {
  gender: "Gender",
  age: "Age",
  tyre_size: "Tyre Size",
  frame_size: "Frame Size",
  frame: "Frame",
  suspension: "Suspension",
  brake: "Brake",
  gears: "Gears",
};
