import type { CSSProperties } from "react";

/** Columns of a `.ui-card-grid` (ui.css) from each breakpoint; one left out keeps the narrower one's. */
export interface CardGridColumns {
  xs?: number;
  sm?: number;
  md?: number;
  lg?: number;
  /** px between the cards; 24 when not set */
  gap?: number;
}

/** The inline style that gives a `.ui-card-grid` its columns per breakpoint (and its gap). */
export function cardGrid({ xs, sm, md, lg, gap }: CardGridColumns): CSSProperties {
  return { "--grid-xs": xs, "--grid-sm": sm, "--grid-md": md, "--grid-lg": lg, gap } as CSSProperties;
}
