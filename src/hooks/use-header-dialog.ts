import { useState, type MouseEvent } from "react";

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
