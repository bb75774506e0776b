/** A `ul` laid out as a grid: no bullets, no list margins. Spread into `sx` beside the gap and the columns. */
export const gridListSx = { listStyle: "none", m: 0, p: 0, display: "grid" } as const;
