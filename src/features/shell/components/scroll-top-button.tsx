import { useEffect, useState } from "react";
import Fab from "@mui/material/Fab";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import { useLingui } from "@lingui/react/macro";

export const SCROLL_TOP_THRESHOLD = 100;

/** Appears after 100 px of scroll and takes the shopper back to the top. */
export function ScrollTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Fab
      size="small"
      color="primary"
      aria-label={t`Scroll to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      sx={{ position: "fixed", right: 16, bottom: 16, zIndex: 1200 }}
    >
      <KeyboardArrowUpIcon />
    </Fab>
  );
}
