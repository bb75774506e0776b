import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Mounts `children` when their place comes within half a screen of the viewport (or at the first Tab
 * key press, so that keyboard users reach everything), in a background render. Until then a placeholder
 * of `minHeight` keeps what follows below the fold. Long pages then do at load only the work the first
 * screen needs.
 */
export function RevealOnView({ children, minHeight = "100vh" }: { children: ReactNode; minHeight?: string }) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const el = placeholder.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      show();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS margin, not text
      rootMargin: "0px 0px 50% 0px",
    });
    observer.observe(el);
    const onKey = (e: KeyboardEvent) => e.key === "Tab" && show();
    window.addEventListener("keydown", onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener("keydown", onKey);
    };
  }, [shown]);

  if (shown) return <>{children}</>;
  return <div ref={placeholder} aria-busy="true" data-reveal-pending="" style={{ minHeight }} />;
}
