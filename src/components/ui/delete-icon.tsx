/* eslint-disable lingui/no-unlocalized-strings -- SVG path data, not text */
/*
 * The delete icon of the cart, wishlist and compare lines (@mui/icons-material's DeleteOutlined path data,
 * MIT). A module of its own: the pages that draw it load it, and the first screen, which shares icons.tsx,
 * does not.
 */
import { createIcon } from "./create-icon";

export const DeleteOutlinedIcon = /* @__PURE__ */ createIcon(
  "M16 9v10H8V9zm-1.5-6h-5l-1 1H5v2h14V4h-3.5zM18 7H6v12c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2z",
);
