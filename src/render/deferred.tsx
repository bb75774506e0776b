import { useDeferredValue, type ReactNode } from "react";
import { useDeferredInitial } from "@/render/first-page";

/**
 * Shows `fallback` first and renders `children` in a background pass right after. React cuts a
 * background (deferred) render into short slices, so mounting a large tree never blocks the page for long,
 * even when the update that mounts it is an urgent one (a store or router change).
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, useDeferredInitial(false));
  return <>{ready ? children : fallback}</>;
}
