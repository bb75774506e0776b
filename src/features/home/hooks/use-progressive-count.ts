import { startTransition, useEffect, useState } from "react";

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Counts from 0 up to `total`, one step per idle moment of the main thread: long pages mount their
 * blocks one task at a time instead of in one long task after the first screen.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    const w = window as IdleWindow;
    // each block renders in a transition: in short slices, not one long task
    const step = () => startTransition(() => setCount((c) => Math.min(c + 1, total)));
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(step, { timeout: 300 });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(step, 16);
    return () => window.clearTimeout(id);
  }, [count, total]);
  return count;
}
