import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { KeyboardArrowUpIcon } from "@/components/ui/icons";
import { whenIdle } from "@/render/idle";
import "./scroll-top-button.css";

export const SCROLL_TOP_THRESHOLD = 100;

/** The round 'Scroll to top' button: appears after 100 px of scroll and takes the shopper back to the top. */
export function ScrollTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    window.addEventListener("scroll", onScroll, { passive: true });
    // The page may already be scrolled when this mounts (it renders in a background pass). Checked when the
    // browser is idle, after a frame: reading scrollY right after mounting would force a layout of the page.
    const cancel = whenIdle(onScroll, 1000, 200);
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancel();
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top-button"
      aria-label={t`Scroll to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <KeyboardArrowUpIcon />
    </button>
  );
}
