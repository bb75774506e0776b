import { startTransition, useEffect, useState } from "react";
import { whenIdle } from "@/utils/idle";

/**
 * Counts from 0 up to `total`, one step per idle moment of the main thread: long pages mount their
 * blocks one task at a time instead of in one long task after the first screen.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    // each block renders in a transition: in short slices, not one long task
    return whenIdle(() => startTransition(() => setCount((c) => Math.min(c + 1, total))), 300, 16);
  }, [count, total]);
  return count;
}
