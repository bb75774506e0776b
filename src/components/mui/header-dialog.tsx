import Popover from "@mui/material/Popover";
import type { ReactNode } from "react";

/**
 * A header button's dialog (the mini cart, the change queue): anchored under the button's right edge, a
 * labelled dialog to assistive technology. MUI's Popover moves focus in, traps it, closes at Escape or a
 * click outside, and gives focus back to the button. Imported only by the lazily loaded popups: the button's
 * state (`hooks/use-header-dialog.ts`) is in the first download, MUI's Popover and Modal are not.
 */
export function HeaderDialog({
  anchor,
  onClose,
  label,
  paperProps,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  /** the dialog's accessible name: text, or the id of its heading */
  label: { text: string } | { by: string };
  /** more attributes on the dialog element (a test id) */
  paperProps?: Record<string, string>;
  children: ReactNode;
}) {
  const name = "text" in label ? { "aria-label": label.text } : { "aria-labelledby": label.by };
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{ paper: { role: "dialog", ...name, ...paperProps } as object }}
    >
      {children}
    </Popover>
  );
}
