import Popover from "@mui/material/Popover";
import { useState, type MouseEvent, type ReactNode } from "react";

/**
 * A header button's dialog (the mini cart, the change queue): anchored under the button's right edge, a
 * labelled dialog to assistive technology. MUI's Popover moves focus in, traps it, closes at Escape or a
 * click outside, and gives focus back to the button.
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

/**
 * The state of a header button that opens a HeaderDialog: where it is anchored, whether it was ever opened
 * (its code loads on first open: the first screen needs only the button), and the button's ARIA and click.
 */
export function useHeaderDialog() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const isOpen = anchor !== null;
  return {
    anchor,
    isOpen,
    everOpened,
    close: () => setAnchor(null),
    buttonProps: {
      "aria-haspopup": "dialog" as const,
      "aria-expanded": isOpen ? ("true" as const) : ("false" as const),
      onClick: (e: MouseEvent<HTMLElement>) => {
        setEverOpened(true);
        setAnchor(e.currentTarget);
      },
    },
  };
}
