/**
 * The shopper's first interaction with the page (a touch, click, key, wheel or scroll). Code that only an
 * interaction needs loads then: sliders already on the first screen start Swiper, the toast host loads
 * notistack; a first visit that nobody touches downloads none of it.
 */
const EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;
let interacted = false;
let listening = false;
const waiting = new Set<() => void>();

function onInteraction() {
  interacted = true;
  for (const type of EVENTS) window.removeEventListener(type, onInteraction, true);
  for (const cb of [...waiting]) cb();
  waiting.clear();
}

/** Calls `cb` now if the shopper has interacted with the page, or at the first interaction; returns a cancel. */
export function afterFirstInteraction(cb: () => void): () => void {
  if (interacted) {
    cb();
    return () => undefined;
  }
  if (!listening) {
    listening = true;
    for (const type of EVENTS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
  waiting.add(cb);
  return () => waiting.delete(cb);
}
