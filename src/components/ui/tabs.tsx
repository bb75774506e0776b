import { useId, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A plain tablist's keys, as MUI's Tabs: the arrow keys (left/right, or up/down when `vertical`), Home and End
 * move the focus along the tabs; a click or Enter/Space selects (manual activation, so the panel does not change
 * while the shopper moves along the tabs).
 */
function moveTabFocus(e: KeyboardEvent<HTMLButtonElement>, vertical: boolean): void {
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
  const tab = tabs[next];
  tab?.focus();
  // A bar wider than the screen scrolls: the focused tab comes whole into view (focus() stops at a part of it).
  if (typeof tab?.scrollIntoView === "function") tab.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * MUI's Tabs as plain elements (`.ui-tabs`/`.ui-tab` in ui.css): the tab bar and one tabpanel holding `children`,
 * the selected tab's content. Every tab controls that one panel, so each aria-controls names an element in the
 * page (the server-rendered one included); the panel is labelled by the selected tab. Only the selected tab is
 * in the Tab order (roving tabIndex).
 */
export function Tabs<T extends string | number>({
  label,
  tabs,
  selected,
  onSelect,
  orientation = "horizontal",
  className,
  panelClassName,
  children,
}: {
  /** the tablist's accessible name */
  label?: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  orientation?: "horizontal" | "vertical";
  /** the bar's own modifier class */
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const vertical = orientation === "vertical";
  const tabId = (value: T) => `${id}-tab-${value}`;
  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className={`ui-tabs${vertical ? " ui-tabs--vertical" : ""}${className ? ` ${className}` : ""}`}
      >
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            className="ui-tab"
            id={tabId(tab.value)}
            aria-controls={`${id}-panel`}
            aria-selected={tab.value === selected}
            tabIndex={tab.value === selected ? 0 : -1}
            onClick={() => {
              if (tab.value !== selected) onSelect(tab.value);
            }}
            onKeyDown={(e) => moveTabFocus(e, vertical)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)} className={panelClassName}>
        {children}
      </div>
    </>
  );
}
