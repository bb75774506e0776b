/* eslint-disable lingui/no-unlocalized-strings -- SVG path data, not text */
/*
 * Plain SVG icons for the first screen: the path data of @mui/icons-material (MIT), without MUI's SvgIcon
 * and its styling machinery. Same 24×24 box, `currentColor`, hidden from assistive technology (the button or
 * link around an icon carries its name).
 */
import { createIcon } from "./create-icon";

export const AddIcon = /* @__PURE__ */ createIcon("M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z");
export const ChevronLeftIcon = /* @__PURE__ */ createIcon("M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z");
export const ChevronRightIcon = /* @__PURE__ */ createIcon("M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z");
export const CloseIcon = /* @__PURE__ */ createIcon(
  "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z",
);
export const CloudUploadOutlinedIcon = /* @__PURE__ */ createIcon(
  "M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96M19 18H6c-2.21 0-4-1.79-4-4 0-2.05 1.53-3.76 3.56-3.97l1.07-.11.5-.95C8.08 7.14 9.94 6 12 6c2.62 0 4.88 1.86 5.39 4.43l.3 1.5 1.53.11c1.56.1 2.78 1.41 2.78 2.96 0 1.65-1.35 3-3 3M8 13h2.55v3h2.9v-3H16l-4-4z",
);
export const CompareArrowsIcon = /* @__PURE__ */ createIcon(
  "M9.01 14H2v2h7.01v3L13 15l-3.99-4zm5.98-1v-3H22V8h-7.01V5L11 9z",
);
export const ExpandMoreIcon = /* @__PURE__ */ createIcon("M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z");
export const FavoriteIcon = /* @__PURE__ */ createIcon(
  "m12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z",
);
export const FavoriteBorderIcon = /* @__PURE__ */ createIcon(
  "M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05",
);
export const InstallDesktopIcon = /* @__PURE__ */ createIcon([
  "M20 17H4V5h8V3H4c-1.11 0-2 .89-2 2v12c0 1.1.89 2 2 2h4v2h8v-2h4c1.1 0 2-.9 2-2v-3h-2z",
  "m17 14 5-5-1.41-1.41L18 10.17V3h-2v7.17l-2.59-2.58L12 9z",
]);
export const KeyboardArrowUpIcon = /* @__PURE__ */ createIcon(
  "M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z",
);
export const MenuIcon = /* @__PURE__ */ createIcon("M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z");
export const PauseIcon = /* @__PURE__ */ createIcon("M6 19h4V5H6zm8-14v14h4V5z");
export const PersonOutlinedIcon = /* @__PURE__ */ createIcon(
  "M12 6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 10c2.7 0 5.8 1.29 6 2H6c.23-.72 3.31-2 6-2m0-12C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 10c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4",
);
export const PlayArrowIcon = /* @__PURE__ */ createIcon("M8 5v14l11-7z");
export const RemoveIcon = /* @__PURE__ */ createIcon("M19 13H5v-2h14z");
export const SearchIcon = /* @__PURE__ */ createIcon(
  "M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14",
);
export const ShoppingCartOutlinedIcon = /* @__PURE__ */ createIcon(
  "M15.55 13c.75 0 1.41-.41 1.75-1.03l3.58-6.49c.37-.66-.11-1.48-.87-1.48H5.21l-.94-2H1v2h2l3.6 7.59-1.35 2.44C4.52 15.37 5.48 17 7 17h12v-2H7l1.1-2zM6.16 6h12.15l-2.76 5H8.53zM7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2",
);
export const VisibilityOutlinedIcon = /* @__PURE__ */ createIcon(
  "M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7",
);
export const StarIcon = /* @__PURE__ */ createIcon(
  "M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z",
);
export const StarBorderIcon = /* @__PURE__ */ createIcon(
  "m22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z",
);
// Alert icons (MUI's Alert uses these for its severities).
export const SuccessOutlinedIcon = /* @__PURE__ */ createIcon(
  "M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z",
);
export const InfoOutlinedIcon = /* @__PURE__ */ createIcon(
  "M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8",
);
export const ReportProblemOutlinedIcon = /* @__PURE__ */ createIcon(
  "M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z",
);
export const ErrorOutlineIcon = /* @__PURE__ */ createIcon(
  "M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z",
);
