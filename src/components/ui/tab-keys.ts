import type { KeyboardEvent } from "react";

/**
 * A plain tablist's keys, as MUI's Tabs: the arrow keys (left/right, or up/down when `vertical`), Home and End
 * move the focus along the tabs, the button siblings of the focused one; a click or Enter/Space selects.
 */
export function moveTabFocus(e: KeyboardEvent<HTMLButtonElement>, vertical = false): void {
  const tabs = [...(e.currentTarget.parentElement?.children ?? [])].filter(
    (el): el is HTMLButtonElement => el instanceof HTMLButtonElement,
  );
  const at = tabs.indexOf(e.currentTarget);
  const isForward = vertical ? e.key === "ArrowDown" : e.key === "ArrowRight";
  const isBack = vertical ? e.key === "ArrowUp" : e.key === "ArrowLeft";
  const next = isForward
    ? (at + 1) % tabs.length
    : isBack
      ? (at - 1 + tabs.length) % tabs.length
      : e.key === "Home"
        ? 0
        : e.key === "End"
          ? tabs.length - 1
          : null;
  if (next === null) return;
  e.preventDefault();
  tabs[next]?.focus();
}
