import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "@/utils/idle";

export const SCROLL_TOP_THRESHOLD = 100;

const ScrollTopFab = lazy(() => import("./scroll-top-fab").then((m) => ({ default: m.ScrollTopFab })));

/** Appears after 100 px of scroll and takes the shopper back to the top. */
export function ScrollTopButton() {
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
    <Suspense fallback={null}>
      <ScrollTopFab />
    </Suspense>
  );
}
