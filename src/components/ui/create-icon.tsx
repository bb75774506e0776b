import type { ReactElement } from "react";

export interface IconProps {
  /** "inherit": the surrounding text's size; otherwise 20, 24 (default) or 35 px, as MUI's SvgIcon. */
  fontSize?: "small" | "medium" | "large" | "inherit";
  className?: string;
}

/** An icon component over one or more 24×24 path data strings: `currentColor`, hidden from assistive technology. */
export function createIcon(d: string | string[]): (props: IconProps) => ReactElement {
  const paths = typeof d === "string" ? [d] : d;
  return function Icon({ fontSize = "medium", className }: IconProps) {
    return (
      <svg
        className={`ui-icon ui-icon--${fontSize}${className ? ` ${className}` : ""}`}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        {paths.map((p) => (
          <path key={p} d={p} />
        ))}
      </svg>
    );
  };
}
