import { lazy, Suspense, useEffect, useState } from "react";

export const SCROLL_TOP_THRESHOLD = 100;

const ScrollTopFab = lazy(() => import("./scroll-top-fab").then((m) => ({ default: m.ScrollTopFab })));

/** Appears after 100 px of scroll and takes the shopper back to the top. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Only on scroll events: reading scrollY while the page is still being laid out forces a layout.
    // A page opened already scrolled (reload, back) gets a scroll event when the position is restored.
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <ScrollTopFab />
    </Suspense>
  );
}
