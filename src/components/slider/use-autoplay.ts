import { startTransition, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { canAutoplay, type MotionPreferences } from "./autoplay";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: "change", cb: () => void) => void;
  removeEventListener?: (type: "change", cb: () => void) => void;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function subscribePreferences(cb: () => void) {
  const mq = typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;
  mq?.addEventListener("change", cb);
  connection()?.addEventListener?.("change", cb);
  return () => {
    mq?.removeEventListener("change", cb);
    connection()?.removeEventListener?.("change", cb);
  };
}

function readPreferencesKey(): string {
  const reduced = typeof window.matchMedia === "function" && window.matchMedia(REDUCED_MOTION).matches;
  const save = connection()?.saveData === true;
  return `${reduced ? 1 : 0}${save ? 1 : 0}`;
}

/** The shopper's reduced-motion and data-saving wishes, kept current. */
export function useMotionPreferences(): MotionPreferences {
  const key = useSyncExternalStore(subscribePreferences, readPreferencesKey, () => "10");
  return { reducedMotion: key[0] === "1", saveData: key[1] === "1" };
}

/** Whether the element is on screen (true where IntersectionObserver is missing). */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) =>
      startTransition(() => setOnScreen(entries.some((e) => e.isIntersecting))),
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return onScreen;
}

export interface Autoplay {
  /** Spread on the slider's root: pauses on hover and while focus is inside. */
  holdProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (e: React.FocusEvent<HTMLElement>) => void;
  };
  /** Autoplay is possible at all (not reduced motion or data saving, more than one slide). */
  isAvailable: boolean;
  isStopped: boolean;
  toggleStopped: () => void;
  reducedMotion: boolean;
}

/**
 * Calls `advance` every `delayMs` while the slider may autoplay (SPEC §9 timings): paused on hover and
 * focus, by the pause button, off screen, and never with reduced motion or data saving.
 */
export function useAutoplay(
  ref: RefObject<HTMLElement | null>,
  advance: () => void,
  delayMs: number,
  slideCount: number,
): Autoplay {
  const prefs = useMotionPreferences();
  const isVisible = useOnScreen(ref);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const advanceRef = useRef(advance);
  useEffect(() => {
    advanceRef.current = advance;
  });
  const running = canAutoplay({
    ...prefs,
    isHovered: isHovered || isFocused,
    isStopped,
    isVisible,
    slideCount,
  });
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      // a timed slide change is a background render (in short slices), never a long task
      if (document.visibilityState !== "hidden") startTransition(() => advanceRef.current());
    }, delayMs);
    return () => window.clearInterval(id);
  }, [running, delayMs]);

  return {
    holdProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
    isAvailable: !prefs.reducedMotion && !prefs.saveData && slideCount > 1,
    isStopped,
    toggleStopped: () => setStopped((s) => !s),
    reducedMotion: prefs.reducedMotion,
  };
}
